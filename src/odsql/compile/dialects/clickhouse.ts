import type { IntervalUnit } from '../../vocabulary';
import {
  type Binder,
  type CastType,
  type Dialect,
  DialectUnsupported,
  type ParamType,
  type RenderedValue,
} from '../dialect';

/*
 * ClickHouse's dialect (written for 18.16, in SQL that current releases accept too), over the ClickHouse
 * layout of a dataset (server/engine/clickhouse/columns.ts): text, int, double, boolean and json fields
 * are one column named as the field, like DuckDB's; the technical columns are DuckDB's, `__timestamp`
 * with its exact `__timestamp@ms`.
 *
 * 18.16 has no query parameters: a bound value is a typed placeholder `{$n:Type}` that the ClickHouse
 * engine replaces by the one escaping and typing function (`chLiteral`) before sending the query; the
 * form is that of ClickHouse's own query parameters (19.x and later), so a newer server can take them
 * as such.
 *
 * Not written yet (the compiler answers a 400 naming the construct, see DialectUnsupported): dates and
 * datetimes (their ClickHouse columns are `f@days` / `f@ms` beside a Date / DateTime of limited range),
 * points and shapes (`f@lat`, `f@lon`, `f@…`), `like`/`search()` of expressions other than fields
 * (fields use their `f@norm` column made at ingestion: 18.16 cannot strip accents), fuzzy `search()`
 * terms (no edit distance in 18.16), `json_format` (no JSON parser in 18.16), `envelope`/`bbox`.
 */

const PARAM_TYPES: Readonly<Record<ParamType, string>> = {
  text: 'String',
  int: 'Int64',
  double: 'Float64',
  boolean: 'Bool',
  textList: 'Array(String)',
  doubleList: 'Array(Float64)',
  // LIMIT and OFFSET take a plain number in 18.16, not an expression such as toInt64(10).
  count: 'UInt64',
};

/** Conversions that keep null (a CAST to a plain type refuses NULL in ClickHouse). */
const CASTS: Readonly<Record<CastType, (x: string) => string>> = {
  timestamp: (x) => `toDateTime(${x}, 'UTC')`,
  date: (x) => `toDate(${x})`,
  double: (x) => `toFloat64(${x})`,
  bigint: (x) => `toInt64(${x})`,
  integer: (x) => `toInt32(${x})`,
  text: (x) => `toString(${x})`,
};

const unsupported = (construct: string): never => {
  throw new DialectUnsupported(construct, 'ClickHouse');
};

/**
 * JSON string text of a String expression that is not null: backslash and quote escaped, control
 * characters as `\u00XX`, as JSON requires. 18.16 has no JSON writer function.
 */
function jsonText(x: string): string {
  let escaped = `replaceAll(replaceAll(${x}, '\\\\', '\\\\\\\\'), '"', '\\\\"')`;
  for (let code = 0; code < 0x20; code++) {
    const hex = code.toString(16).padStart(2, '0');
    escaped = `replaceAll(${escaped}, '\\x${hex}', '\\\\u00${hex}')`;
  }
  return `concat('"', ${escaped}, '"')`;
}

/** JSON string text of a String expression; null stays null. */
function jsonString(x: string): string {
  return `if(isNull(${x}), NULL, ${jsonText(`assumeNotNull(${x})`)})`;
}

/** JSON list of a multivalued text value; a record without values (stored as []) is null, as in DuckDB. */
function jsonList(x: string): string {
  return `if(empty(${x}), NULL, concat('[', arrayStringConcat(arrayMap(__v -> ${jsonText('assumeNotNull(__v)')}, ${x}), ','), ']'))`;
}

function jsonValue(s: RenderedValue, _bind: Binder, version: string): string {
  const x = s.sql;
  if (s.post) return unsupported('envelope() and bbox()');
  if (s.temporalPart && version === '2.0') return unsupported('date parts in v2.0');
  switch (s.type) {
    case 'text':
      return s.multivalued ? jsonList(x) : jsonString(x);
    case 'int':
      return `toString(${x})`;
    case 'double':
      // JSON has no NaN or infinity.
      return `if(isFinite(${x}), toString(${x}), NULL)`;
    case 'boolean':
      return `if(isNull(${x}), NULL, if(${x} != 0, 'true', 'false'))`;
    case 'json':
      return x;
    case 'null':
      return 'NULL';
    case 'date':
    case 'datetime':
      return unsupported('date and datetime values');
    default:
      return unsupported('geo values');
  }
}

/** Linear interpolation between the sorted values around `fraction` (DuckDB's quantile_cont). */
function quantile(expr: string, fraction: string): string {
  const s = `arraySort(groupArray(${expr}))`;
  const at = `(${fraction} * (length(${s}) - 1))`;
  const low = `arrayElement(${s}, toUInt64(floor(${at})) + 1)`;
  const high = `arrayElement(${s}, toUInt64(ceil(${at})) + 1)`;
  return `if(empty(${s}), NULL, ${low} + (${at} - floor(${at})) * (${high} - ${low}))`;
}

