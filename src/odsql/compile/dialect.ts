import type { ApiVersion } from '../../api/version';
import type { SqlQuery } from '../../layout/sql';
import type { ValueType } from '../functions';
import type { NormalizedShape } from '../geo/types';
import type { FieldType } from '../schema';
import type { DateFormatPart } from '../time/date-format';
import type { Lang } from '../time/lang-names';
import type { IntervalUnit } from '../vocabulary';
import type { ExportSql } from './export-sql';

/*
 * The dialect seam: the SQL of one engine for the pieces the compiler assembles. The compiler calls a
 * dialect with SQL fragments (columns, bound parameters, sub-expressions) and gets SQL back; it never
 * writes an engine function name itself where the dialect has a method. A dialect is an object chosen at
 * run time (`CompileOptions.dialect`, reached as `scope.dialect` or `params.dialect`): DuckDB's is in
 * dialects/duckdb.ts, and another engine's goes beside it without touching the rest of the compiler.
 *
 * Only standard SQL (`CASE`, `coalesce`, `IS NULL`, `count`, `sum`…) is written inline by the compiler.
 * Export cells and lines are the dialect's `exportSql`, when it has any (export-sql.ts).
 */

/**
 * Thrown by a dialect for a construct its engine cannot compute (yet): the request answers a 400 naming
 * it, like any other construct the compiler refuses.
 */
export class DialectUnsupported extends Error {
  constructor(
    readonly construct: string,
    readonly engine: string,
  ) {
    super(`${construct} is not supported on ${engine}`);
    this.name = 'DialectUnsupported';
  }
}

/** How a bound value is typed in SQL: the engine never has to guess a parameter type. */
export type ParamType = 'text' | 'int' | 'double' | 'boolean' | 'textList' | 'doubleList' | 'count';

/** The types the compiler casts to. */
export type CastType = 'timestamp' | 'date' | 'double' | 'bigint' | 'integer' | 'text';

/** What a dialect may bind while it writes SQL (the query's ParamList). */
export interface Binder {
  text(value: string): string;
  number(value: number): string;
  double(value: number): string;
  textList(values: readonly string[]): string;
  doubleList(values: readonly number[]): string;
  /** The request time zone as SQL, or null for UTC (bound once, on first use). */
  zone(): string | null;
  /** The request time zone's IANA name (for offsets computed before the query). */
  timezoneName(): string;
}

/** The smallest and largest of some values. */
export interface ValueRange {
  readonly min: number;
  readonly max: number;
}

/** A geometry literal: its GeoJSON text and its normalised form (geo/normalize.ts). */
export type GeometryLiteral = NormalizedShape & { readonly geojson: string };

/** The geo types a field may have. */
export type GeoFieldType = 'geo_point_2d' | 'geo_shape';

/** A compiled value as the JSON rendering reads it (context.ts's Sql has these and more). */
export interface RenderedValue {
  readonly sql: string;
  readonly type: ValueType;
  readonly aggregate: boolean;
  readonly temporalPart?: boolean;
  readonly post?: 'envelope' | 'bbox';
  readonly multivalued?: boolean;
  /** The smallest and largest value, when known (epoch ms for datetimes). */
  readonly range?: { readonly min: number; readonly max: number };
}

/** A point in time as text and in milliseconds (the form a dialect binds is its own). */
export interface TimeText {
  readonly text: string;
  readonly ms: number;
}

/** A text value whose search tokens are wanted (text-search.ts). */
export interface TextValue {
  readonly sql: string;
  readonly multivalued: boolean;
  readonly field?: string;
}

/** An integer part of a date: what `date_format` patterns show and group on. */
export type DateComponent =
  | 'year'
  | 'year % 100'
  | 'isoyear'
  | 'isoyear % 100'
  | 'week'
  | 'isodow'
  | 'dayofyear'
  | 'month'
  | 'day'
  | 'hour'
  | 'minute'
  | 'second';

/** A part of a `date_format` pattern that prints a date field. */
export type DateFieldPart = Exclude<DateFormatPart, { kind: 'literal' }>;

export interface Dialect {
  readonly name: string;
  /** The boolean constants. */
  readonly true: string;
  readonly false: string;
  /**
   * A scan without ORDER BY yields the records in source order (DuckDB reading a records file); else
   * (a table spread over shards) a records page in source order sorts by position.
   */
  readonly scansInSourceOrder: boolean;
  /** The column a records page reads the records' processing time from (`technicalColumns`). */
  readonly timestampColumn: string;
  /**
   * SQL building export cells and lines from a compiled query's JSON outputs, for the engine's own file
   * writer (export-sql.ts). Absent: the server builds them from the streamed rows.
   */
  readonly exportSql?: ExportSql;
  /**
   * Records queries carry their values unrendered too (`CompiledQuery.raw`, raw-records.ts), which
   * exports read and the server renders: where the engine renders JSON texts far slower than the server.
   */
  readonly serverRendersExports?: boolean;
  /**
   * The most offset changes of a time zone the dialect takes as per-value comparisons
   * (`shiftedWallClock`) before converting each value with `wallClock`.
   */
  readonly maxOffsetSpans: number;

