/*
 * DuckDB macros the compiled SQL calls by name (geometry, distances, ISO rendering), created with the
 * database by the DuckDB dialect's setupStatements.
 */

/**
 * Macros the compiled SQL relies on. They are created with the database (see setupStatements) and
 * take positions as `[lon, lat]` lists, like GeoJSON.
 */
export const MACROS: readonly string[] = [
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
