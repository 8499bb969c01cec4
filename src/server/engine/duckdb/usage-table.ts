import type { Engine } from '../types';

/*
 * The usage counts as a table, and the catalog (as a caller sees it) joined with them: the catalog then
 * sorts and filters on the usage fields (usage/index.ts decides what they mean and when to rewrite).
 */

export const USAGE_TABLE = '__usage';

/** One row of the usage table: a dataset id and its counts. */
export interface UsageRow {
  readonly datasetId: string;
  readonly downloads: number;
  readonly apiCalls: number;
}

/** Rewrites the usage table from the counts, in one statement (values bound as parameters). */
export async function writeUsageTable(engine: Engine, rows: readonly UsageRow[]): Promise<void> {
  await engine.execute(
    `CREATE OR REPLACE TABLE ${USAGE_TABLE} AS SELECT
  unnest(CAST($1 AS VARCHAR[])) AS dataset_id,
  unnest(CAST($2 AS BIGINT[])) AS download_count,
  unnest(CAST($3 AS BIGINT[])) AS api_call_count`,
    [rows.map((r) => r.datasetId), rows.map((r) => r.downloads), rows.map((r) => r.apiCalls)],
  );
}

/**
 * Creates `view`: the catalog table with the usage fields (`fields`: download count, API call count,
 * popularity score = 5 × downloads + API calls) added, in catalog order.
 */
export async function writeUsageView(
  engine: Engine,
  view: string,
  table: string,
  fields: readonly [string, string, string],
): Promise<void> {
  const { dialect } = engine;
  const q = (name: string) => dialect.quoteIdent(name);
  const query = dialect.usageViewQuery(q(table), USAGE_TABLE, [q(fields[0]), q(fields[1]), q(fields[2])], []);
  await engine.execute(dialect.createView(dialect.quoteIdent(view), query));
}
