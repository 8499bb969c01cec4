import { POSITION_COLUMN, quoteIdent } from '../../layout/columns';
import type { Engine } from '../engine/types';

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
  await engine.execute(
    `CREATE OR REPLACE VIEW ${quoteIdent(view)} AS SELECT c.*,
  CAST(coalesce(u.download_count, 0) AS BIGINT) AS ${quoteIdent(fields[0])},
  CAST(coalesce(u.api_call_count, 0) AS BIGINT) AS ${quoteIdent(fields[1])},
  CAST(coalesce(5 * u.download_count + u.api_call_count, 0) AS DOUBLE) AS ${quoteIdent(fields[2])}
FROM ${quoteIdent(table)} c LEFT JOIN ${USAGE_TABLE} u ON u.dataset_id = c.dataset_id
ORDER BY c.${quoteIdent(POSITION_COLUMN)}`,
  );
}
