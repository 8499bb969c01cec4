import type { Call, CompareOp, Expr, Span } from '../ast';
import { lookupFunction } from '../functions';
import { instantRange, wallClockOf } from './arguments';
import { definite } from './condition';
import {
  type Condition,
  describeExpr,
  describeType,
  isGeo,
  isNumeric,
  isTemporal,
  type Scope,
  type Sql,
} from './context';
import { compileGeoFilter } from './geo-predicates';
import { coerceLiteral, instantOfDateLiteral, wallClockOfDateLiteral } from './literals';
import { compileLike, compileTextFilter, matchTerms, searchColumnTokens } from './text-search';
import { compileValue } from './values';

function safe(sql: string, aggregate = false): Condition {
  return { sql, aggregate };
}

export function compileCondition(e: Expr, scope: Scope): Condition {
  switch (e.kind) {
    case 'paren':
      return compileCondition(e.inner, scope);
    case 'logical': {
      const left = compileCondition(e.left, scope);
      const right = compileCondition(e.right, scope);
      return {
        sql: `(${left.sql} ${e.op.toUpperCase()} ${right.sql})`,
        aggregate: left.aggregate || right.aggregate,
      };
    }
    case 'not': {
      const inner = compileCondition(e.operand, scope);
      return { sql: `(NOT ${definite(inner.sql, scope.dialect.false)})`, aggregate: inner.aggregate };
    }
    case 'boolean':
      return { sql: e.value ? scope.dialect.true : scope.dialect.false, aggregate: false };
    case 'fulltext':
      return matchTerms(searchColumnTokens(scope), e.text, 'exact', scope);
    case 'compare':
      return compileCompare(e.op, e.left, e.right, e, scope);
    case 'like':
      return compileLike(e, scope);
    case 'in_list':
      return compileInList(e, scope);
    case 'in_range':
      return compileInRange(e, scope);
    case 'contains': {
      const field = compileValue(e.field, scope);
      const value = coerceLiteral(
        compileValue(e.value, scope),
        { ...field, multivalued: false },
        e.value,
        e.field,
        scope,
      );
      if (field.multivalued) return safe(scope.dialect.listContains(field.sql, value.sql));
      return safe(`(${field.sql} = ${value.sql})`);
    }
    case 'is_null': {
      const v = compileValue(e.operand, scope);
      const isNull = v.multivalued ? scope.dialect.noValues(v.sql) : `(${v.sql} IS NULL)`;
      return { sql: e.negated ? `(NOT ${isNull})` : isNull, aggregate: v.aggregate };
    }
    case 'is_bool': {
      const v = compileValue(e.operand, scope);
      if (v.type !== 'boolean')
        scope.fail(
          'isBooleanNeedsBoolean',
          {
            value: e.value ? 'TRUE' : 'FALSE',
            expression: describeExpr(scope, v, e.operand),
            type: describeType(v),
          },
          e.operand,
        );
      const test = `(${v.sql} IS ${e.value ? 'TRUE' : 'FALSE'})`;
      return { sql: e.negated ? `(NOT ${test})` : test, aggregate: v.aggregate };
    }
    case 'call':
      return compileFilterCall(e, scope);
    case 'field': {
      const v = compileValue(e, scope);
      if (v.type !== 'boolean') {
        scope.fail('notBoolean', { name: e.name, type: describeType(v) }, e);
      }
      return safe(v.sql);
    }
    default: {
      const v = compileValue(e, scope);
      if (v.type !== 'boolean') {
        scope.fail(
          'expectedCondition',
          { expression: scope.source.slice(e.from, e.to), type: describeType(v) },
          e,
        );
      }
      return safe(v.sql, v.aggregate);
    }
  }
}

// ---- Comparisons ----------------------------------------------------------------------------------

const SQL_OPS: Record<CompareOp, string> = {
  '=': '=',
  ':': '=',
  '!=': '<>',
  '<': '<',
  '>': '>',
  '<=': '<=',
  '>=': '>=',
};

function compileCompare(op: CompareOp, leftNode: Expr, rightNode: Expr, span: Span, scope: Scope): Condition {
  let left = compileValue(leftNode, scope);
  let right = compileValue(rightNode, scope);
  const aggregate = left.aggregate || right.aggregate;
  // A comparison with null is false, whatever the operator.
  if (left.type === 'null' || right.type === 'null') return { sql: scope.dialect.false, aggregate };
  if (right.multivalued && !left.multivalued) {
    [left, right] = [right, left];
    [leftNode, rightNode] = [rightNode, leftNode];
    op = flip(op);
  }
  const ordering = op === '<' || op === '>' || op === '<=' || op === '>=';
  const [l, r] = comparable(left, right, leftNode, rightNode, scope, ordering);
  const sqlOp = SQL_OPS[op];
  if (left.multivalued) {
    if (right.multivalued) scope.fail('multivaluedCompared', {}, span);
    if (sqlOp === '=') return safe(scope.dialect.listContains(l, r), aggregate);
    if (sqlOp === '<>') return safe(`(NOT ${scope.dialect.listContains(l, r)})`, aggregate);
    return safe(
      scope.dialect.anyListElement(l, (v) => `${v} ${sqlOp} ${r}`),
      aggregate,
    );
  }
  return safe(`(${l} ${sqlOp} ${r})`, aggregate);
}

