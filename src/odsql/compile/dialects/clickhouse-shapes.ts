import type { Position } from '../../geo/types';
import type { Binder, GeometryLiteral } from '../dialect';

/*
 * geo_shape fields against points and geometry literals, in ClickHouse 18.16: DuckDB's macros
 * (duckdb-macros.ts) written with array lambdas over the field's normalised columns (`f@pts`,
 * `f@lines`, `f@areas`, `f@minx`…) and the literal's coordinates bound one by one, with the same
 * arithmetic in the same order, so that both engines decide boundary cases alike.
 *
 * 18.16 refuses a lambda nested in another that names a table column ("Unknown identifier"): nested
 * lambdas here read only their enclosing lambdas' parameters and constants (the bound literal).
 */

/** A shape field's normalised columns (quoted identifiers). */
export interface ShapeColumns {
  readonly geojson: string;
  readonly minx: string;
  readonly miny: string;
  readonly maxx: string;
  readonly maxy: string;
  readonly pts: string;
  readonly lines: string;
  readonly areas: string;
}

type Xy = readonly [string, string];

const position = ([x, y]: Position, bind: Binder): Xy => [bind.double(x), bind.double(y)];

/**
 * Up to this many edges or vertices, a literal's tests are written out one by one (columnar, fastest);
 * beyond, they run as a lambda over the literal's rows: 18.16 took minutes to analyse a query of
 * thousands of written-out tests.
 */
export const WRITTEN_OUT = 32;

/** Rows of numbers of a literal as an array literal of bound values. */
export const literalRows = (rows: readonly (readonly number[])[], bind: Binder): string =>
  `[${rows.map((r) => `[${r.map((v) => bind.double(v)).join(', ')}]`).join(', ')}]`;

/** `(q - p) × (r - p)`: > 0 counter-clockwise, < 0 clockwise, 0 collinear (ods_orient). */
const orient = ([px, py]: Xy, [qx, qy]: Xy, [rx, ry]: Xy): string =>
  `((${qx} - ${px}) * (${ry} - ${py}) - (${qy} - ${py}) * (${rx} - ${px}))`;

/** r lies in the box of segment pq (ods_on_segment). */
const onSegment = ([px, py]: Xy, [qx, qy]: Xy, [rx, ry]: Xy): string =>
  `(least(${px}, ${qx}) <= ${rx} AND ${rx} <= greatest(${px}, ${qx}) AND least(${py}, ${qy}) <= ${ry} AND ${ry} <= greatest(${py}, ${qy}))`;

/** -1, 0 or 1 (18.16 has no sign()). */
const sign = (x: string): string => `((${x} > 0) - (${x} < 0))`;

/** Segments ab and cd cross at a point interior to both (ods_segments_cross). */
const segmentsCross = (a: Xy, b: Xy, c: Xy, d: Xy): string =>
  `(${sign(orient(a, b, c))} * ${sign(orient(a, b, d))} < 0 AND ${sign(orient(c, d, a))} * ${sign(orient(c, d, b))} < 0)`;

/** Segments ab and cd share a point (ods_segments_meet). */
const segmentsMeet = (a: Xy, b: Xy, c: Xy, d: Xy): string =>
  `(${segmentsCross(a, b, c, d)} OR (${orient(a, b, c)} = 0 AND ${onSegment(a, b, c)}) OR (${orient(a, b, d)} = 0 AND ${onSegment(a, b, d)}) OR (${orient(c, d, a)} = 0 AND ${onSegment(c, d, a)}) OR (${orient(c, d, b)} = 0 AND ${onSegment(c, d, b)}))`;

/** The segments of lines, each as `[x1, y1, x2, y2]`. */
function literalSegments(lines: GeometryLiteral['lines']): [Position, Position][] {
  return lines.flatMap((line) => line.slice(1).map((b, i): [Position, Position] => [line[i]!, b]));
}

/** Some segment of the field's lines meets (or, strictly, crosses) some segment of the literal's. */
function linesMeet(lines: string, lit: GeometryLiteral, strict: boolean, bind: Binder): string {
  const segments = literalSegments(lit.lines);
  if (segments.length === 0) return '0';
  const list = `[${segments.map(([a, b]) => `[${[...a, ...b].map((v) => bind.double(v)).join(', ')}]`).join(', ')}]`;
  const a: Xy = ['__ml[__mi][1]', '__ml[__mi][2]'];
  const b: Xy = ['__ml[__mi + 1][1]', '__ml[__mi + 1][2]'];
  const c: Xy = ['__ms[1]', '__ms[2]'];
  const d: Xy = ['__ms[3]', '__ms[4]'];
  const test = strict ? segmentsCross(a, b, c, d) : segmentsMeet(a, b, c, d);
  return `arrayExists(__ml -> arrayExists(__mi -> arrayExists(__ms -> ${test}, ${list}), arrayEnumerate(arrayPopBack(__ml))), ${lines})`;
}

