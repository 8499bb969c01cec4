// DuckDB's identifiers are quoted as its storage layout quotes them: one function for both.
import {
  LANG_COLUMN,
  LANGUAGES_COLUMN,
  POSITION_COLUMN,
  quoteIdent,
  RECORD_ID_COLUMN,
  RESTRICTED_COLUMN,
} from '../../../layout/columns';
import { sqlString } from '../../../layout/sql';
import { MAX_SPANS } from '../../time/transitions';
import type { IntervalUnit } from '../../vocabulary';
import type {
  Binder,
  CastType,
  DateComponent,
  DateFieldPart,
  Dialect,
  GeoFieldType,
  GeometryLiteral,
  ParamType,
  RenderedValue,
} from '../dialect';
import type { SqlQuery } from '../sql';
import { GEO_SHAPE_TYPE, RECORD_TIMESTAMP_COLUMN, searchSqlExpression } from '../storage';
import { duckdbExportSql } from './duckdb-exports';
import { MACROS } from './duckdb-macros';

/*
 * DuckDB's dialect: parameters are `$n` placeholders bound by the engine (see sql.ts), points and
 * shapes are STRUCTs of the storage layout (storage.ts), and the `ods_*` macros of duckdb-macros.ts
 * compute geometry and ISO texts.
 */

const PARAM_TYPES: Readonly<Record<ParamType, string>> = {
  text: 'VARCHAR',
  int: 'BIGINT',
  double: 'DOUBLE',
  boolean: 'BOOLEAN',
  textList: 'VARCHAR[]',
  doubleList: 'DOUBLE[]',
  count: 'BIGINT',
};

const CAST_TYPES: Readonly<Record<CastType, string>> = {
  timestamp: 'TIMESTAMP',
  date: 'DATE',
  double: 'DOUBLE',
  bigint: 'BIGINT',
  integer: 'INTEGER',
  text: 'VARCHAR',
};

const TO_INTERVAL: Readonly<Record<IntervalUnit, (n: string) => string>> = {
  millisecond: (n) => `to_milliseconds(${n})`,
  second: (n) => `to_seconds(${n})`,
  minute: (n) => `to_minutes(${n})`,
  hour: (n) => `to_hours(${n})`,
  day: (n) => `to_days(${n})`,
  week: (n) => `to_weeks(${n})`,
  month: (n) => `to_months(${n})`,
  quarter: (n) => `to_months(3 * ${n})`,
  year: (n) => `to_years(${n})`,
};

function shapeJsonStructure(): string {
  // from_json wants a JSON structure description, derived from the storage struct type.
  const fields = /STRUCT\((.*)\)$/.exec(GEO_SHAPE_TYPE)![1]!;
  const parts = fields.split(/,\s(?=[a-z]+\s)/).map((f) => {
    const [name, type] = f.split(' ') as [string, string];
    return `"${name}":"${type}"`;
  });
  return `{${parts.join(',')}}`;
}

/** The strftime directive printing a number part exactly as the pattern does, if there is one. */
function strftimeDirective(part: DateFieldPart): string | undefined {
  const padded = part.width === 2;
  switch (part.kind) {
    case 'year':
      return part.width === 2 ? '%y' : part.width === 4 ? '%Y' : undefined;
    case 'weekYear':
      return part.width === 4 ? '%G' : undefined;
    case 'weekOfWeekYear':
      return padded ? '%V' : undefined;
    case 'dayOfWeekNumber':
      return '%u';
    case 'dayOfYear':
      return part.width === 3 ? '%j' : undefined;
    case 'month':
      return padded ? '%m' : '%-m';
    case 'dayOfMonth':
      return padded ? '%d' : '%-d';
    case 'hour':
      return padded ? '%H' : '%-H';
    case 'minute':
      return padded ? '%M' : '%-M';
    case 'second':
      return padded ? '%S' : '%-S';
    default:
      return undefined;
  }
}

