import type { Clause } from './errors';

/** The type of an ODSQL expression, as the checker infers it. */
export type ValueType =
  | 'text'
  | 'int'
  | 'double'
  | 'boolean'
  | 'date'
  | 'datetime'
  | 'geo_point_2d'
  | 'geo_shape'
  | 'json'
  | 'null'
  /** A geometry literal (`geom'…'`). */
  | 'geometry';

/** What an argument position accepts. */
export type ParamType =
  | 'any'
  | 'text'
  | 'numeric'
  | 'temporal'
  /** numeric or temporal: min/max. */
  | 'ordered'
  | 'geo_point'
  /** geo_point_2d or geo_shape. */
  | 'geo'
  | 'geometry'
  /** A number with a distance unit (`10km`) or a plain number of metres. */
  | 'distance'
  /** A string literal (a pattern, a search text). */
  | 'string_literal'
  /** An integer literal. */
  | 'int_literal'
  /** A number literal. */
  | 'number_literal';

export interface ParamSpec {
  readonly name: string;
  readonly type: ParamType;
  readonly optional?: boolean;
}

export type FunctionKind =
  /** Value of one record. */
  | 'scalar'
  /** Value of a group of records. */
  | 'aggregate'
  /** A filter: boolean, where only. */
  | 'predicate'
  /** Only as a group_by key. */
  | 'grouping'
  /** Only as an order_by key. */
  | 'ordering';

export interface FunctionSpec {
  readonly name: string;
  readonly kind: FunctionKind;
  /** Clauses where the function may appear. */
  readonly clauses: readonly Clause[];
  /**
   * Positional parameters. Functions with special argument lists (`search`, `suggest`, `now`,
   * `count`, `range`) describe them in `signature` and are checked by name.
   */
  readonly params: readonly ParamSpec[] | 'special';
  /** Result type; `arg0` means the type of the first argument. */
  readonly result: ValueType | 'arg0' | 'sum';
  /** Shown by completion: `within_distance(geo_field, geom'POINT(lon lat)', 10km)`. */
  readonly signature: string;
  readonly doc: string;
  /** A legacy name kept for compatibility: the current name to use instead. */
  readonly replacedBy?: string;
}

const ALL: readonly Clause[] = ['select', 'where', 'group_by', 'order_by'];
const NO_GROUP: readonly Clause[] = ['select', 'where', 'order_by'];
const AGG: readonly Clause[] = ['select', 'order_by'];
const WHERE: readonly Clause[] = ['where'];

const temporalPart = (name: string, what: string): FunctionSpec => ({
  name,
  kind: 'scalar',
  clauses: ALL,
  params: [{ name: 'date', type: 'temporal' }],
  result: 'int',
  signature: `${name}(date_field)`,
  doc: `The ${what} of a date or datetime, in the request timezone (an integer in v2.1, text in v2.0).`,
});

const stat = (name: string, doc: string, result: FunctionSpec['result'] = 'double'): FunctionSpec => ({
  name,
  kind: 'aggregate',
  clauses: AGG,
  params: [{ name: 'field', type: 'numeric' }],
  result,
  signature: `${name}(numeric_field)`,
  doc,
});

