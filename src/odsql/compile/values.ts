import type { Call, DateLit, Expr, GeomLit, Span } from '../ast';
import { lookupFunction, type ValueType } from '../functions';
import { normalizeGeometry } from '../geo/normalize';
import { parseGeometryLiteral } from '../geo/parse';
import type { Geometry } from '../geo/types';
import { type DateLiteralResult, localToIsoString, parseDateLiteral } from '../time/date-literal';
import { evaluateNow } from '../time/now';
import { offsetSpans } from '../time/transitions';
import { compileAggregate } from './aggregates';
import {
  checkArity,
  describeExpr,
  describeType,
  isGeo,
  isNumeric,
  isTemporal,
  type Scope,
  type Sql,
} from './context';
import { compileDateFormat } from './date-format';
import {
  DOUBLE,
  fromWallClock,
  instantFromText,
  shapeFromJson,
  shiftedWallClock,
  wallClock,
} from './dialect';
import { compileCondition, definite, isPredicateNode } from './predicates';
import { fieldColumn } from './storage';

/** Compiles an expression that yields a value (select items, group keys, operands, arguments). */
export function compileValue(e: Expr, scope: Scope): Sql {
  switch (e.kind) {
    case 'field': {
      const field = scope.field(e.name, e);
      return {
        sql: fieldColumn(field, scope.schema.fields.includes(field)),
        type: field.type === 'json' ? 'json' : field.type,
        aggregate: false,
        field,
        ...(field.multivalued ? { multivalued: true } : {}),
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
        sql: shapeFromJson(scope.params.text(JSON.stringify(geometryOf(e, scope)))),
        type: 'geometry',
        aggregate: false,
        literal: e,
      };
    case 'paren':
      return compileValue(e.inner, scope);
    case 'negate': {
      const operand = compileValue(e.operand, scope);
      if (!isNumeric(operand.type)) {
        scope.fail(`Cannot negate ${describeExpr(scope, operand, e.operand)} (${describeType(operand)})`, e);
      }
      return { sql: `(-${operand.sql})`, type: operand.type, aggregate: operand.aggregate };
    }
    case 'arith':
      return compileArith(e, scope);
    case 'call':
      return compileCall(e, scope);
    case 'range':
      return scope.fail('range() can only be used in group_by', e);
    case 'star':
      return scope.fail('* is not a value here', e);
    case 'quantity':
      return scope.fail(
        `A quantity with a unit (${e.raw}${e.unit}) is only an argument of within_distance or range`,
        e,
      );
    case 'named':
      return scope.fail(`Named argument ${e.name}= is only accepted by now() and geo_cluster()`, e);
    default:
      if (isPredicateNode(e)) {
        const cond = compileCondition(e, scope);
        return { sql: definite(cond.sql), type: 'boolean', aggregate: cond.aggregate };
      }
      return scope.fail('Unsupported expression', e);
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
        `Arithmetic operator ${e.op} needs numbers: ${describeExpr(scope, side, node)} is ${describeType(side)}`,
        node,
      );
    }
  }
  const aggregate = left.aggregate || right.aggregate;
  if (e.op === '/') {
    // Division by zero yields null, as the service documents.
    return {
      sql: `(CAST(${left.sql} AS DOUBLE) / NULLIF(CAST(${right.sql} AS DOUBLE), 0))`,
      type: 'double',
      aggregate,
    };
  }
  const type: ValueType = left.type === 'int' && right.type === 'int' ? 'int' : 'double';
  return { sql: `(${left.sql} ${e.op} ${right.sql})`, type, aggregate };
}

// ---- Literals -------------------------------------------------------------------------------------

export function dateLiteralValue(
  text: string,
  span: Span,
  scope: Scope,
): Extract<DateLiteralResult, { ok: true }>['value'] {
  const parsed = parseDateLiteral(text);
  if (!parsed.ok) scope.fail(parsed.message, span);
  return parsed.value;
}

/** A date literal as an instant: a wall-clock literal is read in the request time zone. */
export function instantOfDateLiteral(
  e: DateLit | { value: string; from: number; to: number },
  scope: Scope,
): string {
  const v = dateLiteralValue(e.value, e, scope);
  if (v.kind === 'instant') return instantFromText(scope.params.text(utcText(v.epochMs)));
  return fromWallClock(`CAST(${scope.params.text(localToIsoString(v))} AS TIMESTAMP)`, scope.params.zone());
}

/** A date literal as a wall-clock TIMESTAMP in the request time zone (to compare with DATE values). */
export function wallClockOfDateLiteral(e: { value: string; from: number; to: number }, scope: Scope): string {
  const v = dateLiteralValue(e.value, e, scope);
  if (v.kind === 'local') return `CAST(${scope.params.text(localToIsoString(v))} AS TIMESTAMP)`;
  return wallClock(instantFromText(scope.params.text(utcText(v.epochMs))), scope.params.zone());
}

/** `2020-01-01 12:00:00.000`: an instant as UTC wall-clock text, what a TIMESTAMP is cast from. */
export function utcText(epochMs: number): string {
  return new Date(epochMs).toISOString().replace('T', ' ').replace('Z', '');
}

