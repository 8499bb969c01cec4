import type { Call } from '../ast';
import { offsetSpans } from '../time/transitions';
import { describeExpr, describeType, isGeo, isTemporal, type Scope, type Sql } from './context';
import type { GeoFieldType } from './dialect';
import { instantText, wallClockOfDateLiteral } from './literals';

/*
 * Checked arguments of function calls. An argument is compiled through the scope's compilers, so this
 * module does not import the value compiler (which imports it).
 */

export function distanceSql(geo: Sql, lat: number, lon: number, scope: Scope): string {
  const pLat = scope.params.double(lat);
  const pLon = scope.params.double(lon);
  return scope.dialect.geoDistance(geo.sql, geo.type as GeoFieldType, pLat, pLon);
}

export function textArgument(e: Call, index: number, scope: Scope): Sql {
  const node = e.args[index]!;
  const arg = scope.compilers.value(node, scope);
  if (arg.type !== 'text' || arg.multivalued) {
    scope.fail(
      'expectsText',
      { name: e.name, expression: describeExpr(scope, arg, node), type: describeType(arg) },
      node,
    );
  }
  return arg;
}

export function geoArgument(e: Call, index: number, scope: Scope): Sql {
  const node = e.args[index]!;
  const arg = scope.compilers.value(node, scope);
  if (!isGeo(arg.type)) {
    scope.fail(
      'expectsGeo',
      { name: e.name, expression: describeExpr(scope, arg, node), type: describeType(arg) },
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
  const arg = scope.compilers.value(node, scope);
  if (!isTemporal(arg.type)) {
    scope.fail(
      'expectsDate',
      { name: e.name, expression: describeExpr(scope, arg, node), type: describeType(arg) },
      node,
    );
  }
  if (arg.type === 'date') return { ...arg, sql: scope.dialect.dateAsWallClock(arg.sql) };
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
  const spans = range
    ? offsetSpans(scope.options.timezone, range.min, range.max + 1, scope.dialect.maxOffsetSpans)
    : undefined;
  if (!spans) return scope.dialect.wallClock(value.sql, zone);
  return scope.dialect.shiftedWallClock(
    value.sql,
    spans.map((s) => ({
      ...(s.until !== undefined
        ? { until: scope.dialect.instantLiteral(instantText(s.until), scope.params) }
        : {}),
      seconds: scope.params.number(s.offsetMs / 1000),
    })),
  );
}