  // ---- Parameters and identifiers ------------------------------------------------------------------
  /** The placeholder of the index-th bound value (from 1), typed. */
  param(index: number, type: ParamType): string;
  /** Quotes an identifier. Call it only with names already checked against a schema. */
  quoteIdent(name: string): string;
  cast(expr: string, type: CastType): string;
  /** The value of a field of `type` read from its column of the storage layout (the column's name). */
  fieldValue(column: string, type: FieldType | 'json'): string;
  /** Text concatenation of SQL parts. */
  concat(parts: readonly string[]): string;
  /** `a / b` as doubles; division by zero is null. */
  divide(a: string, b: string): string;

  // ---- Text ----------------------------------------------------------------------------------------
  /**
   * ` tok1 tok2 ` of text values (the search normalisation of their text, joined): the form
   * `containsText(…, ' tok ')` searches. `field` names the field a value reads directly, if it does.
   */
  fieldTokens(values: readonly TextValue[]): string;
  startsWith(text: string, prefix: string): string;
  /** Length in characters (not bytes). */
  textLength(text: string): string;
  /** Lower case of any letter (not ASCII only). */
  lowerText(text: string): string;
  /**
   * The key text sorts on, in reading order rather than by code: case folded, accents too where the
   * engine can (`aviation` before `US ZIP codes`, `Écosse` beside `ecosse`). Sorts add the text itself
   * after it, so that values equal but for case or accents still come in one order.
   */
  readingOrder(text: string): string;
  containsText(text: string, part: string): string;
  /** Some token of the search tokens is within `edits` edits of `word` (DuckDB's levenshtein: bytes). */
  fuzzyTokenMatch(tokens: string, word: string, edits: number): string;

  // ---- Lists (multivalued fields) ------------------------------------------------------------------
  listContains(list: string, value: string): string;
  /** A multivalued value holds no value (null or empty). */
  noValues(list: string): string;
  listHasAny(list: string, values: readonly string[]): string;
  /** Some element of the list passes the test (`test` builds SQL from the element's name). */
  anyListElement(list: string, test: (element: string) => string): string;
  /** The element at a 1-based position. */
  listElement(list: string, position: string): string;
  /** One row per element of a multivalued value; a record without values gives one null row. */
  unnestValues(list: string): string;

  // ---- JSON ----------------------------------------------------------------------------------------
  toJson(expr: string): string;
  /** json_format(): the text as JSON when it is valid JSON, else the fallback (JSON text). */
  jsonOfText(text: string, fallback: string): string;
  shapeGeometryType(shape: string): string;
  /** A geometry literal as a value (`geometry` type): rendered as a GeoJSON Feature. */
  geometryValue(literal: GeometryLiteral, bind: Binder): string;
  /**
   * A value as JSON text (or NULL), in the shape the interface gives each type: ISO dates, datetimes in
   * the request time zone, `{lon, lat}` points, GeoJSON Features. v2.0 group keys differ.
   */
  jsonValue(value: RenderedValue, bind: Binder, version: ApiVersion, role: 'value' | 'group_key'): string;

  // ---- Aggregations --------------------------------------------------------------------------------
  /** Continuous quantile (interpolated), `fraction` SQL between 0 and 1. */
  quantile(expr: string, fraction: string): string;
  /** The number of distinct elements of a multivalued value over the group. */
  countDistinctElements(list: string): string;
  /** JSON the post-processing turns into a geometry: all positions (envelope) or the extent (bbox). */
  geoAggregate(kind: 'envelope' | 'bbox', geo: string, type: 'geo_point_2d' | 'geo_shape'): string;

  // ---- Records -------------------------------------------------------------------------------------
  /** The technical columns a records page ends with: id, timestamp (ISO UTC with milliseconds), size. */
  technicalColumns(id: string, timestamp: string, size: string): string[];
  /** order_by=random(seed): the same permutation for a seed. */
  randomOrderKey(position: string, seed: string): string;
  /** A DATE as a number of days since 1970-01-01 (sort keys, sort ranges). */
  daysSinceEpoch(date: string): string;
  /** An instant as epoch milliseconds (sort ranges). */
  epochMillis(instant: string): string;