function flip(op: CompareOp): CompareOp {
  switch (op) {
    case '<':
      return '>';
    case '>':
      return '<';
    case '<=':
      return '>=';
    case '>=':
      return '<=';
    default:
      return op;
  }
}

/** Brings two values to one comparable SQL domain, converting literals, or fails with a type mismatch. */
export function comparable(
  left: Sql,
  right: Sql,
  leftNode: Expr,
  rightNode: Expr,
  scope: Scope,
  ordering = false,
): [string, string] {
  // `zip_code = 98101` reads the number as text, but ordering text by a number (`name > 5`) would
  // compare strings character by character: refuse it.
  const textVersusNumber = (a: Sql, b: Sql): boolean => a.type === 'text' && !a.literal && isNumeric(b.type);
  if (ordering && (textVersusNumber(left, right) || textVersusNumber(right, left))) {
    scope.fail(
      'cannotOrder',
      {
        left: describeExpr(scope, left, leftNode),
        leftType: describeType(left),
        right: describeExpr(scope, right, rightNode),
        rightType: describeType(right),
      },
      { from: leftNode.from, to: rightNode.to },
    );
  }
  const l = coerceLiteral(left, right, leftNode, rightNode, scope);
  const r = coerceLiteral(right, l, rightNode, leftNode, scope);
  if (isTemporal(l.type) && isTemporal(r.type)) {
    // DATE values have no time zone: compare wall clocks when one side is a DATE, instants otherwise.
    const local = (l.type === 'date' && !l.literal) || (r.type === 'date' && !r.literal);
    return [temporal(l, local, scope), temporal(r, local, scope)];
  }
  const compatible =
    (isNumeric(l.type) && isNumeric(r.type)) ||
    (l.type === r.type && (l.type === 'text' || l.type === 'boolean'));
  if (!compatible) {
    if (isGeo(l.type) || isGeo(r.type)) {
      scope.fail('geoCompared', {}, leftNode);
    }
    scope.fail(
      'cannotCompare',
      {
        left: describeExpr(scope, l, leftNode),
        leftType: describeType(l),
        right: describeExpr(scope, r, rightNode),
        rightType: describeType(r),
      },
      { from: leftNode.from, to: rightNode.to },
    );
  }
  return [l.sql, r.sql];
}

function temporal(s: Sql, local: boolean, scope: Scope): string {
  if (s.literal && (s.literal.kind === 'date' || s.literal.kind === 'string')) {
    const lit = { value: s.literal.value, from: s.literal.from, to: s.literal.to };
    return local ? wallClockOfDateLiteral(lit, scope) : instantOfDateLiteral(lit, scope);
  }
  if (s.type === 'date') {
    const ts = scope.dialect.dateToWallClock(s.sql);
    return local ? ts : scope.dialect.fromWallClock(ts, scope.params.zone(), scope.params, instantRange(s));
  }
  return local ? wallClockOf(s, scope) : s.sql;
}

function compileInList(e: Extract<Expr, { kind: 'in_list' }>, scope: Scope): Condition {
  const operand = compileValue(e.operand, scope);
  const values: string[] = [];
  let operandSql = operand.sql;
  for (const node of e.values) {
    const v = compileValue(node, scope);
    if (v.type === 'null') continue;
    const [l, r] = comparable({ ...operand, multivalued: false }, v, e.operand, node, scope);
    operandSql = l;
    values.push(r);
  }
  if (values.length === 0) return { sql: scope.dialect.false, aggregate: operand.aggregate };
  if (operand.multivalued) return safe(scope.dialect.listHasAny(operand.sql, values), operand.aggregate);
  return safe(`(${operandSql} IN (${values.join(', ')}))`, operand.aggregate);
}

function compileInRange(e: Extract<Expr, { kind: 'in_range' }>, scope: Scope): Condition {
  const operand = compileValue(e.operand, scope);
  if (operand.multivalued) scope.fail('rangeOnMultivalued', {}, e.operand);
  const [l1, low] = comparable(operand, compileValue(e.low, scope), e.operand, e.low, scope, true);
  const [l2, high] = comparable(operand, compileValue(e.high, scope), e.operand, e.high, scope, true);
  return safe(
    `(${l1} ${e.lowInclusive ? '>=' : '>'} ${low} AND ${l2} ${e.highInclusive ? '<=' : '<'} ${high})`,
    operand.aggregate,
  );
}

// ---- Filter functions -----------------------------------------------------------------------------

function compileFilterCall(e: Call, scope: Scope): Condition {
  const spec = lookupFunction(e.name);
  if (spec && !spec.clauses.includes(scope.clause)) {
    scope.fail(
      'functionNotInClause',
      { name: e.name, clause: scope.clause, clauses: spec.clauses.join(', ') },
      e,
    );
  }
  switch (e.name) {
    case 'search':
    case 'suggest':
    case 'startswith':
      return compileTextFilter(e, scope);
    case 'within_distance':
    case 'distance':
    case 'in_bbox':
    case 'bbox':
    case 'intersects':
    case 'disjoint':
    case 'within':
    case 'polygon':
    case 'geometry':
      return compileGeoFilter(e, scope);
    default: {
      const v = compileValue(e, scope);
      if (v.type !== 'boolean')
        scope.fail('expectedConditionCall', { name: e.name, type: describeType(v) }, e);
      return safe(v.sql, v.aggregate);
    }
  }
}