export function geometryOf(
  e: GeomLit,
  scope: Scope,
): ReturnType<typeof normalizeGeometry> & { geojson: string } {
  const parsed = parseGeometryLiteral(e.value);
  if (!parsed.ok) scope.fail(parsed.message, e);
  return { geojson: JSON.stringify(parsed.geometry), ...normalizeGeometry(parsed.geometry) };
}

export function parsedGeometry(e: Expr, scope: Scope): Geometry {
  if (e.kind !== 'geom') return scope.fail("Expected a geometry literal such as geom'POINT(2.35 48.85)'", e);
  const parsed = parseGeometryLiteral(e.value);
  if (!parsed.ok) scope.fail(parsed.message, e);
  return parsed.geometry;
}

/** The point of a `geom'POINT(lon lat)'` argument. */
export function pointOf(e: Expr, scope: Scope, what: string): { lon: number; lat: number } {
  const g = parsedGeometry(e, scope);
  if (g.type !== 'Point') scope.fail(`${what} expects a point, got a ${g.type}`, e);
  return { lon: g.coordinates[0], lat: g.coordinates[1] };
}

/** An integer literal, possibly negative: the arguments of now(), random(), geo_cluster(). */
export function integerLiteral(e: Expr, scope: Scope, what: string): number {
  const inner = e.kind === 'paren' ? e.inner : e;
  if (inner.kind === 'number' && Number.isSafeInteger(inner.value) && !/[.eE]/.test(inner.raw))
    return inner.value;
  if (inner.kind === 'negate') return -integerLiteral(inner.operand, scope, what);
  return scope.fail(`${what} must be an integer`, e);
}

/** A number literal, possibly negative. */
export function numberLiteral(e: Expr, scope: Scope, what: string): number {
  const inner = e.kind === 'paren' ? e.inner : e;
  if (inner.kind === 'number') return inner.value;
  if (inner.kind === 'negate') return -numberLiteral(inner.operand, scope, what);
  return scope.fail(`${what} must be a number`, e);
}

// ---- Calls ----------------------------------------------------------------------------------------

function compileCall(e: Call, scope: Scope): Sql {
  const spec = lookupFunction(e.name);
  if (!spec) return scope.fail(`Unknown function: ${e.written}`, e);
  if (!spec.clauses.includes(scope.clause)) {
    const where = spec.clauses.join(', ');
    scope.fail(`Function ${e.name}() is not allowed in ${scope.clause} (it can be used in: ${where})`, e);
  }
  if (spec.kind === 'aggregate') return compileAggregate(e, scope);
  if (spec.kind === 'predicate') {
    const cond = compileCondition(e, scope);
    return { sql: cond.sql, type: 'boolean', aggregate: cond.aggregate };
  }
  if (spec.kind === 'grouping') return scope.fail(`Function ${e.name}() can only be used in group_by`, e);
  switch (e.name) {
    case 'length':
    case 'lower': {
      checkArity(e, scope, 1, 1);
      const arg = textArgument(e, 0, scope);
      const sql = e.name === 'length' ? `length(${arg.sql})` : `lower(${arg.sql})`;
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
      return { sql: `${e.name}(${wall.sql})`, type: 'int', aggregate: wall.aggregate, temporalPart: true };
    }
    case 'date_format': {
      checkArity(e, scope, 2, 2);
      const wall = wallClockArgument(e, 0, scope);
      const pattern = e.args[1]!;
      if (pattern.kind !== 'string')
        scope.fail('date_format() needs a quoted pattern as its second argument', pattern);
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
          `ifnull() needs a fallback of the same type as ${describeExpr(scope, value, e.args[0]!)} (${describeType(value)})`,
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
      const fallback = fallbackArg ? jsonOf(compileValue(fallbackArg, scope)) : `to_json(${text.sql})`;
      return {
        sql: `CASE WHEN ${text.sql} IS NULL THEN NULL WHEN json_valid(${text.sql}) THEN CAST(json(${text.sql}) AS VARCHAR) ELSE ${fallback} END`,
        type: 'json',
        aggregate: text.aggregate,
      };
    }
    case 'distance': {
      if (scope.clause === 'where')
        return scope.fail('In where, use within_distance(geo_field, point, distance)', e);
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
          : `json_extract_string(${geo.sql}.geojson, '$.type')`;
      return { sql, type: 'text', aggregate: false };
    }
    case 'random':
      return scope.fail('random() can only be used in order_by', e);
    default:
      return scope.fail(`Function ${e.name}() is not supported here`, e);
  }
}

function compileNow(e: Call, scope: Scope): Sql {
  const args = e.args.map((a) => {
    if (a.kind !== 'named') scope.fail('now() only takes named arguments such as now(days=-7)', a);
    return { name: a.name, value: integerLiteral(a.value, scope, `now() argument ${a.name}`) };
  });
  const result = evaluateNow(args, scope.options.now, scope.options.timezone);
  if (!result.ok) scope.fail(result.message, e);
  // The microseconds past the millisecond (set by microsecond= or microseconds=) extend the fraction.
  const micros = String(result.micros).padStart(3, '0');
  return {
    sql: instantFromText(scope.params.text(`${utcText(result.epochMs)}${micros}`)),
    type: 'datetime',
    aggregate: false,
  };
}

