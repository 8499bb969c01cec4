import type {
  GroupByClause,
  GroupByItem,
  OrderByClause,
  OrderByItem,
  SelectClause,
  SelectItem,
  Span,
  WhereClause,
} from '../ast';
import { inClause } from '../errors';
import { MAX_GROUP_BY_ITEMS, MAX_LIST_ITEMS, MAX_ORDER_BY_ITEMS, MAX_SELECT_ITEMS } from '../limits';
import { RESERVED_WORDS } from '../vocabulary';
import { type ParseResult, Parser } from './core';

function tagged<T>(
  result: ParseResult<T>,
  clause: 'select' | 'where' | 'group_by' | 'order_by',
): ParseResult<T> {
  return result.ok ? result : { ok: false, diagnostic: inClause(result.diagnostic, clause) };
}

function expectEnd(p: Parser, expected: readonly string[]): void {
  if (!p.atEnd()) p.fail(expected);
}

/** `select`: `*`, `include(pattern*)`, `exclude(…)`, or expressions with optional `as label`. */
export function parseSelect(source: string): ParseResult<SelectClause> {
  return tagged(
    Parser.run(source, 'value', (p) => {
      const items: SelectItem[] = [];
      do items.push(parseSelectItem(p));
      while (p.eatPunct(','));
      expectEnd(p, [',', 'as', 'an operator']);
      p.limitList(items, MAX_SELECT_ITEMS, 'tooManySelectItems', {});
      return { kind: 'select', items } satisfies SelectClause;
    }),
    'select',
  );
}

function parseSelectItem(p: Parser): SelectItem {
  const t = p.peek();
  if (t.kind === 'punct' && t.value === '*' && (p.isPunct(',', 1) || p.peek(1).kind === 'eof')) {
    p.next();
    return { kind: 'all', from: t.from, to: t.to };
  }
  const word = t.kind === 'ident' ? t.value.toLowerCase() : '';
  if ((word === 'include' || word === 'exclude') && p.isPunct('(', 1)) {
    p.next();
    p.next();
    const patterns: Pattern[] = [];
    do patterns.push(parsePattern(p));
    while (p.eatPunct(','));
    const close = p.expectPunct(')');
    p.limitList(patterns, MAX_LIST_ITEMS, 'tooManyArguments', { name: t.value });
    return { kind: word, patterns: patterns.map((q) => q.pattern), from: t.from, to: close.to };
  }
  const expr = p.parseExpression();
  const text = p.text(expr);
  const alias = p.parseAlias();
  return { kind: 'expr', expr, text, ...(alias ? { alias } : {}), from: expr.from, to: alias?.to ?? expr.to };
}

interface Pattern extends Span {
  readonly pattern: string;
}

/** A field-name pattern: a name, a prefix followed by `*`, or `*` alone. */
function parsePattern(p: Parser): Pattern {
  const t = p.peek();
  let name = '';
  if (t.kind === 'ident' || t.kind === 'quoted_ident') {
    p.next();
    name = t.value;
  }
  const star = p.peek();
  // The star of a prefix must follow the name immediately (`pop*`); a lone `*` may stand anywhere.
  if (star.kind === 'punct' && star.value === '*' && (name === '' || !star.spaceBefore)) {
    p.next();
    return { pattern: `${name}*`, from: name === '' ? star.from : t.from, to: star.to };
  }
  if (name === '') p.fail(['a field name pattern']);
  return { pattern: name, from: t.from, to: t.to };
}

/** `where`: a boolean expression; bare strings are full-text searches. */
export function parseWhere(source: string): ParseResult<WhereClause> {
  return tagged(
    Parser.run(source, 'filter', (p) => {
      const condition = p.parseExpression();
      expectEnd(p, ['and', 'or', 'an operator']);
      return { kind: 'where', condition } satisfies WhereClause;
    }),
    'where',
  );
}

/** `group_by`: comma-separated keys, each with an optional `as label`. */
export function parseGroupBy(source: string): ParseResult<GroupByClause> {
  return tagged(
    Parser.run(source, 'value', (p) => {
      const items: GroupByItem[] = [];
      do {
        const expr = p.parseExpression();
        const text = p.text(expr);
        const alias = p.parseAlias();
        items.push({ expr, text, ...(alias ? { alias } : {}), from: expr.from, to: alias?.to ?? expr.to });
      } while (p.eatPunct(','));
      expectEnd(p, [',', 'as']);
      p.limitList(items, MAX_GROUP_BY_ITEMS, 'tooManyGroupByKeys', {});
      return { kind: 'group_by', items } satisfies GroupByClause;
    }),
    'group_by',
  );
}

/** `order_by`: comma-separated expressions, each optionally `asc` or `desc` (or prefixed by `-`). */
export function parseOrderBy(source: string): ParseResult<OrderByClause> {
  return tagged(
    Parser.run(source, 'value', (p) => {
      const items: OrderByItem[] = [];
      do items.push(parseOrderByItem(p));
      while (p.eatPunct(','));
      expectEnd(p, [',', 'asc', 'desc']);
      p.limitList(items, MAX_ORDER_BY_ITEMS, 'tooManySortKeys', {});
      return { kind: 'order_by', items } satisfies OrderByClause;
    }),
    'order_by',
  );
}

function parseOrderByItem(p: Parser): OrderByItem {
  const first = p.peek();
  // `-population` (descending) is a client convention; it applies to a lone field name only.
  const next = p.peek(1);
  const nameFollows =
    next.kind === 'quoted_ident' || (next.kind === 'ident' && !RESERVED_WORDS.has(next.value.toLowerCase()));
  if (
    first.kind === 'punct' &&
    first.value === '-' &&
    nameFollows &&
    !p.isPunct('(', 2) &&
    (p.isPunct(',', 2) || p.peek(2).kind === 'eof')
  ) {
    p.next();
    const expr = p.parseFieldName();
    return { expr, direction: 'desc', text: p.text(expr), from: first.from, to: expr.to };
  }
  const expr = p.parseExpression();
  const text = p.text(expr);
  const dir = p.peek();
  const word = dir.kind === 'ident' ? dir.value.toLowerCase() : '';
  if (word === 'asc' || word === 'desc') {
    p.next();
    return { expr, direction: word, text, from: expr.from, to: dir.to };
  }
  return { expr, text, from: expr.from, to: expr.to };
}
