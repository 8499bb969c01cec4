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
 * Not written yet (the compiler answers a 400 naming the construct, see DialectUnsupported): datetimes
 * in a time zone other than UTC, date parts, `date_format` and date ranges (dates and instants are read
 * from their exact `f@days` / `f@ms` columns; 18.16's Date and DateTime stop at 1970 and 2105), points
 * and shapes (`f@lat`, `f@lon`, `f@…`), `like`/`search()` of expressions other than fields (fields use
 * their `f@norm` column made at ingestion: 18.16 cannot strip accents), fuzzy `search()` terms (no edit
 * distance in 18.16), `json_format` (no JSON parser in 18.16), `envelope`/`bbox`.
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

function jsonValue(s: RenderedValue, bind: Binder, version: string, role: 'value' | 'group_key'): string {
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
      if (version === '2.0' && role === 'group_key') return `toString(toInt64(${x}) * ${MS_PER_DAY})`;
      return quoted(`if(isNull(${x}), NULL, ${civilDate(`toInt64(assumeNotNull(${x}))`)})`);
    case 'datetime':
      if (version === '2.0' && role === 'group_key') return `toString(${x})`;
      // v2.0 writes aggregated instants (min, max) in UTC with milliseconds.
      if (version === '2.0' && s.aggregate) return quoted(isoUtcMillis(x));
      if (bind.zone() !== null) return unsupported('datetimes in a time zone other than UTC');
      return quoted(isoDatetimeUtc(x));
    default:
      return unsupported('geo values');
  }
}

// ---- Dates and instants ---------------------------------------------------------------------------
/*
 * A date is its day number (`f@days`, Int32), an instant and a wall clock their milliseconds since
 * 1970-01-01 (`f@ms`, Int64): exact for any year, where 18.16's Date and DateTime stop at 1970 and 2105.
 * Their texts are computed from those numbers (days to civil dates as in H. Hinnant's algorithm).
 */

const MS_PER_DAY = 86_400_000;

/** `n` zero-padded to `width` digits (0 ≤ n < 10^width). */
const padded = (n: string, width: number): string => `substring(toString(${10 ** width} + ${n}), 2)`;

/**
 * `body` with `name` bound to `value`, computed once: 18.16 has no WITH inside an expression, and
 * writing a value out at each use made the civil date of an instant too big a query ("AST is too big").
 */
const bound = (value: string, name: string, body: string): string =>
  `arrayElement(arrayMap(${name} -> ${body}, [${value}]), 1)`;

/** `x mod k` for k > 0 (18.16's `%` takes the divisor's type: an Int64 modulo 60000 overflowed Int16). */
const mod = (x: string, k: number): string => `(${x} - intDiv(${x}, ${k}) * ${k})`;

/** `YYYY-MM-DD` of a day number (Int64, not null). */
function civilDate(days: string): string {
  return bound(
    `${days} + 719468`,
    '__z',
    bound(
      'intDiv(if(__z >= 0, __z, __z - 146096), 146097)',
      '__era',
      bound(
        '__z - __era * 146097',
        '__doe',
        bound(
          'intDiv(__doe - intDiv(__doe, 1460) + intDiv(__doe, 36524) - intDiv(__doe, 146096), 365)',
          '__yoe',
          bound(
            '__doe - (365 * __yoe + intDiv(__yoe, 4) - intDiv(__yoe, 100))',
            '__doy',
            bound(
              'intDiv(5 * __doy + 2, 153)',
              '__mp',
              bound(
                'if(__mp < 10, __mp + 3, __mp - 9)',
                '__m',
                `concat(${padded('__yoe + __era * 400 + if(__m <= 2, 1, 0)', 4)}, '-', ${padded('__m', 2)}, '-', ${padded('__doy - intDiv(153 * __mp + 2, 5) + 1', 2)})`,
              ),
            ),
          ),
        ),
      ),
    ),
  );
}

/**
 * `YYYY-MM-DDTHH:MM:SS` of an instant (Int64 ms, may be null) followed by `fraction` of its
 * milliseconds into the second (SQL over `__msec`); null stays null.
 */
function civilInstant(ms: string, fraction: (millis: string) => string): string {
  const text = bound(
    `toInt64(assumeNotNull(${ms}))`,
    '__ms',
    bound(
      `intDiv(__ms - if(__ms < 0, ${MS_PER_DAY - 1}, 0), ${MS_PER_DAY})`,
      '__day',
      bound(
        `__ms - __day * ${MS_PER_DAY}`,
        '__t',
        `concat(${civilDate('__day')}, 'T', ${padded('intDiv(__t, 3600000)', 2)}, ':', ${padded(`intDiv(${mod('__t', 3600000)}, 60000)`, 2)}, ':', ${padded(`intDiv(${mod('__t', 60000)}, 1000)`, 2)}, ${fraction(mod('__t', 1000))})`,
      ),
    ),
  );
  return `if(isNull(${ms}), NULL, ${text})`;
}

/** `2020-01-01T00:00:00.000Z` of an instant in milliseconds. */
function isoUtcMillis(ms: string): string {
  return civilInstant(ms, (millis) => `'.', ${padded(millis, 3)}, 'Z'`);
}

/** The service's ISO text of an instant in UTC: microseconds only when not zero, then `+00:00`. */
function isoDatetimeUtc(ms: string): string {
  return civilInstant(
    ms,
    (millis) => `if(${millis} = 0, '', concat('.', ${padded(millis, 3)}, '000')), '+00:00'`,
  );
}

/** A JSON string of a text expression that may be null. */
const quoted = (text: string): string => `if(isNull(${text}), NULL, concat('"', ${text}, '"'))`;

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
  // Dates and instants are read from their exact numbers (`f@days`, `f@ms`).
  fieldValue(column, type) {
    if (type === 'date') return clickhouseDialect.quoteIdent(`${column}@days`);
    if (type === 'datetime') return clickhouseDialect.quoteIdent(`${column}@ms`);
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
  jsonValue,

  quantile,
  countDistinctElements: (list) => `uniqExactArray(${list})`,
  geoAggregate: () => unsupported('envelope() and bbox()'),

  // `timestamp` is the epoch milliseconds column (timestampColumn).
  technicalColumns: (id, timestamp, size) => [id, isoUtcMillis(timestamp), `toInt32(${size})`],
  // Same seed, same order; not DuckDB's order (DuckDB's hash() has no ClickHouse twin).
  randomOrderKey: (position, seed) => `cityHash64(${position}, ${seed})`,
  daysSinceEpoch: (date) => date,
  epochMillis: (instant) => instant,

  // Time zones other than UTC need the zone's offsets, not written yet.
  wallClock: (instant, tz) =>
    tz === null ? instant : unsupported('datetimes in a time zone other than UTC'),
  shiftedWallClock: () => unsupported('datetimes in a time zone other than UTC'),
  fromWallClock: (local, tz) =>
    tz === null ? local : unsupported('datetimes in a time zone other than UTC'),
  instantLiteral: (instant, bind) => bind.number(instant.ms),
  wallClockLiteral: (local, bind) => bind.number(local.ms),
  dateLiteral: (day, bind) => bind.number(day.days),
  dateToWallClock: (date) => `(toInt64(${date}) * ${MS_PER_DAY})`,
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
  isoUtcMillis,
  clusterCentroid: () => unsupported('geo_cluster()'),
  pointLat: () => unsupported('geo values'),
  pointLon: () => unsupported('geo values'),

  setupStatements: () => [],
  timeZoneNamesQuery: () => unsupported('the list of time zones'),
};
