import type { SqlQuery } from './sql';
import { GEO_SHAPE_TYPE, quoteIdent, searchSqlExpression } from './storage';

/*
 * The dialect seam: DuckDB's SQL for the pieces the compiler assembles. The compiler calls these
 * functions with SQL fragments (columns, bound parameters, sub-expressions) and gets SQL back; it never
 * writes an engine function name itself where a function here exists. A second engine (ClickHouse)
 * is a module with the same exports, chosen where the compiler imports `./dialect`.
 *
 * What a dialect provides, by section below:
 *   - parameters: `typedParam(index, type)` and the type names TEXT, INT, DOUBLE, BOOLEAN, TEXT_LIST,
 *     DOUBLE_LIST (ParamList binds values through them; placeholders are `$n`, see sql.ts);
 *   - identifiers: `quoteIdent` (names are checked against the schema before they are quoted);
 *   - text: `searchTokens`, `listToText`, `startsWith`, `containsText`, `fuzzyTokenMatch`;
 *   - lists (multivalued fields): `listContains`, `listHasAny`, `anyListElement`;
 *   - JSON: `toJson`, `jsonOfText`, `shapeGeometryType`, `shapeFromJson` (geometry literals);
 *   - records: `technicalColumns` (id, ISO timestamp, size of a records page), `randomOrderKey`;
 *   - time: `wallClock`, `shiftedWallClock`, `fromWallClock`, `instantFromText` (instants are UTC wall
 *     clocks, a time zone is SQL or null for UTC);
 *   - `setupStatements()`: what a database needs before it answers compiled queries (session time zone,
 *     the `ods_*` macros for geometry, distances and ISO rendering, which compiled SQL calls by name).
 * The storage layout (column names and types) is in storage.ts, shared with ingestion.
 *
 * Still written inline, to move here next (each a small function): aggregate function names
 * (aggregates.ts: quantile_cont, list_distinct/flatten for multivalued counts), the JSON rendering of
 * output values (output.ts), date_format patterns (date-format.ts: strftime), group keys
 * (grouping.ts: date_trunc and the bucket labels), the single-key sort of query.ts (BIGINT arithmetic
 * on DATE), and the casts `CAST(x AS TIMESTAMP|DATE|DOUBLE)`.
 */

export { quoteIdent };

/** Placeholder `$n` with an explicit cast, so that the engine never has to guess a parameter type. */
export function typedParam(index: number, sqlType: string): string {
  return `CAST($${index} AS ${sqlType})`;
}

export const TEXT = 'VARCHAR';
export const INT = 'BIGINT';
export const DOUBLE = 'DOUBLE';
export const BOOLEAN = 'BOOLEAN';
export const TEXT_LIST = 'VARCHAR[]';
export const DOUBLE_LIST = 'DOUBLE[]';

/** A geometry literal arrives as JSON text of its normalised form. */
export function shapeFromJson(param: string): string {
  return `from_json(${param}, '${shapeJsonStructure()}')`;
}

function shapeJsonStructure(): string {
  // from_json wants a JSON structure description, derived from the storage struct type.
  const fields = /STRUCT\((.*)\)$/.exec(GEO_SHAPE_TYPE)![1]!;
  const parts = fields.split(/,\s(?=[a-z]+\s)/).map((f) => {
    const [name, type] = f.split(' ') as [string, string];
    return `"${name}":"${type}"`;
  });
  return `{${parts.join(',')}}`;
}

// ---- Text -----------------------------------------------------------------------------------------

/** ` tok1 tok2 ` for a VARCHAR expression: the form `contains(…, ' tok ')` searches. */
export function searchTokens(expr: string): string {
  return `(' ' || ${searchSqlExpression(`coalesce(${expr}, '')`)} || ' ')`;
}

export function listToText(expr: string): string {
  return `array_to_string(${expr}, ' ')`;
}

export function startsWith(text: string, prefix: string): string {
  return `starts_with(${text}, ${prefix})`;
}

/** ` tok1 tok2 ` (the search tokens) holds `' tok '`, or `' tok'` for a prefix. */
export function containsText(text: string, part: string): string {
  return `contains(${text}, ${part})`;
}

/** Some token of the search tokens is within `edits` single-character edits of `word`. */
export function fuzzyTokenMatch(tokens: string, word: string, edits: number): string {
  return `coalesce(list_bool_or(list_transform(string_split(trim(${tokens}), ' '), w -> levenshtein(w, ${word}) <= ${edits})), false)`;
}

// ---- Lists (multivalued fields) -------------------------------------------------------------------

/** The list holds the value. */
export function listContains(list: string, value: string): string {
  return `list_contains(${list}, ${value})`;
}

/** The list holds one of the values at least. */
export function listHasAny(list: string, values: readonly string[]): string {
  return `list_has_any(${list}, [${values.join(', ')}])`;
}