/** Even-odd crossing of one edge ab by the ray from (x, y) (ods_point_in_polygon). */
const crossing = ([ax, ay]: Xy, [bx, by]: Xy, x: string, y: string): string =>
  `if((${ay} > ${y}) != (${by} > ${y}) AND ${x} < (${bx} - ${ax}) * (${y} - ${ay}) / (${by} - ${ay}) + ${ax}, 1, 0)`;

/** The point (x, y) lies in the literal's areas, its edges written out (ods_point_in_areas). */
export function inLiteralAreas(x: string, y: string, areas: GeometryLiteral['areas'], bind: Binder): string {
  if (areas.length === 0) return '0';
  const polygons = areas.map((rings) => {
    const edges = rings.flatMap((ring) => ring.slice(1).map((b, i) => [...ring[i]!, ...b]));
    if (edges.length > WRITTEN_OUT) {
      const test = crossing(['__e[1]', '__e[2]'], ['__e[3]', '__e[4]'], x, y);
      return `arraySum(arrayMap(__e -> ${test}, ${literalRows(edges, bind)})) % 2 = 1`;
    }
    const crossings = rings.flatMap((ring) => {
      const vertices = ring.map((v) => position(v, bind));
      return vertices.slice(1).map((b, i) => crossing(vertices[i]!, b, x, y));
    });
    return `arraySum([${crossings.join(', ')}]) % 2 = 1`;
  });
  return `(${polygons.join(' OR ')})`;
}

/** The point (x, y), constants or enclosing lambda parameters, lies in the field's areas. */
function inFieldAreas(x: string, y: string, areas: string): string {
  const test = crossing(['__r[__i][1]', '__r[__i][2]'], ['__r[__i + 1][1]', '__r[__i + 1][2]'], x, y);
  return `arrayExists(__poly -> arraySum(arrayMap(__r -> arraySum(arrayMap(__i -> ${test}, arrayEnumerate(arrayPopBack(__r)))), __poly)) % 2 = 1, ${areas})`;
}

/** The smallest of a list, or null when it is empty (DuckDB's list_min). */
const listMin = (list: string): string => `if(empty(${list}), NULL, arrayReduce('min', ${list}))`;

/** DuckDB's least, which skips nulls. */
const least = (a: string, b: string): string =>
  `multiIf(isNull(${a}), ${b}, isNull(${b}), ${a}, least(${a}, ${b}))`;

/** DuckDB's ods_haversine. */
export function haversine(a1: string, o1: string, a2: string, o2: string): string {
  const [lat1, lon1, lat2, lon2] = [a1, o1, a2, o2].map((x) => `(${x})`) as [string, string, string, string];
  const rad = (x: string): string => `((${x}) * pi() / 180)`;
  return `(2 * 6371008.8 * asin(sqrt(pow(sin(${rad(`${lat2} - ${lat1}`)} / 2), 2) + cos(${rad(lat1)}) * cos(${rad(lat2)}) * pow(sin(${rad(`${lon2} - ${lon1}`)} / 2), 2))))`;
}

/** Distance in metres from (lat, lon) (bound) to the nearest point of segment 12 (ods_segment_distance). */
function segmentDistance(lat: string, lon: string, [x1, y1]: Xy, [x2, y2]: Xy): string {
  const k = `cos(((${lat}) * pi() / 180))`;
  const denominator = `((${x2} - ${x1}) * (${x2} - ${x1}) * ${k} * ${k} + (${y2} - ${y1}) * (${y2} - ${y1}))`;
  const t = `if(${denominator} = 0, 0., greatest(0., least(1., ((${lon} - ${x1}) * (${x2} - ${x1}) * ${k} * ${k} + (${lat} - ${y1}) * (${y2} - ${y1})) / ${denominator})))`;
  return haversine(`${y1} + ${t} * (${y2} - ${y1})`, `${x1} + ${t} * (${x2} - ${x1})`, lat, lon);
}

