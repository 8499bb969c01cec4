import { quoteIdent } from '../../../layout/columns';
import { repeatCountsSql } from '../../../layout/records';
import { sqlString } from '../../../layout/sql';
import type { Engine } from '../types';

/*
 * The scratch objects ingestion works in (ingest/ingest.ts names them): the staged source tables, the
 * table of repeated records, and a view over the records file being written, from which statistics
 * and sort ranges are read before the file is swapped in.
 */

/** Drops the scratch views and tables that exist (one batch of statements). */
export async function dropStaging(
  engine: Engine,
  scratch: { readonly views?: readonly string[]; readonly tables: readonly string[] },
): Promise<void> {
  await engine.execute(
    [
      ...(scratch.views ?? []).map((v) => `DROP VIEW IF EXISTS ${quoteIdent(v)};`),
      ...scratch.tables.map((t) => `DROP TABLE IF EXISTS ${quoteIdent(t)};`),
    ].join('\n'),
  );
}

/** The number of rows of a staged source (`from` is the source's FROM clause, see readers.ts). */
export async function stagedRowCount(engine: Engine, from: string): Promise<number> {
  const [row] = await engine.rows({ sql: `SELECT count(*) FROM ${from}`, params: [] });
  return Number(row?.[0] ?? 0);
}

/** How many records repeat an earlier one, and the most repeats of one record (records.ts). */
export async function repeatCounts(
  engine: Engine,
  repeatsTable: string,
): Promise<{ repeats: number; maxRepeat: number }> {
  const [row] = await engine.rows({ sql: repeatCountsSql(repeatsTable), params: [] });
  return { repeats: Number(row?.[0] ?? 0), maxRepeat: Number(row?.[1] ?? 0) };
}

/**
 * A view over a records file just written, to read its statistics before it is swapped in; the staged
 * `tables` it was written from are dropped in the same round trip.
 */
export async function stagingView(
  engine: Engine,
  view: string,
  file: string,
  tables: readonly string[] = [],
): Promise<void> {
  await engine.execute(stagingViewSql(view, file, tables));
}

/** The statements of `stagingView`, to run after others in one round trip. */
/** The view of the records written to `from` (a Parquet file, or a `table`), after dropping `tables`. */
export function stagingViewSql(
  view: string,
  from: string,
  tables: readonly string[] = [],
  kind: 'file' | 'table' = 'file',
): string {
  const source = kind === 'file' ? `read_parquet(${sqlString(from)})` : quoteIdent(from);
  return [
    ...tables.map((t) => `DROP TABLE IF EXISTS ${quoteIdent(t)};`),
    `CREATE OR REPLACE VIEW ${quoteIdent(view)} AS SELECT * FROM ${source};`,
  ].join('\n');
}