/**
 * Some element of the list passes the test (`test` builds SQL from the element's name). The lambda's
 * name starts with two underscores, like the technical columns, so no field column can shadow it.
 */
export function anyListElement(list: string, test: (element: string) => string): string {
  return `list_bool_or(list_transform(${list}, __item -> ${test('__item')}))`;
}

// ---- JSON -----------------------------------------------------------------------------------------

/** JSON text of a value. */
export function toJson(expr: string): string {
  return `to_json(${expr})`;
}

/** json_format(): the text as JSON when it is valid JSON, else the fallback (JSON text). */
export function jsonOfText(text: string, fallback: string): string {
  return `CASE WHEN ${text} IS NULL THEN NULL WHEN json_valid(${text}) THEN CAST(json(${text}) AS VARCHAR) ELSE ${fallback} END`;
}

/** The GeoJSON type of a stored shape. */
export function shapeGeometryType(shape: string): string {
  return `json_extract_string(${shape}.geojson, '$.type')`;
}

// ---- Records ---------------------------------------------------------------------------------------

/** The technical columns a records page ends with: id, timestamp (ISO UTC with milliseconds), size. */
export function technicalColumns(id: string, timestamp: string, size: string): string[] {
  return [id, `ods_iso_utc_millis(${timestamp})`, `CAST(${size} AS INTEGER)`];
}

/** order_by=random(seed): a hash of the position and the seed, the same permutation for a seed. */
export function randomOrderKey(position: string, seed: string): string {
  return `hash(${position}, ${seed})`;
}

// ---- Time -----------------------------------------------------------------------------------------

/*
 * Instants are TIMESTAMPs holding the UTC wall clock (the database session runs in UTC). A time zone
 * is a SQL expression, or null for UTC, where no conversion is needed.
 */

/** Wall clock in a time zone of an instant. */
export function wallClock(instant: string, tz: string | null): string {
  return tz === null ? instant : `timezone(${tz}, CAST(${instant} AS TIMESTAMPTZ))`;
}

/**
 * Wall clock of an instant whose zone offsets over the values' range are known: the offset of each
 * span, chosen by comparing with the few instants where it changes. Much faster than a time zone
 * lookup per value. `spans` hold SQL (bound parameters): the end of each span but the last, and its
 * offset in seconds.
 */
export function shiftedWallClock(
  instant: string,
  spans: readonly { until?: string; seconds: string }[],
): string {
  const last = spans[spans.length - 1]!;
  if (spans.length === 1) return `(${instant} + to_seconds(${last.seconds}))`;
  const whens = spans.slice(0, -1).map((s) => `WHEN ${instant} < ${s.until} THEN ${s.seconds}`);
  return `(${instant} + to_seconds(CASE ${whens.join(' ')} ELSE ${last.seconds} END))`;
}

/** The instant at which a wall clock in a time zone shows `local`. */
export function fromWallClock(local: string, tz: string | null): string {
  return tz === null ? local : `CAST(timezone(${tz}, ${local}) AS TIMESTAMP)`;
}

/** An instant from its ISO 8601 UTC text. */
export function instantFromText(param: string): string {
  return `CAST(${param} AS TIMESTAMP)`;
}

// ---- Macros ---------------------------------------------------------------------------------------

/**
 * Macros the compiled SQL relies on. They are created with the database (see setupStatements) and
 * take positions as `[lon, lat]` lists, like GeoJSON.
 */
