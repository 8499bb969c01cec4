import { type Expr, type OrderByItem, type SelectClause, unwrap } from '../ast';
import { lookupFunction } from '../functions';
import { printExpr } from '../print';
import { describeType, isGeo, type PostProcess, type Scope, type Sql } from './context';

/** One output column of a query: its JSON key, its compiled value, and whether it is a group key. */
export interface Column {
  readonly key: string;
  readonly value: Sql;
  readonly role: 'value' | 'group_key';
}

/** What callers learn of an output column. */
export interface OutputColumn {
  /** The JSON key: the field name, the label given with `as`, or the expression as written. */
  readonly key: string;
  readonly post?: PostProcess;
}

export function outputColumn(c: Column): OutputColumn {
  return c.value.post ? { key: c.key, post: c.value.post } : { key: c.key };
}

export function checkSortable(value: Sql, item: OrderByItem, scope: Scope): void {
  if (isGeo(value.type) || value.type === 'json' || value.type === 'geometry' || value.multivalued) {
    scope.fail('cannotSort', { expression: item.text, type: describeType(value) }, item.expr);
  }
}

/** `pop*` matches names starting with `pop`; `*` alone matches every name. */
export function matchesPattern(name: string, pattern: string): boolean {
  if (pattern.endsWith('*')) return name.toLowerCase().startsWith(pattern.slice(0, -1).toLowerCase());
  return name.toLowerCase() === pattern.toLowerCase();
}

export function selectAlias(select: SelectClause | undefined, name: string): Expr | undefined {
  const item = select?.items.find((i) => i.kind === 'expr' && i.alias?.name === name);
  return item?.kind === 'expr' ? item.expr : undefined;
}

export function sameExpr(a: Expr, b: Expr): boolean {
  return printExpr(unwrap(a)).toLowerCase() === printExpr(unwrap(b)).toLowerCase();
}

/** Field references of an expression that are not inside an aggregation. */
export function fieldsOutsideAggregates(e: Expr): Extract<Expr, { kind: 'field' }>[] {
  switch (e.kind) {
    case 'field':
      return [e];
    case 'call':
      if (lookupFunction(e.name)?.kind === 'aggregate') return [];
      return e.args.flatMap(fieldsOutsideAggregates);
    case 'paren':
      return fieldsOutsideAggregates(e.inner);
    case 'negate':
    case 'not':
      return fieldsOutsideAggregates(e.operand);
    case 'arith':
    case 'compare':
    case 'logical':
      return [...fieldsOutsideAggregates(e.left), ...fieldsOutsideAggregates(e.right)];
    case 'named':
      return fieldsOutsideAggregates(e.value);
    case 'like':
    case 'is_null':
    case 'is_bool':
      return fieldsOutsideAggregates(e.operand);
    case 'in_list':
      return [e.operand, ...e.values].flatMap(fieldsOutsideAggregates);
    case 'in_range':
      return [e.operand, e.low, e.high].flatMap(fieldsOutsideAggregates);
    case 'contains':
      return [e.field, ...fieldsOutsideAggregates(e.value)];
    case 'range':
      return fieldsOutsideAggregates(e.operand);
    default:
      return [];
  }
}
