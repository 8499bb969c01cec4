import type { SqlParam, SqlQuery } from '../../layout/sql';

export type { SqlParam, SqlQuery };

/**
 * Drops parameters the SQL does not use and renumbers the placeholders in order. Compiling may bind a
 * value and then not use it (a literal converted to another type); DuckDB refuses unused values.
 */
export function compactParams(sql: string, params: readonly SqlParam[]): SqlQuery {
  const used = [...new Set([...sql.matchAll(/\$(\d+)\b/g)].map((m) => Number(m[1])))].sort((a, b) => a - b);
  const renumber = new Map(used.map((old, i) => [old, i + 1]));
  return {
    sql: sql.replace(/\$(\d+)\b/g, (_, n: string) => `$${renumber.get(Number(n))}`),
    params: used.map((old) => params[old - 1]!),
  };
}
