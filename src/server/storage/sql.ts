/** SQL text helpers for statements built from trusted values (descriptors, our own metadata). */

/** A single-quoted SQL string literal. DuckDB strings have no backslash escapes, only doubled quotes. */
export function sqlString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

/** A SQL list literal of strings. */
export function sqlStringList(values: readonly string[]): string {
  return `[${values.map(sqlString).join(', ')}]`;
}
