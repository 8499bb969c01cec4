import type { Call, Expr } from '../ast';
import { lookupFunction, type ValueType } from '../functions';
import { evaluateNow } from '../time/now';
import { distanceSql, geoArgument, instantRange, textArgument, wallClockArgument } from './arguments';
import { definite, isPredicateNode } from './condition';
import { checkArity, describeExpr, describeType, isNumeric, type Scope, type Sql } from './context';
import { compileDateFormat } from './date-format';
import {
  coerceLiteral,
  geometryOf,
  instantOfDateLiteral,
  integerLiteral,
  pointOf,
  utcText,
} from './literals';
import { fieldColumn } from './storage';

/*
 * The value compiler. Conditions and aggregations met inside a value are compiled through the scope's
 * compilers (see expressions.ts), so that this module imports neither and no import cycle forms.
 */

/** Compiles an expression that yields a value (select items, group keys, operands, arguments). */
export function compileValue(e: Expr, scope: Scope): Sql {
  switch (e.kind) {
    case 'field': {
      const field = scope.field(e.name, e);
      return {
        sql: scope.dialect.fieldValue(fieldColumn(field, scope.schema.fields.includes(field)), field.type),
        type: field.type === 'json' ? 'json' : field.type,
        aggregate: false,
        field,
        ...(field.multivalued ? { multivalued: true } : {}),
        ...(field.range ? { range: field.range } : {}),
      };
    }
    case 'string':
      return { sql: scope.params.text(e.value), type: 'text', aggregate: false, literal: e };
    case 'number':
      return {
        sql: scope.params.number(e.value),
        type: Number.isInteger(e.value) && !/[.eE]/.test(e.raw) ? 'int' : 'double',
        aggregate: false,
        literal: e,
      };
    case 'boolean':
      return { sql: scope.params.boolean(e.value), type: 'boolean', aggregate: false, literal: e };
    case 'null':
      return { sql: 'NULL', type: 'null', aggregate: false, literal: e };
    case 'date':
      return { sql: instantOfDateLiteral(e, scope), type: 'datetime', aggregate: false, literal: e };
    case 'geom':
      return {
        sql: scope.dialect.geometryValue(geometryOf(e, scope), scope.params),
        type: 'geometry',
        aggregate: false,
        literal: e,
      };
    case 'paren':
      return compileValue(e.inner, scope);
    case 'negate': {
      const operand = compileValue(e.operand, scope);
      if (!isNumeric(operand.type)) {
        scope.fail(
          'cannotNegate',
          { expression: describeExpr(scope, operand, e.operand), type: describeType(operand) },
          e,
        );
      }
      return { sql: `(-${operand.sql})`, type: operand.type, aggregate: operand.aggregate };
    }
    case 'arith':
      return compileArith(e, scope);
    case 'call':
      return compileCall(e, scope);
    case 'range':
      return scope.fail('rangeOnlyInGroupBy', {}, e);
    case 'star':
      return scope.fail('starNotValue', {}, e);
    case 'quantity':
      return scope.fail('quantityPlace', { quantity: `${e.raw}${e.unit}` }, e);
    case 'named':
      return scope.fail('namedArgument', { name: e.name }, e);
    default:
      if (isPredicateNode(e)) {
        const cond = scope.compilers.condition(e, scope);
        return { sql: definite(cond.sql, scope.dialect.false), type: 'boolean', aggregate: cond.aggregate };
      }
      return scope.fail('unsupportedExpression', {}, e);
  }
}

function compileArith(e: Extract<Expr, { kind: 'arith' }>, scope: Scope): Sql {
  const left = compileValue(e.left, scope);
  const right = compileValue(e.right, scope);
  for (const [side, node] of [
    [left, e.left],
    [right, e.right],
  ] as const) {
    if (!isNumeric(side.type) || side.multivalued) {
      scope.fail(
        'arithmeticNeedsNumbers',
        { operator: e.op, expression: describeExpr(scope, side, node), type: describeType(side) },
        node,
      );
    }
  }
  const aggregate = left.aggregate || right.aggregate;
  if (e.op === '/') {
    // Division by zero yields null, as the service documents.
    return {
      sql: scope.dialect.divide(left.sql, right.sql),
      type: 'double',
      aggregate,
    };
  }
  const type: ValueType = left.type === 'int' && right.type === 'int' ? 'int' : 'double';
  return { sql: `(${left.sql} ${e.op} ${right.sql})`, type, aggregate };
}

// ---- Calls ----------------------------------------------------------------------------------------