export const clickhouseDialect: Dialect = {
  name: 'clickhouse',
  // 18.16 has no boolean literals: conditions are UInt8.
  true: '1',
  false: '0',
  // A Distributed table merges its shards' rows in any order.
  scansInSourceOrder: false,
  // `__timestamp` is whole seconds: the text comes from the exact milliseconds.
  timestampColumn: '__timestamp@ms',

  param: (index, type) => `{$${index}:${PARAM_TYPES[type]}}`,
  quoteIdent: (name) => `"${name.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`,
  cast: (expr, type) => CASTS[type](expr),
  fieldValue(column, type) {
    if (type === 'date' || type === 'datetime') return unsupported('date and datetime values');
    if (type === 'geo_point_2d' || type === 'geo_shape') return unsupported('geo values');
    return clickhouseDialect.quoteIdent(column);
  },
  concat: (parts) => `concat(${parts.join(', ')})`,
  // Division by zero gives inf or nan in ClickHouse, not null.
  divide: (a, b) => `(toFloat64(${a}) / nullIf(toFloat64(${b}), 0))`,

  // 18.16 cannot strip accents: the tokens of each text field are made at ingestion, in `f@norm`
  // (` tok1 tok2 `; one a value of a multivalued field).
  fieldTokens(values) {
    const tokens = values.map((v) => {
      if (v.field === undefined) return unsupported('matching the tokens of an expression (like, search())');
      const norm = clickhouseDialect.quoteIdent(`${v.field}@norm`);
      return v.multivalued ? `arrayStringConcat(${norm}, '')` : `coalesce(${norm}, ' ')`;
    });
    return tokens.length === 1 ? tokens[0]! : `concat(${tokens.join(', ')})`;
  },
  startsWith: (text, prefix) => `startsWith(${text}, ${prefix})`,
  // length() and lower() of ClickHouse count bytes and lower ASCII only.
  textLength: (text) => `lengthUTF8(${text})`,
  lowerText: (text) => `lowerUTF8(${text})`,
  containsText: (text, part) => `(position(${text}, ${part}) > 0)`,
  fuzzyTokenMatch: () => unsupported('fuzzy search() terms'),

  listContains: (list, value) => `has(${list}, ${value})`,
  // A multivalued field holds [] for no value (columns.ts).
  noValues: (list) => `empty(${list})`,
  listHasAny: (list, values) => `hasAny(${list}, [${values.join(', ')}])`,
  anyListElement: (list, test) => `arrayExists(__item -> ${test('__item')}, ${list})`,
  listElement: (list, position) => `arrayElement(${list}, ${position})`,
  // A record without values (stored as []) gives one null row.
  unnestValues: (list) => `arrayJoin(if(empty(${list}), [CAST(NULL, 'Nullable(String)')], ${list}))`,

  toJson: () => unsupported('json_format()'),
  jsonOfText: () => unsupported('json_format()'),
  shapeGeometryType: () => unsupported('geometry_type()'),
  shapeFromJson: () => unsupported('geometry literals'),
  jsonValue: (value, bind, version) => jsonValue(value, bind, version),

  quantile,
  countDistinctElements: (list) => `uniqExactArray(${list})`,
  geoAggregate: () => unsupported('envelope() and bbox()'),

  // `timestamp` is the epoch milliseconds column (timestampColumn).
  technicalColumns: (id, timestamp, size) => [
    id,
    `concat(formatDateTime(toDateTime(intDiv(${timestamp}, 1000), 'UTC'), '%Y-%m-%dT%H:%M:%S'), '.', substring(toString(1000 + ${timestamp} % 1000), 2, 3), 'Z')`,
    `toInt32(${size})`,
  ],
  // Same seed, same order; not DuckDB's order (DuckDB's hash() has no ClickHouse twin).
  randomOrderKey: (position, seed) => `cityHash64(${position}, ${seed})`,
  daysSinceEpoch: () => unsupported('date values'),
  epochMillis: () => unsupported('datetime values'),

  wallClock: () => unsupported('datetime values'),
  shiftedWallClock: () => unsupported('datetime values'),
  fromWallClock: () => unsupported('datetime values'),
  instantFromText: () => unsupported('datetime values'),
  datePart: () => unsupported('date parts'),
  dateDirective: () => unsupported('date_format()'),
  formatLiteral: () => unsupported('date_format()'),
  formatDate: () => unsupported('date_format()'),
  zeroPad: () => unsupported('date_format()'),
  interval: (_unit: IntervalUnit) => unsupported('date ranges'),
  truncate: () => unsupported('date ranges'),
  timeBucket: () => unsupported('date ranges'),

  integerText: (x) => `toString(toInt64(${x}))`,
  // Python's float repr for bucket labels: always a decimal point.
  floatText: (x) =>
    `if(${x} = floor(${x}) AND abs(${x}) < 1e16, concat(toString(toInt64(${x})), '.0'), toString(${x}))`,
  isoUtcMillis: () => unsupported('date ranges'),
  clusterCentroid: () => unsupported('geo_cluster()'),
  pointLat: () => unsupported('geo values'),
  pointLon: () => unsupported('geo values'),

  setupStatements: () => [],
  timeZoneNamesQuery: () => unsupported('the list of time zones'),
};