/** JSON text of a value, for json_format's fallback. */
function jsonOf(s: Sql): string {
  return s.type === 'json' ? s.sql : `to_json(${s.sql})`;
}

export function distanceSql(geo: Sql, lat: number, lon: number, scope: Scope): string {
  const pLat = scope.params.double(lat);
  const pLon = scope.params.double(lon);
  if (geo.type === 'geo_point_2d') return `ods_haversine(${geo.sql}.lat, ${geo.sql}.lon, ${pLat}, ${pLon})`;
  return `ods_shape_distance(${geo.sql}, ${pLat}, ${pLon})`;
}

// ---- Argument checks ------------------------------------------------------------------------------

export function textArgument(e: Call, index: number, scope: Scope): Sql {
  const node = e.args[index]!;
  const arg = compileValue(node, scope);
  if (arg.type !== 'text' || arg.multivalued) {
    scope.fail(
      `Function ${e.name}() expects a text argument, got ${describeExpr(scope, arg, node)} (${describeType(arg)})`,
      node,
    );
  }
  return arg;
}

export function geoArgument(e: Call, index: number, scope: Scope): Sql {
  const node = e.args[index]!;
  const arg = compileValue(node, scope);
  if (!isGeo(arg.type)) {
    scope.fail(
      `Function ${e.name}() expects a geo_point_2d or geo_shape field, got ${describeExpr(scope, arg, node)} (${describeType(arg)})`,
      node,
    );
  }
  return arg;
}

/** A date or datetime argument as a wall-clock TIMESTAMP (or DATE) in the request time zone. */
export function wallClockArgument(e: Call, index: number, scope: Scope): Sql {
  const node = e.args[index]!;
  if (node.kind === 'date')
    return { sql: wallClockOfDateLiteral(node, scope), type: 'datetime', aggregate: false };
  const arg = compileValue(node, scope);
  if (!isTemporal(arg.type)) {
    scope.fail(
      `Function ${e.name}() expects a date or datetime, got ${describeExpr(scope, arg, node)} (${describeType(arg)})`,
      node,
    );
  }
  if (arg.type === 'date') return arg;
  return { ...arg, sql: wallClockOf(arg, scope) };
}

/**
 * The wall clock in the request time zone of a datetime value. For a field whose range is known, the
 * zone's offsets over that range are few: they are bound and chosen per value by comparison.
 */
export function wallClockOf(value: Sql, scope: Scope): string {
  const zone = scope.params.zone();
  if (zone === null) return value.sql;
  const range = value.field?.type === 'datetime' ? value.field.range : undefined;
  const spans = range ? offsetSpans(scope.options.timezone, range.min, range.max + 1) : undefined;
  if (!spans) return wallClock(value.sql, zone);
  return shiftedWallClock(
    value.sql,
    spans.map((s) => ({
      ...(s.until !== undefined ? { until: instantFromText(scope.params.text(utcText(s.until))) } : {}),
      seconds: scope.params.number(s.offsetMs / 1000),
    })),
  );
}

/**
 * Converts a literal to the type of the value it meets (`zip = 98101` on a text field, `n = "5"` on a
 * number, a date string against a date), or fails with a type mismatch.
 */
export function coerceLiteral(lit: Sql, target: Sql, node: Expr, targetNode: Expr, scope: Scope): Sql {
  if (!lit.literal || lit.type === 'null' || lit.type === target.type) return lit;
  const l = lit.literal;
  if (isNumeric(target.type) && isNumeric(lit.type)) return lit;
  if (target.type === 'text' && l.kind === 'number')
    return { ...lit, sql: scope.params.text(l.raw), type: 'text' };
  if (target.type === 'text' && l.kind === 'boolean')
    return { ...lit, sql: scope.params.text(String(l.value)), type: 'text' };
  if (isNumeric(target.type) && l.kind === 'string') {
    const n = Number(l.value.trim());
    if (l.value.trim() !== '' && Number.isFinite(n))
      return { ...lit, sql: scope.params.number(n), type: Number.isInteger(n) ? 'int' : 'double' };
  }
  if (target.type === 'boolean' && l.kind === 'string' && /^(true|false)$/i.test(l.value)) {
    return { ...lit, sql: scope.params.boolean(l.value.toLowerCase() === 'true'), type: 'boolean' };
  }
  if (isTemporal(target.type) && (l.kind === 'string' || l.kind === 'date')) {
    return { ...lit, type: 'datetime', literal: { kind: 'date', value: l.value, from: l.from, to: l.to } };
  }
  return scope.fail(
    `Type mismatch: ${scope.source.slice(node.from, node.to)} (${lit.type}) cannot be compared with ${describeExpr(scope, target, targetNode)} (${describeType(target)})`,
    node,
  );
}

/** A value usable where SQL needs a DOUBLE. */
export function asDouble(s: Sql): string {
  return s.type === 'double' ? s.sql : `CAST(${s.sql} AS ${DOUBLE})`;
}
