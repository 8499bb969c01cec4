import { type Call, type Expr, type GroupByItem, type RangeExpr, unwrap } from '../ast';
import { zonedToEpoch } from '../time/zones';
import { INTERVAL_UNITS } from '../vocabulary';
import { instantRange, wallClockArgument, wallClockOf } from './arguments';
import {
  checkArity,
  describeExpr,
  describeType,
  isNumeric,
  isTemporal,
  type Scope,
  type Sql,
} from './context';
import { dateFormatKey } from './date-format';
import { dateLiteralValue, instantOfDateLiteral, integerLiteral, numberLiteral } from './literals';
import { compileValue } from './values';

/**
 * A group_by key. `inner` expressions are computed per record in a subquery and grouped on; `output`
 * builds the key's value from those grouped columns; `sort` orders groups by default.
 */
export interface GroupKey {
  readonly label: string;
  readonly expr: Expr;
  readonly alias?: string;
  readonly inner: readonly string[];
  /** The inner expression is a list whose elements are grouped separately (multivalued field). */
  readonly unnest: boolean;
  output(columns: readonly string[]): Sql;
  sort(columns: readonly string[]): readonly string[];
  /** Groups with a null key are dropped (ranges, geo clusters, and every key in v2.0). */
  readonly dropNull: boolean;
}

export function compileGroupKey(item: GroupByItem, scope: Scope): GroupKey {
  const e = unwrap(item.expr);
  const base = {
    label: item.alias?.name ?? labelOf(item, scope),
    expr: item.expr,
    ...(item.alias ? { alias: item.alias.name } : {}),
  };
  if (e.kind === 'range') return { ...base, ...compileRange(e, scope) };
  if (e.kind === 'call' && e.name === 'geo_cluster') return { ...base, ...compileGeoCluster(e, scope) };
  if (e.kind === 'call' && e.name === 'date_format') return { ...base, ...compileDateFormatKey(e, scope) };
  const v = compileValue(item.expr, scope);
  if (v.aggregate) scope.fail('aggregationInGroupBy', {}, item.expr);
  if (v.type === 'geo_shape' || v.type === 'json' || v.type === 'geometry' || v.type === 'null') {
    scope.fail(
      'cannotGroup',
      { expression: describeExpr(scope, v, item.expr), type: describeType(v) },
      item.expr,
    );
  }
  const dropNull = scope.options.version === '2.0';
  return {
    ...base,
    // A record without values (null or an empty list) falls in the null group, like a null scalar.
    inner: [v.multivalued ? scope.dialect.unnestValues(v.sql) : v.sql],
    unnest: v.multivalued === true,
    output: ([c]) => ({ ...v, sql: c!, multivalued: false }),
    // Text groups in reading order, then by the text itself: `Apple` and `apple` are two groups.
    sort: ([c]) => (v.type === 'text' ? [scope.dialect.readingOrder(c!), c!] : [c!]),
    dropNull,
  };
}

/** The key of an unaliased group: the field name, or the expression exactly as written. */
function labelOf(item: GroupByItem, scope: Scope): string {
  const e = unwrap(item.expr);
  if (e.kind === 'field') return scope.field(e.name, e).name;
  return item.text;
}

type KeyParts = Pick<GroupKey, 'inner' | 'unnest' | 'output' | 'sort' | 'dropNull'>;

// ---- range() --------------------------------------------------------------------------------------

function compileRange(e: RangeExpr, scope: Scope): KeyParts {
  const operand = compileValue(e.operand, scope);
  if (operand.aggregate || operand.multivalued || !(isNumeric(operand.type) || isTemporal(operand.type))) {
    scope.fail(
      'rangeNeedsNumberOrDate',
      { expression: describeExpr(scope, operand, e.operand), type: describeType(operand) },
      e.operand,
    );
  }
  const spec = e.spec;
  switch (spec.kind) {
    case 'width':
      if (isTemporal(operand.type)) scope.fail('dateRangeNeedsInterval', {}, spec.width);
      return widthRange(operand, spec.width.value, spec.width, scope);
    case 'interval':
      if (!isTemporal(operand.type)) scope.fail('numberRangeNeedsWidth', {}, spec.interval);
      return intervalRange(operand, spec.interval.value, spec.interval.unit, spec.interval, scope);
    case 'static':
      return staticRange(operand, spec.bounds, spec.openLow, spec.openHigh, scope);
  }
}

