import { quoteIdent } from './columns';
import { sqlString } from './sql';

/*
 * The statements that stage a source as it is, before the records writer (records.ts) types its values:
 * DuckDB's source readers (server/engine/duckdb/readers.ts) and the compiler's test database stage their
 * rows through them.
 */

export interface SourceColumn {
  readonly name: string;
  /** DuckDB type, as `duckdb_columns()` spells it (`BIGINT`, `VARCHAR[]`, `STRUCT(…)`…). */
  readonly type: string;
}

/** Reads a JSON array of objects (`json`) or one object a line (`ndjson`), every row sampled for types. */
export function jsonReaderSql(path: string, format: 'json' | 'ndjson'): string {
  const layout = format === 'json' ? 'array' : 'newline_delimited';
  return `read_json(${sqlString(path)}, format = ${sqlString(layout)}, records = true, sample_size = -1)`;
}

/** Loads the rows of a reader into the staging table `table`, in file order (its `rowid` is the position). */
export function stagingTableSql(table: string, reader: string): string {
  return `CREATE OR REPLACE TABLE ${quoteIdent(table)} AS SELECT * FROM ${reader}`;
}

/** The columns of a table, one a row: name, type. */
export function describeTableSql(table: string): string {
  return `DESCRIBE ${quoteIdent(table)}`;
}

/** The table's columns, one a row: name, type, and the table's row count (one round trip for both). */
export function describeTableCountedSql(table: string): string {
  return `SELECT column_name, column_type, (SELECT count(*) FROM ${quoteIdent(table)}) FROM (DESCRIBE ${quoteIdent(table)})`;
}

/** The columns a query yields, one a row: name, type. */
export function describeQuerySql(from: string): string {
  return `DESCRIBE SELECT * FROM ${from}`;
}

/** The columns of a result row as source columns. */
export function sourceColumns(rows: readonly (readonly unknown[])[]): SourceColumn[] {
  return rows.map(([name, type]) => ({ name: String(name), type: String(type) }));
}
