import type { DateLit, Expr, GeomLit, Span } from '../ast';
import { normalizeGeometry } from '../geo/normalize';
import { parseGeometryLiteral } from '../geo/parse';
import type { Geometry } from '../geo/types';
import {
  type DateLiteralResult,
  localAsUtcMs,
  localToIsoString,
  parseDateLiteral,
} from '../time/date-literal';
import { describeExpr, describeType, isNumeric, isTemporal, type Scope, type Sql } from './context';

/*
 * Literals of a query (dates, geometries, numbers) read into values and bound as parameters. They
 * compile nothing else, so every expression compiler may use them without an import cycle.
 */

export function dateLiteralValue(
  text: string,
  span: Span,
  scope: Scope,
): Extract<DateLiteralResult, { ok: true }>['value'] {
  const parsed = parseDateLiteral(text);
  if (!parsed.ok) scope.fail('dateLiteral', { detail: parsed.message }, span);
  return parsed.value;
}

/** A date literal as an instant: a wall-clock literal is read in the request time zone. */
export function instantOfDateLiteral(
  e: DateLit | { value: string; from: number; to: number },
  scope: Scope,
): string {
  const v = dateLiteralValue(e.value, e, scope);
  if (v.kind === 'instant') return scope.dialect.instantLiteral(instantText(v.epochMs), scope.params);
  return scope.dialect.zonedLiteral({ text: localToIsoString(v), ms: localAsUtcMs(v) }, scope.params);
}

/** A date literal as a wall-clock TIMESTAMP in the request time zone (to compare with DATE values). */
export function wallClockOfDateLiteral(e: { value: string; from: number; to: number }, scope: Scope): string {
  const v = dateLiteralValue(e.value, e, scope);
  if (v.kind === 'local')
    return scope.dialect.wallClockLiteral({ text: localToIsoString(v), ms: localAsUtcMs(v) }, scope.params);
  return scope.dialect.literalWallClock(instantText(v.epochMs), scope.params);
}

/** An instant as the dialects bind it: its UTC wall-clock text and its epoch milliseconds. */
export function instantText(epochMs: number): { text: string; ms: number } {
  return { text: utcText(epochMs), ms: epochMs };
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
  if (!parsed.ok) scope.fail('geometryLiteral', { detail: parsed.message }, e);
  return { geojson: JSON.stringify(parsed.geometry), ...normalizeGeometry(parsed.geometry) };
}

export function parsedGeometry(e: Expr, scope: Scope): Geometry {
  if (e.kind !== 'geom') return scope.fail('geometryLiteralExpected', {}, e);
  const parsed = parseGeometryLiteral(e.value);
  if (!parsed.ok) scope.fail('geometryLiteral', { detail: parsed.message }, e);
  return parsed.geometry;
}

/** The point of a `geom'POINT(lon lat)'` argument. */
export function pointOf(e: Expr, scope: Scope, what: string): { lon: number; lat: number } {
  const g = parsedGeometry(e, scope);
  if (g.type !== 'Point') scope.fail('expectsPoint', { what, type: g.type }, e);
  return { lon: g.coordinates[0], lat: g.coordinates[1] };
}

/** An integer literal, possibly negative: the arguments of now(), random(), geo_cluster(). */
export function integerLiteral(e: Expr, scope: Scope, what: string): number {
  const inner = e.kind === 'paren' ? e.inner : e;
  if (inner.kind === 'number' && Number.isSafeInteger(inner.value) && !/[.eE]/.test(inner.raw))
    return inner.value;
  if (inner.kind === 'negate') return -integerLiteral(inner.operand, scope, what);
  return scope.fail('mustBeInteger', { what }, e);
}

/** A number literal, possibly negative. */
export function numberLiteral(e: Expr, scope: Scope, what: string): number {
  const inner = e.kind === 'paren' ? e.inner : e;
  if (inner.kind === 'number') return inner.value;
  if (inner.kind === 'negate') return -numberLiteral(inner.operand, scope, what);
  return scope.fail('mustBeNumber', { what }, e);
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
    'literalMismatch',
    {
      literal: scope.source.slice(node.from, node.to),
      literalType: lit.type,
      expression: describeExpr(scope, target, targetNode),
      type: describeType(target),
    },
    node,
  );
}