function jsonValue(s: RenderedValue, bind: Binder, version: string, role: 'value' | 'group_key'): string {
  const x = s.sql;
  if (s.post) return x;
  if (s.temporalPart && version === '2.0') return `to_json(CAST(${x} AS VARCHAR))`;
  switch (s.type) {
    case 'text':
    case 'boolean':
    case 'int':
      return `to_json(${x})`;
    case 'double':
      // JSON has no NaN or infinity.
      return `CASE WHEN isfinite(${x}) THEN to_json(${x}) END`;
    case 'date':
      if (version === '2.0' && role === 'group_key') return `to_json(epoch_ms(CAST(${x} AS TIMESTAMP)))`;
      return `to_json(strftime(${x}, '%Y-%m-%d'))`;
    case 'datetime':
      if (version === '2.0' && role === 'group_key') return `to_json(epoch_ms(${x}))`;
      // v2.0 writes aggregated instants (min, max) in UTC with milliseconds: 2020-12-07T23:02:57.000Z.
      if (version === '2.0' && s.aggregate) return `to_json(ods_iso_utc_millis(${x}))`;
      {
        const zone = bind.zone();
        return zone === null
          ? `to_json(ods_iso_datetime_utc(${x}))`
          : `to_json(ods_iso_datetime(${x}, ${zone}))`;
      }
    case 'geo_point_2d':
      if (version === '2.0' && role === 'group_key') {
        return `CASE WHEN ${x} IS NULL THEN NULL ELSE to_json('[' || CAST(${x}.lat AS VARCHAR) || ', ' || CAST(${x}.lon AS VARCHAR) || ']') END`;
      }
      return version === '2.0'
        ? `CASE WHEN ${x} IS NULL THEN NULL ELSE to_json({'lat': ${x}.lat, 'lon': ${x}.lon}) END`
        : `CASE WHEN ${x} IS NULL THEN NULL ELSE to_json({'lon': ${x}.lon, 'lat': ${x}.lat}) END`;
    case 'geo_shape':
    case 'geometry':
      return `CASE WHEN ${x} IS NULL THEN NULL ELSE '{"type":"Feature","geometry":' || ${x}.geojson || ',"properties":{}}' END`;
    case 'json':
      return x;
    case 'null':
      return 'NULL';
  }
}

/** A geometry literal bound as JSON text of its normalised form, read as the storage struct. */
const shapeFromJson = (param: string): string => `from_json(${param}, '${shapeJsonStructure()}')`;

function pointInBox(
  point: string,
  box: { readonly minLat: number; readonly maxLat: number; readonly minLon: number; readonly maxLon: number },
  bind: Binder,
): string {
  return `(${point}.lat BETWEEN ${bind.double(box.minLat)} AND ${bind.double(box.maxLat)} AND ${point}.lon BETWEEN ${bind.double(box.minLon)} AND ${bind.double(box.maxLon)})`;
}

function geoRelation(
  geo: string,
  type: GeoFieldType,
  relation: 'intersects' | 'within',
  literal: GeometryLiteral,
  bind: Binder,
): string {
  const lit = shapeFromJson(bind.text(JSON.stringify(literal)));
  if (type === 'geo_point_2d') {
    return relation === 'within'
      ? `ods_point_in_areas(${geo}.lon, ${geo}.lat, (${lit}).areas)`
      : `ods_point_intersects(${geo}.lon, ${geo}.lat, ${lit})`;
  }
  return relation === 'within' ? `ods_shape_within(${geo}, ${lit})` : `ods_shapes_intersect(${geo}, ${lit})`;
}

function geoAggregate(kind: 'envelope' | 'bbox', geo: string, type: 'geo_point_2d' | 'geo_shape'): string {
  if (kind === 'envelope') {
    const positions =
      type === 'geo_point_2d'
        ? `list(DISTINCT [${geo}.lon, ${geo}.lat]) FILTER (WHERE ${geo} IS NOT NULL)`
        : `flatten(list(${geo}.pts) FILTER (WHERE ${geo} IS NOT NULL))`;
    return `to_json(${positions})`;
  }
  const [minx, miny, maxx, maxy] =
    type === 'geo_point_2d'
      ? [`${geo}.lon`, `${geo}.lat`, `${geo}.lon`, `${geo}.lat`]
      : [`${geo}.minx`, `${geo}.miny`, `${geo}.maxx`, `${geo}.maxy`];
  return `CASE WHEN count(${geo}) = 0 THEN NULL ELSE to_json([min(${minx}), min(${miny}), max(${maxx}), max(${maxy})]) END`;
}