  // ---- Time ----------------------------------------------------------------------------------------
  /**
   * Wall clock in a time zone (SQL, or null for UTC) of an instant. `instants`: the range the instants
   * lie in, when known (epoch ms).
   */
  wallClock(instant: string, tz: string | null, bind: Binder, instants?: ValueRange): string;
  /** Wall clock of an instant from the known offsets of its zone over the values' range. */
  shiftedWallClock(instant: string, spans: readonly { until?: string; seconds: string }[]): string;
  /** The instant at which a wall clock in a time zone shows `local`. */
  /**
   * The instant at which a wall clock in a time zone shows `local`. `instants`: the range the instants
   * lie in, when known (epoch ms), for engines that convert with the zone's offset changes over it.
   */
  fromWallClock(local: string, tz: string | null, bind: Binder, instants?: ValueRange): string;
  /**
   * A literal instant (bound): its UTC wall clock as text (`2020-01-01 12:00:00.000`, microseconds may
   * follow) and in epoch milliseconds.
   */
  instantLiteral(instant: TimeText, bind: Binder): string;
  /** A literal wall clock (bound): as text (`2020-01-01 12:00:00.000`) and in milliseconds read as UTC. */
  wallClockLiteral(local: TimeText, bind: Binder): string;
  /** A literal wall clock read in the request time zone: the instant it names. */
  zonedLiteral(local: TimeText, bind: Binder): string;
  /** The wall clock in the request time zone of a literal instant. */
  literalWallClock(instant: TimeText, bind: Binder): string;
  /** A literal calendar day (bound): as `YYYY-MM-DD` and in days since 1970-01-01. */
  dateLiteral(day: { readonly text: string; readonly days: number }, bind: Binder): string;
  /** The wall clock at the start of a date value's day. */
  dateToWallClock(date: string): string;
  /** A date value as date parts and date_format read it (a DATE itself where the engine can). */
  dateAsWallClock(date: string): string;
  /**
   * An integer part of a wall clock. `instants`: the range of the instants the wall clock shows, when
   * known (an engine may compute the part faster inside some range).
   */
  datePart(component: DateComponent, wall: string, instants?: ValueRange): string;
  /** The format directive printing a number exactly as a pattern does, if the engine has one. */
  dateDirective(part: DateFieldPart): string | undefined;
  /** Literal text inside a format string. */
  formatLiteral(text: string): string;
  /** A wall clock formatted by a format string of directives (bound). */
  formatDate(wall: string, format: string): string;
  /** An integer zero-padded to `width` digits. */
  zeroPad(value: string, width: number, bind: Binder): string;
  /** A duration of `n` (SQL) units. */
  interval(unit: IntervalUnit, n: string): string;
  /** The start of the unit holding a wall clock. */
  truncate(unit: IntervalUnit, wall: string): string;
  /** The start of the bucket of `interval` (from 1970-01-01) holding a wall clock. */
  timeBucket(interval: string, wall: string): string;
  /** A wall clock at the start of a unit plus `n` (SQL) units. */
  addInterval(wall: string, unit: IntervalUnit, n: string): string;

  // ---- Labels of group keys ------------------------------------------------------------------------
  /** A whole number as text (`12`). */
  integerText(x: string): string;
  /** A double as Python writes it (`20.0`, `2.5`): the bucket labels of the service. */
  floatText(x: string): string;
  /** An instant as `2020-01-01T00:00:00.000Z`. */
  isoUtcMillis(instant: string): string;
  /** The JSON of a geo_cluster group: the centroid of its points. */
  clusterCentroid(point: string): string;
  pointLat(point: string): string;
  pointLon(point: string): string;

  // ---- Geometry ------------------------------------------------------------------------------------
  /** Distance in metres (haversine; 0 inside a shape's areas) from a point or shape to (lat, lon), bound. */
  geoDistance(geo: string, type: GeoFieldType, lat: string, lon: string): string;
  /** A point lies in the box (latitudes and longitudes ordered; shapes meet it through geoRelation). */
  pointInBox(
    point: string,
    box: {
      readonly minLat: number;
      readonly maxLat: number;
      readonly minLon: number;
      readonly maxLon: number;
    },
    bind: Binder,
  ): string;
  /** A point or shape intersects, or lies within, a geometry literal (the dialect binds it). */
  geoRelation(
    geo: string,
    type: GeoFieldType,
    relation: 'intersects' | 'within',
    literal: GeometryLiteral,
    bind: Binder,
  ): string;

  // ---- Statements the server writes (trusted text, never a request's) -------------------------------
  /** A text literal of trusted text (dataset ids, language codes): request values are bound instead. */
  textLiteral(text: string): string;
  /** DDL making the view `view` (quoted) show `query`: replaced where the engine can, else created if missing. */
  createView(view: string, query: string): string;
  /**
   * The catalog rows one caller sees (auth/policy): the public rows of the catalog `catalog` (quoted)
   * and the rows of the datasets `granted` (their ids).
   */
  accessViewQuery(catalog: string, granted: readonly string[]): string;
  /**
   * The catalog `catalog` (quoted) in one language: each dataset's row in `lang`, or its untranslated
   * row when it has none; without a language, the untranslated rows.
   */
  languageViewQuery(catalog: string, lang: Lang | undefined): string;
  /**
   * The catalog `catalog` (quoted) with the usage fields `fields` (quoted: download count, API call
   * count, popularity score = 5 × downloads + API calls) from the engine's usage counts `usage`, in
   * catalog order. `columns` (quoted): the catalog's columns, for an engine that cannot name them all
   * at once beside a join.
   */
  usageViewQuery(
    catalog: string,
    usage: string,
    fields: readonly [string, string, string],
    columns: readonly string[],
  ): string;

  // ---- The database --------------------------------------------------------------------------------
  /** Statements that prepare a database for compiled queries (idempotent). */
  setupStatements(): string[];
  /** The names of the time zones the engine knows, one a row. */
  timeZoneNamesQuery(): SqlQuery;
}
