import type { Call, Expr, NamedArg, RangeExpr, RangeSpec, Span, Star } from '../ast';
import { lookupFunction } from '../functions';
import { MAX_LIST_ITEMS } from '../limits';
import type { DiagnosticCode, DiagnosticParams } from '../messages';
import type { Token } from '../tokens';

/**
 * What parsing a call needs of the parser (core.ts's Parser has it). Declared here, so that the call
 * parser does not import the parser that calls it back.
 */
export interface Parser {
  peek(offset?: number): Token;
  next(): Token;
  isPunct(value: string, offset?: number): boolean;
  isWord(word: string, offset?: number): boolean;
  eatPunct(value: string): boolean;
  eatWord(word: string): boolean;
  expectPunct(value: string): Token;
  fail(expected: readonly string[], token?: Token): never;
  failAt<C extends DiagnosticCode>(code: C, params: Omit<DiagnosticParams<C>, 'position'>, span: Span): never;
  limitList<C extends DiagnosticCode>(
    items: readonly Span[],
    max: number,
    code: C,
    params: Omit<DiagnosticParams<C>, 'position' | 'count' | 'max'>,
  ): void;
  nested<T>(parse: () => T): T;
  asValues<T>(parse: () => T): T;
  parseExpression(): Expr;
  parseAdditive(): Expr;
}

/** Functions whose arguments may be named: `now(days=-7)`, `geo_cluster(geo, 10, radius=40)`. */
const NAMED_ARG_FUNCTIONS: ReadonlySet<string> = new Set(['now', 'geo_cluster']);

/** A function call, at an identifier followed by `(`. Unknown functions are syntax errors. */
export function parseCall(p: Parser): Expr {
  const nameToken = p.next();
  const name = nameToken.value.toLowerCase();
  if (!lookupFunction(name)) p.failAt('unknownFunctionCall', { name: nameToken.value }, nameToken);
  if (name === 'range') return parseRange(p, nameToken);
  p.expectPunct('(');
  return p.nested(() => {
    const distinct = name === 'count' && p.eatWord('distinct');
    const args: Expr[] = [];
    if (!p.isPunct(')')) {
      do args.push(parseArgument(p, name));
      while (p.eatPunct(','));
    }
    const close = p.expectPunct(')');
    p.limitList(args, MAX_LIST_ITEMS, 'tooManyArguments', { name: nameToken.value });
    const call: Call = {
      kind: 'call',
      name,
      written: nameToken.value,
      args,
      distinct,
      from: nameToken.from,
      to: close.to,
    };
    return call;
  });
}

function parseArgument(p: Parser, functionName: string): Expr {
  const t = p.peek();
  // `count(*` is a lone star missing its `)`: report the `)`, not the star.
  const starEnds = p.isPunct(',', 1) || p.isPunct(')', 1) || p.peek(1).kind === 'eof';
  if (t.kind === 'punct' && t.value === '*' && starEnds) {
    p.next();
    const star: Star = { kind: 'star', from: t.from, to: t.to };
    return star;
  }
  return p.asValues(() => {
    if (NAMED_ARG_FUNCTIONS.has(functionName) && t.kind === 'ident' && p.isPunct('=', 1)) {
      p.next();
      p.next();
      const value = p.parseAdditive();
      const named: NamedArg = {
        kind: 'named',
        name: t.value.toLowerCase(),
        value,
        from: t.from,
        to: value.to,
      };
      return named;
    }
    return p.parseExpression();
  });
}

/**
 * `range(field, 10)`, `range(date, 1 month)`, `range(field, *, 10, 50, *)`, and the older bracket
 * forms `range(field, ]10, 50, 100[)` and `range(field, [1, 2, 3])`.
 */
function parseRange(p: Parser, nameToken: Token): RangeExpr {
  p.expectPunct('(');
  return p.nested(() => {
    const operand = p.parseAdditive();
    p.expectPunct(',');
    let spec: RangeSpec;
    if (p.isPunct('[') || p.isPunct(']')) {
      const open = p.next();
      const bounds: Expr[] = [p.parseAdditive()];
      while (p.eatPunct(',')) bounds.push(p.parseAdditive());
      const close = p.peek();
      if (!(close.kind === 'punct' && (close.value === '[' || close.value === ']'))) p.fail([']', '[']);
      p.next();
      p.limitList(bounds, MAX_LIST_ITEMS, 'tooManyRangeBounds', {});
      spec = { kind: 'static', bounds, openLow: open.value === ']', openHigh: close.value === '[' };
    } else {
      if (p.isWord('equi')) p.failAt('equiRanges', {}, p.peek());
      const items: Expr[] = [];
      do items.push(parseArgument(p, 'range'));
      while (p.eatPunct(','));
      p.limitList(items, MAX_LIST_ITEMS, 'tooManyRangeBounds', {});
      spec = rangeSpec(p, items);
    }
    const close = p.expectPunct(')');
    return { kind: 'range', written: nameToken.value, operand, spec, from: nameToken.from, to: close.to };
  });
}

function rangeSpec(p: Parser, items: readonly Expr[]): RangeSpec {
  const first = items[0]!;
  if (items.length === 1 && first.kind === 'number') return { kind: 'width', width: first };
  if (items.length === 1 && first.kind === 'quantity') return { kind: 'interval', interval: first };
  if (items.length === 1 && first.kind === 'negate') p.failAt('rangeWidthNotPositive', {}, first);
  const openLow = first.kind === 'star';
  const last = items[items.length - 1]!;
  const openHigh = items.length > 1 && last.kind === 'star';
  const bounds = items.slice(openLow ? 1 : 0, openHigh ? -1 : undefined);
  for (const b of bounds) {
    if (b.kind === 'star') p.failAt('rangeStarInside', {}, b);
    if (b.kind === 'quantity') p.failAt('rangeIntervalWithBounds', {}, b);
  }
  if (bounds.length === 0) p.failAt('rangeNoBound', {}, last);
  if (bounds.length === 1 && !openLow && !openHigh) {
    p.failAt('rangeOneBound', {}, first);
  }
  return { kind: 'static', bounds, openLow, openHigh };
}