const MACROS: readonly string[] = [
  // Great-circle distance in metres (mean earth radius).
  `ods_haversine(lat1, lon1, lat2, lon2) AS
     2 * 6371008.8 * asin(sqrt(
       pow(sin(radians(lat2 - lat1) / 2), 2) +
       cos(radians(lat1)) * cos(radians(lat2)) * pow(sin(radians(lon2 - lon1) / 2), 2)))`,
  // Even-odd point in polygon over all rings (outer and holes).
  `ods_point_in_polygon(x, y, poly) AS
     coalesce(list_sum(list_transform(poly, ring -> coalesce(list_sum(list_transform(range(1, len(ring)),
       i -> CASE WHEN ((ring[i][2] > y) != (ring[i + 1][2] > y))
                  AND (x < (ring[i + 1][1] - ring[i][1]) * (y - ring[i][2]) / (ring[i + 1][2] - ring[i][2]) + ring[i][1])
             THEN 1 ELSE 0 END)), 0))), 0) % 2 = 1`,
  `ods_point_in_areas(x, y, areas) AS
     coalesce(list_bool_or(list_transform(areas, poly -> ods_point_in_polygon(x, y, poly))), false)`,
  // Orientation of (p, q, r): > 0 counter-clockwise, < 0 clockwise, 0 collinear.
  `ods_orient(px, py, qx, qy, rx, ry) AS (qx - px) * (ry - py) - (qy - py) * (rx - px)`,
  `ods_on_segment(px, py, qx, qy, rx, ry) AS
     least(px, qx) <= rx AND rx <= greatest(px, qx) AND least(py, qy) <= ry AND ry <= greatest(py, qy)`,
  // Segments [a, b] and [c, d] share a point.
  `ods_segments_meet(x1, y1, x2, y2, x3, y3, x4, y4) AS
     CASE
       WHEN sign(ods_orient(x1, y1, x2, y2, x3, y3)) * sign(ods_orient(x1, y1, x2, y2, x4, y4)) < 0
        AND sign(ods_orient(x3, y3, x4, y4, x1, y1)) * sign(ods_orient(x3, y3, x4, y4, x2, y2)) < 0 THEN true
       WHEN ods_orient(x1, y1, x2, y2, x3, y3) = 0 AND ods_on_segment(x1, y1, x2, y2, x3, y3) THEN true
       WHEN ods_orient(x1, y1, x2, y2, x4, y4) = 0 AND ods_on_segment(x1, y1, x2, y2, x4, y4) THEN true
       WHEN ods_orient(x3, y3, x4, y4, x1, y1) = 0 AND ods_on_segment(x3, y3, x4, y4, x1, y1) THEN true
       WHEN ods_orient(x3, y3, x4, y4, x2, y2) = 0 AND ods_on_segment(x3, y3, x4, y4, x2, y2) THEN true
       ELSE false
     END`,
  // Segments cross at a point interior to both (touching does not count).
  `ods_segments_cross(x1, y1, x2, y2, x3, y3, x4, y4) AS
     sign(ods_orient(x1, y1, x2, y2, x3, y3)) * sign(ods_orient(x1, y1, x2, y2, x4, y4)) < 0
     AND sign(ods_orient(x3, y3, x4, y4, x1, y1)) * sign(ods_orient(x3, y3, x4, y4, x2, y2)) < 0`,
  // Any segment of the lines of a meets (or, strictly, crosses) any segment of the lines of b.
  `ods_lines_meet(a, b, strict) AS
     coalesce(list_bool_or(list_transform(a, la -> coalesce(list_bool_or(list_transform(range(1, len(la)), i ->
       coalesce(list_bool_or(list_transform(b, lb -> coalesce(list_bool_or(list_transform(range(1, len(lb)), j ->
         CASE WHEN strict
           THEN ods_segments_cross(la[i][1], la[i][2], la[i + 1][1], la[i + 1][2], lb[j][1], lb[j][2], lb[j + 1][1], lb[j + 1][2])
           ELSE ods_segments_meet(la[i][1], la[i][2], la[i + 1][1], la[i + 1][2], lb[j][1], lb[j][2], lb[j + 1][1], lb[j + 1][2])
         END)), false))), false))), false))), false)`,
  `ods_any_point_in(pts, areas) AS
     coalesce(list_bool_or(list_transform(pts, p -> ods_point_in_areas(p[1], p[2], areas))), false)`,
  // Every point lies inside the areas of shape s, on its boundary, or on one of its points.
  `ods_all_points_in_or_on(pts, s) AS
     len(pts) > 0 AND coalesce(list_bool_and(list_transform(pts, p ->
       ods_point_in_areas(p[1], p[2], s.areas) OR ods_lines_meet([[p, p]], s.lines, false)
       OR list_contains(s.pts, p))), false)`,
  // A vertex of a hole of b lies inside the areas of a: a then covers part of that hole.
  `ods_holes_inside(b, a) AS
     coalesce(list_bool_or(list_transform(b.areas, poly -> coalesce(list_bool_or(list_transform(poly[2:],
       ring -> ods_any_point_in(ring, a.areas))), false))), false)`,
  `ods_boxes_overlap(a, b) AS a.minx <= b.maxx AND b.minx <= a.maxx AND a.miny <= b.maxy AND b.miny <= a.maxy`,
  // Shapes a and b (normalised structs) share at least one point.
  `ods_shapes_intersect(a, b) AS
     ods_boxes_overlap(a, b) AND (
       ods_lines_meet(a.lines, b.lines, false)
       OR ods_any_point_in(a.pts, b.areas)
       OR ods_any_point_in(b.pts, a.areas)
       OR coalesce(list_bool_or(list_transform(a.pts, p -> list_contains(b.pts, p))), false))`,
  // Shape a lies inside the areas of b: every vertex inside or on b's boundary, no edge crossing it.
  `ods_shape_within(a, b) AS
     ods_boxes_overlap(a, b) AND ods_all_points_in_or_on(a.pts, b)
     AND NOT ods_lines_meet(a.lines, b.lines, true) AND NOT ods_holes_inside(b, a)`,
  // A point (x, y) and a shape share a point.
  `ods_point_intersects(x, y, s) AS
     x BETWEEN s.minx AND s.maxx AND y BETWEEN s.miny AND s.maxy AND (
       ods_point_in_areas(x, y, s.areas)
       OR list_contains(s.pts, [x, y])
       OR ods_lines_meet([[[x, y], [x, y]]], s.lines, false))`,
  // Where the projection of (px, py) on the segment from (x1, y1) to (x2, y2) falls, from 0 (at its
  // start) to 1 (at its end), in an equirectangular projection whose longitudes are scaled by k.
  `ods_segment_t(px, py, x1, y1, x2, y2, k) AS
     CASE WHEN (x2 - x1) * (x2 - x1) * k * k + (y2 - y1) * (y2 - y1) = 0 THEN 0.0
          ELSE greatest(0.0, least(1.0, ((px - x1) * (x2 - x1) * k * k + (py - y1) * (y2 - y1))
                                      / ((x2 - x1) * (x2 - x1) * k * k + (y2 - y1) * (y2 - y1)))) END`,
  `ods_segment_point_distance(lat, lon, x1, y1, x2, y2, t) AS
     ods_haversine(y1 + t * (y2 - y1), x1 + t * (x2 - x1), lat, lon)`,
  // Distance in metres from (lat, lon) to the nearest point of the segment from (x1, y1) to (x2, y2)
  // (lon/lat positions), found in a projection around (lat, lon).
  `ods_segment_distance(lat, lon, x1, y1, x2, y2) AS
     ods_segment_point_distance(lat, lon, x1, y1, x2, y2,
       ods_segment_t(lon, lat, x1, y1, x2, y2, cos(radians(lat))))`,
  // Distance in metres from a point to a shape: 0 inside it, else to its nearest vertex or edge.
  `ods_shape_distance(s, lat, lon) AS
     CASE WHEN ods_point_in_areas(lon, lat, s.areas) THEN 0.0
          ELSE least(
            list_min(list_transform(s.pts, p -> ods_haversine(p[2], p[1], lat, lon))),
            list_min(list_transform(s.lines, l -> list_min(list_transform(range(1, len(l)), i ->
              ods_segment_distance(lat, lon, l[i][1], l[i][2], l[i + 1][1], l[i + 1][2])))))) END`,
  // ISO 8601 rendering of an instant in a time zone, as the service writes it: seconds, microseconds
  // only when not zero, and the offset as ±HH:MM.
  `ods_iso_datetime(t, tz) AS
     CASE WHEN t IS NULL THEN NULL ELSE
       ods_iso_wall(timezone(tz, CAST(t AS TIMESTAMPTZ)))
       || ods_utc_offset(epoch(timezone(tz, CAST(t AS TIMESTAMPTZ))) - epoch(t))
     END`,
  `ods_iso_datetime_utc(t) AS CASE WHEN t IS NULL THEN NULL ELSE ods_iso_wall(t) || '+00:00' END`,
  `ods_iso_wall(w) AS
     CASE WHEN microsecond(w) % 1000000 = 0
          THEN strftime(w, '%Y-%m-%dT%H:%M:%S')
          ELSE strftime(w, '%Y-%m-%dT%H:%M:%S.%f') END`,
  `ods_utc_offset(seconds) AS
     (CASE WHEN seconds < 0 THEN '-' ELSE '+' END)
     || lpad(CAST(CAST(floor(abs(seconds) / 3600) AS INTEGER) AS VARCHAR), 2, '0') || ':'
     || lpad(CAST(CAST(floor((abs(seconds) % 3600) / 60) AS INTEGER) AS VARCHAR), 2, '0')`,
  // A UTC instant with milliseconds and Z: the form of range bucket labels and v2.0 aggregates.
  `ods_iso_utc_millis(t) AS strftime(t, '%Y-%m-%dT%H:%M:%S.%gZ')`,
  // Python's float repr for bucket labels: always a decimal point.
  `ods_float_label(x) AS CASE WHEN x = floor(x) AND abs(x) < 1e16 THEN CAST(CAST(x AS BIGINT) AS VARCHAR) || '.0' ELSE CAST(x AS VARCHAR) END`,
];

/** Statements that prepare a database for compiled queries (idempotent). */
export function setupStatements(): string[] {
  return ["SET GLOBAL TimeZone = 'UTC'", ...MACROS.map((m) => `CREATE OR REPLACE MACRO ${m}`)];
}

/** The names of the time zones the engine knows, one a row (the server keeps those Intl knows too). */
export function timeZoneNamesQuery(): SqlQuery {
  return { sql: 'SELECT name FROM pg_timezone_names()', params: [] };
}
