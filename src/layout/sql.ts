/** A value bound to a SQL placeholder. Lists bind as SQL lists of their element type. */
export type SqlParam = string | number | boolean | null | readonly string[] | readonly number[];

/** SQL text with positional `$1…$n` placeholders and the values bound to them. */
export interface SqlQuery {
  readonly sql: string;
  readonly params: readonly SqlParam[];
}

/** SQL text helpers for statements built from trusted values (descriptors, our own metadata). */

/** A single-quoted SQL string literal. DuckDB strings have no backslash escapes, only doubled quotes. */
export function sqlString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** A SQL list literal of strings. */
export function sqlStringList(values: readonly string[]): string {
  return `[${values.map(sqlString).join(', ')}]`;
}
