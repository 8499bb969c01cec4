import { quoteIdent, RECORD_ID_COLUMN } from './columns';
import { sqlString } from './sql';

/* How the request engine sees a dataset: a view over its records file (server/engine/duckdb/views.ts keeps them). */

/**
 * A record id as served: the 16 lower-case hex digits of the UBIGINT content hash stored in `__id`
 * (records.ts). Formatted in the view, so that the file keeps 8 bytes a record (40-character text
 * ids were most of the time of writing a records file).
 */
export const RECORD_ID_TEXT = `printf('%016x', ${quoteIdent(RECORD_ID_COLUMN)})`;

export function viewSql(table: string, file: string): string {
  return `CREATE OR REPLACE VIEW ${quoteIdent(table)} AS SELECT * REPLACE (${RECORD_ID_TEXT} AS ${quoteIdent(RECORD_ID_COLUMN)}) FROM read_parquet(${sqlString(file)});`;
}
