import { LANG_COLUMN, LANGUAGES_COLUMN, RECORD_ID_COLUMN, RESTRICTED_COLUMN } from '../../../layout/columns';
import { MAX_SPANS } from '../../time/transitions';
import { offsetAt } from '../../time/zones';
import {
  type Binder,
  type CastType,
  type Dialect,
  DialectUnsupported,
  type ParamType,
  type RenderedValue,
} from '../dialect';
import { civilDate, MS_PER_DAY } from './clickhouse-calendar';
import {
  addInterval,
  datePart,
  fixedUnitMs,
  fromWallClock,
  instantOfWallClock,
  nativeDatePart,
  offsetOf,
  spanOffset,
  truncate,
  wallClock,
} from './clickhouse-dates';
import { levenshteinAtMost } from './clickhouse-fuzzy';
import {
  clusterCentroid,
  floatText,
  geoAggregate,
  geoDistance,
  geometryValue,
  geoRelation,
  pointField,
  pointInBox,
  pointJson,
  pointLat,
  pointLon,
  shapeField,
  shapeGeometryType,
  shapeJson,
} from './clickhouse-geo';
import {
  inDateTimeRange,
  isoDatetime,
  isoDatetimeInRange,
  isoUtcMillis,
  isoUtcMillisInRange,
} from './clickhouse-instants';
import {
  bound,
  floorDiv,
  jsonDouble,
  jsonText,
  padded,
  quoted,
  quoteIdentifier,
  quoteText,
} from './clickhouse-sql';

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
 * Dates and time zones are in clickhouse-dates.ts, points and shapes in clickhouse-geo.ts. What 18.16
 * cannot compute answers a 400 naming the construct (DialectUnsupported), listed per engine in
 * docs/odsql-coverage.md: `like`/`search()` of expressions other than fields (fields use their `f@norm`
 * column made at ingestion: 18.16 cannot strip accents), `json_format` (no JSON parser). Fuzzy
 * `search()` terms are in clickhouse-fuzzy.ts.
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
  if (s.post) return x;
  // year()…second() are text in v2.0.
  if (s.temporalPart && version === '2.0') return `if(isNull(${x}), NULL, concat('"', toString(${x}), '"'))`;
  switch (s.type) {
    case 'text':
      return s.multivalued ? jsonList(x) : jsonString(x);
    case 'int':
      return `toString(${x})`;
    case 'double':
      return jsonDouble(x);
    case 'boolean':
      return `if(isNull(${x}), NULL, if(${x} != 0, 'true', 'false'))`;
    case 'json':
      return x;
    case 'null':
      return 'NULL';
    case 'date':
      if (version === '2.0' && role === 'group_key') return `toString(toInt64(${x}) * ${MS_PER_DAY})`;
      return quoted(`if(isNull(${x}), NULL, ${civilDate(`toInt64(assumeNotNull(${x}))`)})`);
    case 'datetime': {
      if (version === '2.0' && role === 'group_key') return `toString(${x})`;
      // v2.0 writes aggregated instants (min, max) in UTC with milliseconds.
      if (version === '2.0' && s.aggregate) return quoted(isoUtcMillis(x));
      const zone = bind.zone();
      const iso = inDateTimeRange(s.range) ? isoDatetimeInRange : isoDatetime;
      if (zone === null) return quoted(iso(x, () => '0'));
      return quoted(iso(x, (instant) => offsetOf(instant, zone, bind, s.range)));
    }
    case 'geo_point_2d':
      return pointJson(x, version, role);
    case 'geo_shape':
    case 'geometry':
      return shapeJson(x);
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
  // 18.16 renders the texts of dates and instants (nested arrayMap) and JSON escapes far slower than the
  // server: an export of 3M flights rendered in SQL ran at 21,000 records/s on the cluster alone.
  serverRendersExports: true,
  // `__timestamp` is whole seconds: the text comes from the exact milliseconds.
  timestampColumn: '__timestamp@ms',
  // Beyond a few changes, the zone tables (with changes outside their window) cost less per value.
  maxOffsetSpans: MAX_SPANS,

  param: (index, type) => `{$${index}:${PARAM_TYPES[type]}}`,
  quoteIdent: quoteIdentifier,
  cast: (expr, type) => CASTS[type](expr),
  // Dates and instants are read from their exact numbers (`f@days`, `f@ms`).
  fieldValue(column, type) {
    if (type === 'date') return clickhouseDialect.quoteIdent(`${column}@days`);
    if (type === 'datetime') return clickhouseDialect.quoteIdent(`${column}@ms`);
    if (type === 'geo_point_2d') return pointField(column);
    if (type === 'geo_shape') return shapeField(column);
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
  // 18.16 cannot strip accents (nor has it a collation to sort by): case alone is folded.
  readingOrder: (text) => `lowerUTF8(${text})`,
  containsText: (text, part) => `(position(${text}, ${part}) > 0)`,
  // The empty tokens around and between values never match: a fuzzy word is longer than its edits.
  fuzzyTokenMatch: (tokens, word, edits) =>
    `arrayExists(__ft -> ${levenshteinAtMost('__ft', word, edits === 1 ? 1 : 2)}, arrayFilter(__ft -> abs(toInt64(length(__ft)) - toInt64(length(${word}))) <= ${edits === 1 ? 1 : 2}, splitByChar(' ', ${tokens})))`,

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
  shapeGeometryType,
  geometryValue,
  jsonValue,

  quantile,
  countDistinctElements: (list) => `uniqExactArray(${list})`,
  geoAggregate,

  // `timestamp` is the epoch milliseconds column (timestampColumn).
  // Records' timestamps lie in a DateTime's range (the layout keeps them as one too).
  technicalColumns: (id, timestamp, size) => [id, isoUtcMillisInRange(timestamp), `toInt32(${size})`],
  // Same seed, same order; not DuckDB's order (DuckDB's hash() has no ClickHouse twin).
  randomOrderKey: (position, seed) => `cityHash64(${position}, ${seed})`,
  daysSinceEpoch: (date) => date,
  epochMillis: (instant) => instant,

  // Wall clocks are milliseconds read as UTC: an instant plus its offset in the zone.
  wallClock: (instant, tz, bind, instants) =>
    tz === null ? instant : wallClock(instant, tz, bind, instants),
  shiftedWallClock: (instant, spans) => `(${instant} + ${spanOffset(instant, spans)} * 1000)`,
  fromWallClock: (local, tz, bind, instants) =>
    tz === null ? local : fromWallClock(local, tz, bind, instants),
  instantLiteral: (instant, bind) => bind.number(instant.ms),
  wallClockLiteral: (local, bind) => bind.number(local.ms),
  // Literals are converted before the query, with the zone data DuckDB's ICU shares (any year).
  zonedLiteral: (local, bind) => bind.number(instantOfWallClock(local.ms, bind.timezoneName())),
  literalWallClock: (instant, bind) => bind.number(instant.ms + offsetAt(instant.ms, bind.timezoneName())),
  dateLiteral: (day, bind) => bind.number(day.days),
  dateToWallClock: (date) => `(toInt64(${date}) * ${MS_PER_DAY})`,
  dateAsWallClock: (date) => `(toInt64(${date}) * ${MS_PER_DAY})`,
  datePart: (component, wall, instants) =>
    nativeDatePart(component, wall, instants) ?? datePart(component, wall),
  // Every part is computed from the numbers (formatDateTime cannot print a date before 1970).
  dateDirective: () => undefined,
  formatLiteral: (text) => text,
  formatDate: (wall, format) => `if(isNull(${wall}), NULL, ${format})`,
  // The value is written once: padded() reads it three times.
  zeroPad: (value, width) => bound(value, '__zp', padded('__zp', width)),
  // Only buckets of fixed units take a multiple (the compiler refuses multiples of months, quarters
  // and years); calendar units are added by addInterval.
  interval: (unit, n) => {
    const ms = fixedUnitMs(unit);
    if (ms === undefined) throw new Error(`No fixed length for ${unit}: use addInterval`);
    return `(${n} * ${ms})`;
  },
  truncate,
  timeBucket: (interval, wall) => `(${floorDiv(wall, interval)} * ${interval})`,
  addInterval,

  integerText: (x) => `toString(toInt64(${x}))`,
  // Python's float repr for bucket labels: always a decimal point.
  floatText,
  isoUtcMillis,
  clusterCentroid,
  pointLat,
  pointLon,

  geoDistance,
  pointInBox,
  geoRelation,

  textLiteral: quoteText,
  createView: (view, query) => `CREATE VIEW IF NOT EXISTS ${view} AS ${query}`,
  accessViewQuery(catalog, granted) {
    const ids =
      granted.length > 0
        ? ` OR ${quoteIdentifier(RECORD_ID_COLUMN)} IN (${granted.map(quoteText).join(', ')})`
        : '';
    return `SELECT * FROM ${catalog}\nWHERE ${quoteIdentifier(RESTRICTED_COLUMN)} = 0${ids}`;
  },
  // The usage table logs counts (engine/clickhouse/usage.ts): they are summed at each query.
  usageViewQuery(catalog, usage, [downloads, calls, score], columns) {
    const id = quoteIdentifier(RECORD_ID_COLUMN);
    return `SELECT ${columns.join(', ')},
  toInt64(usage_downloads) AS ${downloads}, toInt64(usage_calls) AS ${calls},
  toFloat64(5 * usage_downloads + usage_calls) AS ${score}
FROM ${catalog}
ANY LEFT JOIN (SELECT dataset_id AS ${id}, sum(downloads) AS usage_downloads, sum(api_calls) AS usage_calls
  FROM ${usage} GROUP BY dataset_id) USING ${id}`;
  },
  languageViewQuery(catalog, lang) {
    const row = quoteIdentifier(LANG_COLUMN);
    const condition =
      lang === undefined
        ? `${row} = ''`
        : `${row} = ${quoteText(lang)} OR (${row} = '' AND NOT has(${quoteIdentifier(LANGUAGES_COLUMN)}, ${quoteText(lang)}))`;
    return `SELECT * FROM ${catalog}\nWHERE ${condition}`;
  },

  setupStatements: () => [],
  timeZoneNamesQuery: () => unsupported('the list of time zones'),
};