const ranged = (inner: string, label: (k: string) => string): KeyParts => ({
  inner: [inner],
  unnest: false,
  output: ([k]) => ({ sql: label(k!), type: 'text', aggregate: false }),
  sort: ([k]) => [k!],
  dropNull: true,
});

function widthRange(operand: Sql, width: number, span: Expr, scope: Scope): KeyParts {
  if (!(width > 0)) scope.fail('rangeWidthPositive', {}, span);
  const d = scope.dialect;
  const w = scope.params.double(width);
  const inner = `floor(${d.cast(operand.sql, 'double')} / ${w}) * ${w}`;
  if (operand.type === 'int' && Number.isInteger(width)) {
    // Integer buckets are written with closed bounds: [0, 14], [15, 29].
    return ranged(inner, (k) =>
      d.concat(["'['", d.integerText(k), "', '", d.integerText(`${k} + ${w} - 1`), "']'"]),
    );
  }
  return ranged(inner, (k) => d.concat(["'['", d.floatText(k), "', '", d.floatText(`${k} + ${w}`), "'['"]));
}

function intervalRange(operand: Sql, value: number, unitWord: string, span: Expr, scope: Scope): KeyParts {
  const unit = INTERVAL_UNITS[unitWord];
  if (!unit) {
    scope.fail('unknownIntervalUnit', { unit: unitWord }, span);
  }
  if (!Number.isInteger(value) || value < 1) scope.fail('intervalWhole', {}, span);
  if (value > 1 && (unit === 'week' || unit === 'month' || unit === 'quarter' || unit === 'year')) {
    scope.fail('intervalMultiples', { unit }, span);
  }
  const d = scope.dialect;
  const tz = scope.params.zone();
  const wall = operand.type === 'date' ? d.dateToWallClock(operand.sql) : wallClockOf(operand, scope);
  const n = scope.params.number(value);
  const start = value === 1 ? d.truncate(unit, wall) : d.timeBucket(d.interval(unit, n), wall);
  return ranged(start, (k) =>
    d.concat([
      "'['",
      d.isoUtcMillis(d.fromWallClock(k, tz, scope.params, instantRange(operand))),
      "', '",
      d.isoUtcMillis(d.fromWallClock(d.addInterval(k, unit, n), tz, scope.params, instantRange(operand))),
      "'['",
    ]),
  );
}

function staticRange(
  operand: Sql,
  boundNodes: readonly Expr[],
  openLow: boolean,
  openHigh: boolean,
  scope: Scope,
): KeyParts {
  const temporal = isTemporal(operand.type);
  const bounds = boundNodes.map((b) => {
    if (temporal) {
      if (b.kind !== 'date' && b.kind !== 'string') scope.fail('dateRangeBounds', {}, b);
      const v = dateLiteralValue(b.value, b, scope);
      const epoch = v.kind === 'instant' ? v.epochMs : zonedToEpoch(v, scope.options.timezone);
      return {
        value: epoch,
        sql: instantOfDateLiteral({ value: b.value, from: b.from, to: b.to }, scope),
        node: b,
      };
    }
    const value = numberLiteral(b, scope, 'A range bound');
    return { value, sql: scope.params.number(value), node: b };
  });
  for (let i = 1; i < bounds.length; i++) {
    if (!(bounds[i]!.value > bounds[i - 1]!.value)) scope.fail('rangeBoundsOrder', {}, bounds[i]!.node);
  }
  const x =
    temporal && operand.type === 'date'
      ? scope.dialect.fromWallClock(
          scope.dialect.dateToWallClock(operand.sql),
          scope.params.zone(),
          scope.params,
          instantRange(operand),
        )
      : operand.sql;
  const closedIntegers = operand.type === 'int' && bounds.every((b) => Number.isInteger(b.value));
  const text = (v: number): string =>
    temporal ? new Date(v).toISOString() : closedIntegers ? String(v) : floatLabel(v);
  const labels: string[] = [];
  const whens: string[] = [];
  if (openLow) {
    labels.push(closedIntegers ? `[*, ${bounds[0]!.value - 1}]` : `[*, ${text(bounds[0]!.value)}[`);
    whens.push(`WHEN ${x} < ${bounds[0]!.sql} THEN ${labels.length - 1}`);
  } else {
    whens.push(`WHEN ${x} < ${bounds[0]!.sql} THEN NULL`);
  }
  for (let i = 0; i + 1 < bounds.length; i++) {
    const lo = bounds[i]!.value;
    const hi = bounds[i + 1]!.value;
    labels.push(closedIntegers ? `[${lo}, ${hi - 1}]` : `[${text(lo)}, ${text(hi)}[`);
    whens.push(`WHEN ${x} < ${bounds[i + 1]!.sql} THEN ${labels.length - 1}`);
  }
  if (openHigh) {
    const last = bounds[bounds.length - 1]!.value;
    labels.push(closedIntegers ? `[${last}, *]` : `[${text(last)}, *[`);
    whens.push(`ELSE ${labels.length - 1}`);
  }
  const inner = `CASE WHEN ${x} IS NULL THEN NULL ${whens.join(' ')} END`;
  const list = scope.params.textList(labels);
  return ranged(inner, (k) => scope.dialect.listElement(list, `${scope.dialect.cast(k, 'integer')} + 1`));
}

