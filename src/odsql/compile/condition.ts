import type { Expr } from '../ast';

/** Expression kinds that are conditions: a value compiler meeting one hands it to the condition compiler. */
const PREDICATE_KINDS: ReadonlySet<string> = new Set([
  'compare',
  'logical',
  'not',
  'fulltext',
  'like',
  'in_list',
  'in_range',
  'contains',
  'is_null',
  'is_bool',
]);

export function isPredicateNode(e: Expr): boolean {
  return PREDICATE_KINDS.has(e.kind);
}

/** A condition as a two-valued boolean: NULL (unknown) becomes false. */
export function definite(sql: string, falseSql: string): string {
  return `coalesce(${sql}, ${falseSql})`;
}