export const duckdbDialect: Dialect = {
  name: 'duckdb',
  true: 'true',
  false: 'false',
  scansInSourceOrder: true,
  timestampColumn: RECORD_TIMESTAMP_COLUMN,
  exportSql: duckdbExportSql,
  maxOffsetSpans: MAX_SPANS,

  param: (index, type) => `CAST($${index} AS ${PARAM_TYPES[type]})`,
  quoteIdent,
  cast: (expr, type) => `CAST(${expr} AS ${CAST_TYPES[type]})`,
  // One column a field, of the field's type (layout/columns.ts).
  fieldValue: (column) => quoteIdent(column),
  concat: (parts) => parts.join(' || '),
  divide: (a, b) => `(CAST(${a} AS DOUBLE) / NULLIF(CAST(${b} AS DOUBLE), 0))`,

  fieldTokens(values) {
    const texts = values.map((v) => (v.multivalued ? `array_to_string(${v.sql}, ' ')` : v.sql));
    const text = texts.length === 1 ? texts[0]! : `concat_ws(' ', ${texts.join(', ')})`;
    return `(' ' || ${searchSqlExpression(`coalesce(${text}, '')`)} || ' ')`;
  },
  startsWith: (text, prefix) => `starts_with(${text}, ${prefix})`,
  textLength: (text) => `length(${text})`,
  lowerText: (text) => `lower(${text})`,
  readingOrder: (text) => `lower(strip_accents(${text}))`,
  containsText: (text, part) => `contains(${text}, ${part})`,
  fuzzyTokenMatch: (tokens, word, edits) =>
    `coalesce(list_bool_or(list_transform(string_split(trim(${tokens}), ' '), w -> levenshtein(w, ${word}) <= ${edits})), false)`,

  listContains: (list, value) => `list_contains(${list}, ${value})`,
  noValues: (list) => `(${list} IS NULL OR len(${list}) = 0)`,
  listHasAny: (list, values) => `list_has_any(${list}, [${values.join(', ')}])`,
  // The lambda's name starts with two underscores, like the technical columns, so no field column can
  // shadow it.
  anyListElement: (list, test) => `list_bool_or(list_transform(${list}, __item -> ${test('__item')}))`,
  listElement: (list, position) => `list_extract(${list}, ${position})`,
  unnestValues: (list) => `unnest(CASE WHEN len(${list}) > 0 THEN ${list} ELSE [NULL] END)`,

  toJson: (expr) => `to_json(${expr})`,
  jsonOfText: (text, fallback) =>
    `CASE WHEN ${text} IS NULL THEN NULL WHEN json_valid(${text}) THEN CAST(json(${text}) AS VARCHAR) ELSE ${fallback} END`,
  shapeGeometryType: (shape) => `json_extract_string(${shape}.geojson, '$.type')`,
  geometryValue: (literal, bind) => shapeFromJson(bind.text(JSON.stringify(literal))),
  jsonValue,

  quantile: (expr, fraction) => `quantile_cont(${expr}, ${fraction})`,
  countDistinctElements: (list) => `len(list_distinct(flatten(list(${list}))))`,
  geoAggregate,

  technicalColumns: (id, timestamp, size) => [
    id,
    `ods_iso_utc_millis(${timestamp})`,
    `CAST(${size} AS INTEGER)`,
  ],
  // A hash of the position and the seed: the same permutation for a seed.
  randomOrderKey: (position, seed) => `hash(${position}, ${seed})`,
  daysSinceEpoch: (date) => `(${date} - DATE '1970-01-01')`,
  epochMillis: (instant) => `epoch_ms(${instant})`,

  // Instants are TIMESTAMPs holding the UTC wall clock (the database session runs in UTC).
  wallClock: (instant, tz) => (tz === null ? instant : `timezone(${tz}, CAST(${instant} AS TIMESTAMPTZ))`),
  // The offset of each span, chosen by comparing with the few instants where it changes: much faster
  // than a time zone lookup per value.
  shiftedWallClock(instant, spans) {
    const last = spans[spans.length - 1]!;
    if (spans.length === 1) return `(${instant} + to_seconds(${last.seconds}))`;
    const whens = spans.slice(0, -1).map((s) => `WHEN ${instant} < ${s.until} THEN ${s.seconds}`);
    return `(${instant} + to_seconds(CASE ${whens.join(' ')} ELSE ${last.seconds} END))`;
  },
  fromWallClock: (local, tz) => (tz === null ? local : `CAST(timezone(${tz}, ${local}) AS TIMESTAMP)`),
  instantLiteral: (instant, bind) => `CAST(${bind.text(instant.text)} AS TIMESTAMP)`,
  wallClockLiteral: (local, bind) => `CAST(${bind.text(local.text)} AS TIMESTAMP)`,
  zonedLiteral: (local, bind) =>
    duckdbDialect.fromWallClock(duckdbDialect.wallClockLiteral(local, bind), bind.zone(), bind),
  literalWallClock: (instant, bind) =>
    duckdbDialect.wallClock(duckdbDialect.instantLiteral(instant, bind), bind.zone(), bind),
  dateLiteral: (day, bind) => `CAST(${bind.text(day.text)} AS DATE)`,
  dateToWallClock: (date) => `CAST(${date} AS TIMESTAMP)`,
  dateAsWallClock: (date) => date,
  datePart(component: DateComponent, wall: string): string {
    const [fn, modulo] = component.split(' % ');
    return modulo ? `(${fn}(${wall}) % ${modulo})` : `${fn}(${wall})`;
  },
  dateDirective: strftimeDirective,
  formatLiteral: (text) => text.replaceAll('%', '%%'),
  formatDate: (wall, format) => `strftime(${wall}, ${format})`,
  zeroPad: (value, width, bind) => `printf(${bind.text(`%0${width}d`)}, ${value})`,
  interval: (unit, n) => TO_INTERVAL[unit](n),
  truncate: (unit, wall) => `date_trunc('${unit}', ${wall})`,
  timeBucket: (interval, wall) => `time_bucket(${interval}, ${wall}, TIMESTAMP '1970-01-01')`,
  addInterval: (wall, unit, n) => `${wall} + ${TO_INTERVAL[unit](n)}`,

  integerText: (x) => `CAST(CAST(${x} AS BIGINT) AS VARCHAR)`,
  floatText: (x) => `ods_float_label(${x})`,
  isoUtcMillis: (instant) => `ods_iso_utc_millis(${instant})`,
  clusterCentroid: (point) =>
    `to_json({'cluster_centroid': {'lat': avg(${point}.lat), 'lon': avg(${point}.lon)}})`,
  pointLat: (point) => `${point}.lat`,
  pointLon: (point) => `${point}.lon`,

  geoDistance: (geo, type, lat, lon) =>
    type === 'geo_point_2d'
      ? `ods_haversine(${geo}.lat, ${geo}.lon, ${lat}, ${lon})`
      : `ods_shape_distance(${geo}, ${lat}, ${lon})`,
  pointInBox,
  geoRelation,

  textLiteral: sqlString,
  createView: (view, query) => `CREATE OR REPLACE VIEW ${view} AS ${query}`,
  accessViewQuery(catalog, granted) {
    const ids =
      granted.length > 0
        ? ` OR ${quoteIdent(RECORD_ID_COLUMN)} IN (${granted.map(sqlString).join(', ')})`
        : '';
    return `SELECT * FROM ${catalog}\nWHERE NOT ${quoteIdent(RESTRICTED_COLUMN)}${ids}`;
  },
  // The usage table holds one row of running counts a dataset (server/engine/duckdb/usage-table.ts).
  usageViewQuery: (catalog, usage, [downloads, calls, score]) => `SELECT c.*,
  CAST(coalesce(u.download_count, 0) AS BIGINT) AS ${downloads},
  CAST(coalesce(u.api_call_count, 0) AS BIGINT) AS ${calls},
  CAST(coalesce(5 * u.download_count + u.api_call_count, 0) AS DOUBLE) AS ${score}
FROM ${catalog} c LEFT JOIN ${usage} u ON u.dataset_id = c.dataset_id
ORDER BY c.${quoteIdent(POSITION_COLUMN)}`,
  languageViewQuery(catalog, lang) {
    const row = quoteIdent(LANG_COLUMN);
    if (lang === undefined) return `SELECT * FROM ${catalog} WHERE ${row} = ''`;
    const code = sqlString(lang);
    return `SELECT * FROM ${catalog} WHERE (${row} = ${code} OR (${row} = '' AND NOT list_contains(${quoteIdent(LANGUAGES_COLUMN)}, ${code})))`;
  },

  setupStatements: () => [
    "SET GLOBAL TimeZone = 'UTC'",
    ...MACROS.map((m) => `CREATE OR REPLACE MACRO ${m}`),
  ],
  timeZoneNamesQuery: (): SqlQuery => ({ sql: 'SELECT name FROM pg_timezone_names()', params: [] }),
};