/** Python's float repr for whole numbers (`20.0`), shortest form otherwise. */
function floatLabel(v: number): string {
  return Number.isInteger(v) && Math.abs(v) < 1e16 ? `${v}.0` : String(v);
}

// ---- date_format() -------------------------------------------------------------------------------

function compileDateFormatKey(e: Call, scope: Scope): KeyParts {
  checkArity(e, scope, 2, 2);
  const wall = wallClockArgument(e, 0, scope);
  const pattern = e.args[1]!;
  if (pattern.kind !== 'string') scope.fail('dateFormatPattern', {}, pattern);
  const key = dateFormatKey(wall.sql, pattern, scope);
  if (key.components.length === 0) {
    // A pattern of literal text only: one group (or the null group for records without a date).
    return {
      inner: [`CASE WHEN ${wall.sql} IS NULL THEN NULL ELSE 0 END`],
      unnest: false,
      output: ([c]) => ({
        sql: `CASE WHEN ${c} IS NULL THEN NULL ELSE ${key.label([])} END`,
        type: 'text',
        aggregate: false,
      }),
      sort: ([c]) => [c!],
      dropNull: scope.options.version === '2.0',
    };
  }
  return {
    inner: key.components,
    unnest: false,
    output: (columns) => ({ sql: key.label(columns), type: 'text', aggregate: false }),
    sort: (columns) => [key.label(columns)],
    dropNull: scope.options.version === '2.0',
  };
}

// ---- geo_cluster() --------------------------------------------------------------------------------

function compileGeoCluster(e: Call, scope: Scope): KeyParts {
  checkArity(e, scope, 2, 3);
  const field = compileValue(e.args[0]!, scope);
  if (field.type !== 'geo_point_2d') {
    scope.fail(
      'geoClusterField',
      { expression: describeExpr(scope, field, e.args[0]!), type: describeType(field) },
      e.args[0]!,
    );
  }
  const zoom = integerLiteral(e.args[1]!, scope, 'The zoom of geo_cluster()');
  if (zoom < 0 || zoom > 25) scope.fail('geoClusterZoom', {}, e.args[1]!);
  let radius = 40;
  const third = e.args[2];
  if (third) {
    const value = third.kind === 'named' ? third.value : third;
    if (third.kind === 'named' && third.name !== 'radius')
      scope.fail('geoClusterArgument', { name: third.name }, third);
    radius = numberLiteral(value, scope, 'The radius of geo_cluster()');
    if (!(radius > 0 && radius <= 1000)) scope.fail('geoClusterRadius', {}, third);
  }
  // A cluster gathers the points of a square of `radius` pixels of a 256-pixel web map tile.
  const cell = scope.params.double((radius * 360) / (256 * 2 ** zoom));
  const f = field.sql;
  const d = scope.dialect;
  return {
    inner: [
      d.cast(`floor(${d.pointLon(f)} / ${cell})`, 'bigint'),
      d.cast(`floor(${d.pointLat(f)} / ${cell})`, 'bigint'),
    ],
    unnest: false,
    output: () => ({
      sql: d.clusterCentroid(f),
      type: 'json',
      aggregate: true,
    }),
    sort: (cols) => cols,
    dropNull: true,
  };
}