export const FUNCTIONS: readonly FunctionSpec[] = [
  // Scalar functions.
  {
    name: 'length',
    kind: 'scalar',
    clauses: NO_GROUP,
    params: [{ name: 'text', type: 'text' }],
    result: 'int',
    signature: 'length(text)',
    doc: 'Number of characters of a text.',
  },
  {
    name: 'lower',
    kind: 'scalar',
    clauses: ALL,
    params: [{ name: 'text', type: 'text' }],
    result: 'text',
    signature: 'lower(text)',
    doc: 'The text in lower case.',
  },
  {
    name: 'now',
    kind: 'scalar',
    clauses: NO_GROUP,
    params: 'special',
    result: 'datetime',
    signature: 'now(days=-7, hour=0, …)',
    doc: 'The current time, shifted by named arguments: singular names set a part (year, month, day, hour, minute, second, microsecond, weekday), plural names add to it (years … microseconds, mondays … sundays).',
  },
  temporalPart('year', 'year'),
  temporalPart('month', 'month (1–12)'),
  temporalPart('day', 'day of the month'),
  temporalPart('hour', 'hour (0–23)'),
  temporalPart('minute', 'minute'),
  temporalPart('second', 'second'),
  {
    name: 'date_format',
    kind: 'scalar',
    clauses: ALL,
    params: [
      { name: 'date', type: 'temporal' },
      { name: 'pattern', type: 'string_literal' },
    ],
    result: 'text',
    signature: "date_format(date_field, 'yyyy-MM-dd')",
    doc: 'Formats a date with a pattern (yyyy, MM, MMMM, dd, E, EEEE, HH, mm, ss, …); names follow the lang parameter.',
  },
  {
    name: 'ifnull',
    kind: 'scalar',
    clauses: ALL,
    params: [
      { name: 'value', type: 'any' },
      { name: 'fallback', type: 'any' },
    ],
    result: 'arg0',
    signature: 'ifnull(field, fallback)',
    doc: 'The value, or the fallback when the value is null.',
  },
  {
    name: 'json_format',
    kind: 'scalar',
    clauses: ['select'],
    params: [
      { name: 'text', type: 'text' },
      { name: 'fallback', type: 'any', optional: true },
    ],
    result: 'json',
    signature: 'json_format(text_field, fallback)',
    doc: 'Parses a text holding JSON; a text that is not JSON gives the fallback, or the text itself.',
  },
  {
    name: 'distance',
    kind: 'scalar',
    clauses: ['select', 'order_by', 'where'],
    params: [
      { name: 'geo_field', type: 'geo' },
      { name: 'point', type: 'geometry' },
      { name: 'distance', type: 'distance', optional: true },
    ],
    result: 'double',
    signature: "distance(geo_field, geom'POINT(lon lat)')",
    doc: 'Distance in metres from the point. With a third argument in where, the legacy form of within_distance.',
  },
  {
    name: 'geometry_type',
    kind: 'scalar',
    clauses: NO_GROUP,
    params: [{ name: 'geo_field', type: 'geo' }],
    result: 'text',
    signature: 'geometry_type(geo_field)',
    doc: 'The GeoJSON type of a geometry: Point, Polygon, MultiPolygon, …',
  },
  // Ordering.
  {
    name: 'random',
    kind: 'ordering',
    clauses: ['order_by'],
    params: [{ name: 'seed', type: 'int_literal' }],
    result: 'double',
    signature: 'random(seed)',
    doc: 'A random order; the same seed gives the same order, so pages stay stable.',
  },
  // Filters.
  {
    name: 'search',
    kind: 'predicate',
    clauses: WHERE,
    params: 'special',
    result: 'boolean',
    signature: 'search(field, "text")',
    doc: 'Full-text search in the given fields (all with * or none): all terms but the last are fuzzy, the last is a prefix; case and accents ignored.',
  },
  {
    name: 'suggest',
    kind: 'predicate',
    clauses: WHERE,
    params: 'special',
    result: 'boolean',
    signature: 'suggest(field, "prefix")',
    doc: 'Words of the fields starting with the text; case and accents ignored.',
  },
  {
    name: 'startswith',
    kind: 'predicate',
    clauses: WHERE,
    params: [
      { name: 'field', type: 'text' },
      { name: 'prefix', type: 'string_literal' },
    ],
    result: 'boolean',
    signature: 'startswith(field, "Prefix")',
    doc: 'The whole value starts with the text (case-sensitive).',
  },
  {
    name: 'within_distance',
    kind: 'predicate',
    clauses: WHERE,
    params: [
      { name: 'geo_field', type: 'geo' },
      { name: 'center', type: 'geometry' },
      { name: 'distance', type: 'distance' },
    ],
    result: 'boolean',
    signature: "within_distance(geo_field, geom'POINT(lon lat)', 10km)",
    doc: 'Records within the distance of the point (units mi, yd, ft, m, cm, km, mm; metres when omitted).',
  },
  {
    name: 'in_bbox',
    kind: 'predicate',
    clauses: WHERE,
    params: [
      { name: 'geo_field', type: 'geo' },
      { name: 'lat1', type: 'number_literal' },
      { name: 'lon1', type: 'number_literal' },
      { name: 'lat2', type: 'number_literal' },
      { name: 'lon2', type: 'number_literal' },
    ],
    result: 'boolean',
    signature: 'in_bbox(geo_field, lat1, lon1, lat2, lon2)',
    doc: 'Records inside the box with these opposite corners (latitude first).',
  },
  ...(['intersects', 'disjoint', 'within'] as const).map(
    (name): FunctionSpec => ({
      name,
      kind: 'predicate',
      clauses: WHERE,
      params: [
        { name: 'geo_field', type: 'geo' },
        { name: 'geometry', type: 'geometry' },
      ],
      result: 'boolean',
      signature: `${name}(geo_field, geom'POLYGON((…))')`,
      doc: {
        intersects: 'Records whose geometry intersects the given geometry.',
        disjoint: 'Records whose geometry does not intersect the given geometry.',
        within: 'Records whose geometry lies inside the given geometry.',
      }[name],
    }),
  ),
  {
    name: 'geometry',
    kind: 'predicate',
    clauses: WHERE,
    params: 'special',
    result: 'boolean',
    signature: "geometry(geo_field, geom'…', INTERSECTS|DISJOINT|WITHIN)",
    doc: 'Legacy form of intersects, disjoint and within.',
    replacedBy: 'intersects',
  },
  {
    name: 'polygon',
    kind: 'predicate',
    clauses: WHERE,
    params: [
      { name: 'geo_field', type: 'geo' },
      { name: 'polygon', type: 'geometry' },
    ],
    result: 'boolean',
    signature: "polygon(geo_field, geom'POLYGON((…))')",
    doc: 'Legacy form of within.',
    replacedBy: 'within',
  },
  // Aggregates.
  {
    name: 'count',
    kind: 'aggregate',
    clauses: AGG,
    params: 'special',
    result: 'int',
    signature: 'count(*)',
    doc: 'Number of records; count(field) counts non-null values, count(distinct field) distinct ones.',
  },
  stat('avg', 'Average of a numeric field.'),
  stat('sum', 'Sum of a numeric field.', 'sum'),
  {
    name: 'min',
    kind: 'aggregate',
    clauses: AGG,
    params: [{ name: 'field', type: 'ordered' }],
    result: 'arg0',
    signature: 'min(field)',
    doc: 'Smallest value of a numeric or date field.',
  },
  {
    name: 'max',
    kind: 'aggregate',
    clauses: AGG,
    params: [{ name: 'field', type: 'ordered' }],
    result: 'arg0',
    signature: 'max(field)',
    doc: 'Largest value of a numeric or date field.',
  },
  stat('median', 'Median of a numeric field (the 50th percentile).'),
  {
    name: 'percentile',
    kind: 'aggregate',
    clauses: AGG,
    params: [
      { name: 'field', type: 'numeric' },
      { name: 'percent', type: 'number_literal' },
    ],
    result: 'double',
    signature: 'percentile(numeric_field, 90)',
    doc: 'The given percentile (0 to 100) of a numeric field.',
  },
  {
    name: 'envelope',
    kind: 'aggregate',
    clauses: ['select'],
    params: [{ name: 'geo_field', type: 'geo' }],
    result: 'geo_shape',
    signature: 'envelope(geo_field)',
    doc: 'Convex hull of all the geometries.',
  },
  {
    name: 'bbox',
    kind: 'aggregate',
    clauses: ['select', 'where'],
    params: 'special',
    result: 'geo_shape',
    signature: 'bbox(geo_field)',
    doc: 'Bounding box of all the geometries. In where, bbox(geo_field, lat1, lon1, lat2, lon2) is the legacy form of in_bbox.',
  },
  // Grouping.
  {
    name: 'range',
    kind: 'grouping',
    clauses: ['group_by'],
    params: 'special',
    result: 'text',
    signature: 'range(field, 10) · range(date, 1 month) · range(field, *, 10, 50, *)',
    doc: 'Buckets: equal width, a date interval (ms, s, m, h, d, w, M, q, y), or static bounds (* opens the ends).',
  },
  {
    name: 'geo_cluster',
    kind: 'grouping',
    clauses: ['group_by'],
    params: 'special',
    result: 'json',
    signature: 'geo_cluster(geo_point_field, zoom)',
    doc: 'Clusters of nearby points for a map zoom level (0–25); each group holds its cluster centroid.',
  },
];

const BY_NAME = new Map(FUNCTIONS.map((f) => [f.name, f]));

export function lookupFunction(name: string): FunctionSpec | undefined {
  return BY_NAME.get(name.toLowerCase());
}
