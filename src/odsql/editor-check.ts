/*
 * The editor's check. The browser does not know which engine the server runs, so it checks against
 * the dialect that refuses no construct of the language (DuckDB's: ClickHouse's refuses a few, see
 * docs/odsql-coverage.md). The editor thus flags what is wrong in the language itself, and a server on
 * an engine that cannot run a construct says so when the query is applied (its 400 is shown as any
 * other server error).
 */
import { checkQueryIn, QUERY_CLAUSES, type QueryClause, type QueryText } from './check';
import type { CompileOptions } from './compile/context';
import { duckdbDialect } from './compile/dialects/duckdb';
import type { Diagnostic } from './errors';
import type { DatasetSchema } from './schema';

export { QUERY_CLAUSES, type QueryClause, type QueryText };

/** Every problem of a query, as checkQueryIn finds it in the dialect that refuses no construct. */
export function checkQuery(
  query: QueryText,
  schema: DatasetSchema,
  options: Partial<Omit<CompileOptions, 'dialect'>> = {},
): Diagnostic[] {
  return checkQueryIn(duckdbDialect, query, schema, options);
}
