import type { Expr, GroupByItem, OrderByItem, SelectItem } from '../ast';
import type { Diagnostic } from '../errors';
import { parseGroupBy, parseOrderBy, parseSelect, parseWhere } from './clauses';
import type { ParseResult } from './core';

/*
 * Test support for the parser tests: unwrap a parse result or its diagnostic, failing loudly.
 */

export function ok<T>(result: ParseResult<T>): T {
  if (!result.ok) throw new Error(`parse failed: ${result.diagnostic.message}`);
  return result.value;
}

export function fail<T>(result: ParseResult<T>): Diagnostic {
  if (result.ok) throw new Error(`parsed: ${JSON.stringify(result.value).slice(0, 300)}`);
  return result.diagnostic;
}

/** The condition of a where clause. */
export function where(text: string): Expr {
  return ok(parseWhere(text)).condition;
}

export function selectItems(text: string): readonly SelectItem[] {
  return ok(parseSelect(text)).items;
}

/** The expression of a one-item select clause (value mode: strings are values, not searches). */
export function value(text: string): Expr {
  const [item, ...rest] = selectItems(text);
  if (!item || rest.length > 0 || item.kind !== 'expr') throw new Error(`not one expression: ${text}`);
  return item.expr;
}

export function groupItems(text: string): readonly GroupByItem[] {
  return ok(parseGroupBy(text)).items;
}

export function orderItems(text: string): readonly OrderByItem[] {
  return ok(parseOrderBy(text)).items;
}

/** Shorthands for expected nodes in `toMatchObject`. */
export const field = (name: string, quoted = false) => ({ kind: 'field', name, quoted });
export const num = (v: number, raw = String(v)) => ({ kind: 'number', value: v, raw });
export const str = (v: string) => ({ kind: 'string', value: v });