function compileCall(e: Call, scope: Scope): Sql {
  const spec = lookupFunction(e.name);
  if (!spec) return scope.fail('unknownFunction', { name: e.written }, e);
  if (!spec.clauses.includes(scope.clause)) {
    const where = spec.clauses.join(', ');
    scope.fail('functionNotInClause', { name: e.name, clause: scope.clause, clauses: where }, e);
  }
  if (spec.kind === 'aggregate') return scope.compilers.aggregate(e, scope);
  if (spec.kind === 'predicate') {
    const cond = scope.compilers.condition(e, scope);
    return { sql: cond.sql, type: 'boolean', aggregate: cond.aggregate };
  }
  if (spec.kind === 'grouping') return scope.fail('functionOnlyInGroupBy', { name: e.name }, e);
  switch (e.name) {
    case 'length':
    case 'lower': {
      checkArity(e, scope, 1, 1);
      const arg = textArgument(e, 0, scope);
      const sql = e.name === 'length' ? scope.dialect.textLength(arg.sql) : scope.dialect.lowerText(arg.sql);
      return { sql, type: e.name === 'length' ? 'int' : 'text', aggregate: arg.aggregate };
    }
    case 'year':
    case 'month':
    case 'day':
    case 'hour':
    case 'minute':
    case 'second': {
      checkArity(e, scope, 1, 1);
      const wall = wallClockArgument(e, 0, scope);
      const sql = scope.dialect.datePart(e.name, wall.sql, instantRange(wall));
      return { sql, type: 'int', aggregate: wall.aggregate, temporalPart: true };
    }
    case 'date_format': {
      checkArity(e, scope, 2, 2);
      const wall = wallClockArgument(e, 0, scope);
      const pattern = e.args[1]!;
      if (pattern.kind !== 'string') scope.fail('dateFormatPattern', {}, pattern);
      return { sql: compileDateFormat(wall.sql, pattern, scope), type: 'text', aggregate: wall.aggregate };
    }
    case 'now':
      return compileNow(e, scope);
    case 'ifnull': {
      checkArity(e, scope, 2, 2);
      const value = compileValue(e.args[0]!, scope);
      const fallback = coerceLiteral(compileValue(e.args[1]!, scope), value, e.args[1]!, e.args[0]!, scope);
      if (
        value.type !== fallback.type &&
        fallback.type !== 'null' &&
        !(isNumeric(value.type) && isNumeric(fallback.type))
      ) {
        scope.fail(
          'ifnullFallback',
          { expression: describeExpr(scope, value, e.args[0]!), type: describeType(value) },
          e.args[1]!,
        );
      }
      return {
        sql: `coalesce(${value.sql}, ${fallback.sql})`,
        type: value.type === 'null' ? fallback.type : value.type,
        aggregate: value.aggregate || fallback.aggregate,
        ...(value.multivalued ? { multivalued: true } : {}),
      };
    }
    case 'json_format': {
      checkArity(e, scope, 1, 2);
      const text = textArgument(e, 0, scope);
      const fallbackArg = e.args[1];
      const fallback = fallbackArg
        ? jsonOf(compileValue(fallbackArg, scope), scope)
        : scope.dialect.toJson(text.sql);
      return {
        sql: scope.dialect.jsonOfText(text.sql, fallback),
        type: 'json',
        aggregate: text.aggregate,
      };
    }
    case 'distance': {
      if (scope.clause === 'where') return scope.fail('withinDistanceInWhere', {}, e);
      checkArity(e, scope, 2, 2);
      const geo = geoArgument(e, 0, scope);
      const { lon, lat } = pointOf(e.args[1]!, scope, 'distance()');
      return { sql: distanceSql(geo, lat, lon, scope), type: 'double', aggregate: false };
    }
    case 'geometry_type': {
      checkArity(e, scope, 1, 1);
      const geo = geoArgument(e, 0, scope);
      const sql =
        geo.type === 'geo_point_2d'
          ? `CASE WHEN ${geo.sql} IS NULL THEN NULL ELSE 'Point' END`
          : scope.dialect.shapeGeometryType(geo.sql);
      return { sql, type: 'text', aggregate: false };
    }
    case 'random':
      return scope.fail('randomOnlyInOrderBy', {}, e);
    default:
      return scope.fail('functionNotHere', { name: e.name }, e);
  }
}

function compileNow(e: Call, scope: Scope): Sql {
  const args = e.args.map((a) => {
    if (a.kind !== 'named') scope.fail('nowNamedOnly', {}, a);
    return { name: a.name, value: integerLiteral(a.value, scope, `now() argument ${a.name}`) };
  });
  const result = evaluateNow(args, scope.options.now, scope.options.timezone);
  if (!result.ok) scope.fail('nowArgument', { detail: result.message }, e);
  // The microseconds past the millisecond (set by microsecond= or microseconds=) extend the fraction.
  const micros = String(result.micros).padStart(3, '0');
  return {
    sql: scope.dialect.instantLiteral(
      { text: `${utcText(result.epochMs)}${micros}`, ms: result.epochMs },
      scope.params,
    ),
    type: 'datetime',
    aggregate: false,
  };
}

/** JSON text of a value, for json_format's fallback. */
function jsonOf(s: Sql, scope: Scope): string {
  return s.type === 'json' ? s.sql : scope.dialect.toJson(s.sql);
}