/** Distance in metres from (lat, lon) to a shape: 0 inside its areas, else to its nearest vertex or edge. */
export function shapeDistance(s: ShapeColumns, lat: string, lon: string): string {
  const vertices = listMin(`arrayMap(__p -> ${haversine('__p[2]', '__p[1]', lat, lon)}, ${s.pts})`);
  const edge = segmentDistance(
    lat,
    lon,
    ['__l[__i][1]', '__l[__i][2]'],
    ['__l[__i + 1][1]', '__l[__i + 1][2]'],
  );
  const edges = listMin(
    `arrayFilter(__d -> isNotNull(__d), arrayMap(__l -> ${listMin(`arrayMap(__i -> ${edge}, arrayEnumerate(arrayPopBack(__l)))`)}, ${s.lines}))`,
  );
  return `if(isNull(${s.geojson}), NULL, if(${inFieldAreas(lon, lat, s.areas)}, 0., ${least(vertices, edges)}))`;
}

/** The boxes of the shape and the literal overlap (ods_boxes_overlap). */
function boxesOverlap(s: ShapeColumns, lit: GeometryLiteral, bind: Binder): string {
  return `(${s.minx} <= ${bind.double(lit.maxx)} AND ${bind.double(lit.minx)} <= ${s.maxx} AND ${s.miny} <= ${bind.double(lit.maxy)} AND ${bind.double(lit.miny)} <= ${s.maxy})`;
}

/** Some vertex of the literal lies in the field's areas. */
function literalPointIn(points: readonly Position[], areas: string, bind: Binder): string {
  if (points.length === 0) return '0';
  if (points.length > WRITTEN_OUT) {
    const test = crossing(
      ['__r[__i][1]', '__r[__i][2]'],
      ['__r[__i + 1][1]', '__r[__i + 1][2]'],
      '__q[1]',
      '__q[2]',
    );
    return `arrayExists(__poly -> arrayExists(__q -> arraySum(arrayMap(__r -> arraySum(arrayMap(__i -> ${test}, arrayEnumerate(arrayPopBack(__r)))), __poly)) % 2 = 1, ${literalRows(points, bind)}), ${areas})`;
  }
  return `(${points.map((p) => inFieldAreas(...position(p, bind), areas)).join(' OR ')})`;
}

/** The point p (SQL) lies on an edge of the literal's lines (ods_lines_meet of [p, p]). */
export function onLiteralEdge(p: Xy, lit: GeometryLiteral, bind: Binder): string {
  const segments = literalSegments(lit.lines);
  if (segments.length === 0) return '0';
  if (segments.length > WRITTEN_OUT) {
    const test = segmentsMeet(p, p, ['__s[1]', '__s[2]'], ['__s[3]', '__s[4]']);
    return `arrayExists(__s -> ${test}, ${literalRows(
      segments.map(([a, b]) => [...a, ...b]),
      bind,
    )})`;
  }
  return `(${segments.map(([a, b]) => segmentsMeet(p, p, position(a, bind), position(b, bind))).join(' OR ')})`;
}

/** The point p (SQL) is a vertex of the literal. */
export function onLiteralVertex(p: Xy, lit: GeometryLiteral, bind: Binder): string {
  if (lit.pts.length > WRITTEN_OUT) return `has(${literalRows(lit.pts, bind)}, [${p[0]}, ${p[1]}])`;
  return `(${lit.pts
    .map((v) => {
      const [vx, vy] = position(v, bind);
      return `(${p[0]} = ${vx} AND ${p[1]} = ${vy})`;
    })
    .join(' OR ')})`;
}

/** The shape and the literal share at least one point (ods_shapes_intersect). */
export function shapesIntersect(s: ShapeColumns, lit: GeometryLiteral, bind: Binder): string {
  if (lit.pts.length === 0) return '0';
  const shared = `hasAny(${s.pts}, ${literalRows(lit.pts, bind)})`;
  return `(${boxesOverlap(s, lit, bind)} AND (${linesMeet(s.lines, lit, false, bind)} OR arrayExists(__p -> ${inLiteralAreas('__p[1]', '__p[2]', lit.areas, bind)}, ${s.pts}) OR ${literalPointIn(lit.pts, s.areas, bind)} OR ${shared}))`;
}

/** The shape lies inside the literal's areas (ods_shape_within). */
export function shapeWithin(s: ShapeColumns, lit: GeometryLiteral, bind: Binder): string {
  if (lit.pts.length === 0) return '0';
  const p: Xy = ['__p[1]', '__p[2]'];
  const inOrOn = `(notEmpty(${s.pts}) AND arrayAll(__p -> ${inLiteralAreas(p[0], p[1], lit.areas, bind)} OR ${onLiteralEdge(p, lit, bind)} OR has(${literalRows(lit.pts, bind)}, __p), ${s.pts}))`;
  const holes = lit.areas.flatMap((rings) => rings.slice(1).flat());
  return `(${boxesOverlap(s, lit, bind)} AND ${inOrOn} AND NOT ${linesMeet(s.lines, lit, true, bind)} AND NOT ${literalPointIn(holes, s.areas, bind)})`;
}
