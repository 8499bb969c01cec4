import type { Binder, GeoFieldType, GeometryLiteral } from '../dialect';
import { DialectUnsupported } from '../dialect';
import {
  haversine,
  inLiteralAreas,
  onLiteralEdge,
  onLiteralVertex,
  type ShapeColumns,
  shapeDistance,
  shapesIntersect,
  shapeWithin,
} from './clickhouse-shapes';

/*
 * Points and shapes of the ClickHouse dialect. A point field is two columns, `f@lat` and `f@lon`; as one
 * value (null, grouped, counted distinct) it is a text of 32 hexadecimal digits, its latitude then its
 * longitude each as 8 big-endian bytes ordered like the numbers, so that points group and sort as
 * DuckDB's {lat, lon} structs do and decode exactly. Geometry reads the columns themselves when the
 * value is a field, which it nearly always is. A shape field is read through `f@geojson` (null when the
 * record has no shape) and its normalised columns `f@minx`… `f@areas` (clickhouse-shapes.ts).
 *
 * Geometry literals are known when the query is compiled: their coordinates are bound one by one and
 * the tests against them are written out, edge by edge, with the arithmetic of DuckDB's macros
 * (18.16's `pointInPolygon` gave wrong answers with holes, and decides boundary points otherwise).
 */

const unsupported = (construct: string): never => {
  throw new DialectUnsupported(construct, 'ClickHouse');
};

const quote = (name: string): string => `"${name.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;

const SIGN_BIT = 'toUInt64(9223372036854775808)';

/** 16 hexadecimal digits of a Float64 (not null), in the order of the numbers. */
const orderedHex = (x: string): string =>
  `hex(reverse(toFixedString(reinterpretAsString(if(bitTest(reinterpretAsUInt64(reinterpretAsString(${x})), 63), bitNot(reinterpretAsUInt64(reinterpretAsString(${x}))), bitOr(reinterpretAsUInt64(reinterpretAsString(${x})), ${SIGN_BIT}))), 8)))`;

/** The Float64 of 16 hexadecimal digits written by orderedHex. */
const fromOrderedHex = (hex: string): string =>
  `reinterpretAsFloat64(reinterpretAsString(if(bitTest(reinterpretAsUInt64(reverse(unhex(${hex}))), 63), bitXor(reinterpretAsUInt64(reverse(unhex(${hex}))), ${SIGN_BIT}), bitNot(reinterpretAsUInt64(reverse(unhex(${hex})))))))`;

interface PointColumns {
  readonly lat: string;
  readonly lon: string;
}

/** The columns behind the point values fieldValue wrote (SQL text → columns), bounded. */
const pointFields = new Map<string, PointColumns>();

/** The point value of a point field (its column name, unquoted). */
export function pointField(column: string): string {
  const lat = quote(`${column}@lat`);
  const lon = quote(`${column}@lon`);
  const sql = `if(isNull(${lat}), NULL, concat(${orderedHex(`assumeNotNull(${lat})`)}, ${orderedHex(`assumeNotNull(${lon})`)}))`;
  if (pointFields.size > 10_000) pointFields.clear();
  pointFields.set(sql, { lat, lon });
  return sql;
}

/** The value of a shape field: its GeoJSON text (null without a shape). */
export const shapeField = (column: string): string => quote(`${column}@geojson`);

/** A shape field's normalised column (`minx`, `pts`…) from its value (the `f@geojson` column). */
function shapePart(shape: string, part: string): string {
  if (!/^".*@geojson"$/s.test(shape)) return unsupported('geo_shape values other than fields');
  return `${shape.slice(0, -'@geojson"'.length)}@${part}"`;
}

function shapeColumns(shape: string): ShapeColumns {
  const part = (name: string): string => shapePart(shape, name);
  return {
    geojson: shape,
    minx: part('minx'),
    miny: part('miny'),
    maxx: part('maxx'),
    maxy: part('maxy'),
    pts: part('pts'),
    lines: part('lines'),
    areas: part('areas'),
  };
}

export function pointLat(point: string): string {
  return pointFields.get(point)?.lat ?? fromOrderedHex(`substring(${point}, 1, 16)`);
}

export function pointLon(point: string): string {
  return pointFields.get(point)?.lon ?? fromOrderedHex(`substring(${point}, 17, 16)`);
}

export function geoDistance(geo: string, type: GeoFieldType, lat: string, lon: string): string {
  if (type === 'geo_shape') return shapeDistance(shapeColumns(geo), lat, lon);
  return haversine(pointLat(geo), pointLon(geo), lat, lon);
}

export function pointInBox(
  point: string,
  box: { readonly minLat: number; readonly maxLat: number; readonly minLon: number; readonly maxLon: number },
  bind: Binder,
): string {
  return `(${pointLat(point)} BETWEEN ${bind.double(box.minLat)} AND ${bind.double(box.maxLat)} AND ${pointLon(point)} BETWEEN ${bind.double(box.minLon)} AND ${bind.double(box.maxLon)})`;
}

/** DuckDB's ods_point_intersects of a point and a literal: in its box and in an area, on a vertex or on an edge. */
function pointIntersects(x: string, y: string, lit: GeometryLiteral, bind: Binder): string {
  if (lit.pts.length === 0) return '0';
  const box = `${x} BETWEEN ${bind.double(lit.minx)} AND ${bind.double(lit.maxx)} AND ${y} BETWEEN ${bind.double(lit.miny)} AND ${bind.double(lit.maxy)}`;
  return `(${box} AND (${inLiteralAreas(x, y, lit.areas, bind)} OR ${onLiteralVertex([x, y], lit, bind)} OR ${onLiteralEdge([x, y], lit, bind)}))`;
}

export function geoRelation(
  geo: string,
  type: GeoFieldType,
  relation: 'intersects' | 'within',
  literal: GeometryLiteral,
  bind: Binder,
): string {
  if (type === 'geo_shape') {
    const s = shapeColumns(geo);
    return relation === 'within' ? shapeWithin(s, literal, bind) : shapesIntersect(s, literal, bind);
  }
  // A record without a point is left out by the first test; the others read its (default) numbers.
  const x = `assumeNotNull(${pointLon(geo)})`;
  const y = `assumeNotNull(${pointLat(geo)})`;
  const test =
    relation === 'within' ? inLiteralAreas(x, y, literal.areas, bind) : pointIntersects(x, y, literal, bind);
  return `(isNotNull(${pointLat(geo)}) AND ${test})`;
}

/** Python's float repr (`45.0`), as DuckDB casts a double to text. */
export const floatText = (x: string): string =>
  `if(${x} = floor(${x}) AND abs(${x}) < 1e16, concat(toString(toInt64(${x})), '.0'), toString(${x}))`;

/** JSON of a point value: `{lon, lat}` (v2.1), `{lat, lon}` (v2.0), `"[lat, lon]"` text as a v2.0 group key. */
export function pointJson(point: string, version: string, role: 'value' | 'group_key'): string {
  const lat = pointLat(point);
  const lon = pointLon(point);
  const json =
    version === '2.0' && role === 'group_key'
      ? `concat('"[', ${floatText(lat)}, ', ', ${floatText(lon)}, ']"')`
      : version === '2.0'
        ? `concat('{"lat":', toString(${lat}), ',"lon":', toString(${lon}), '}')`
        : `concat('{"lon":', toString(${lon}), ',"lat":', toString(${lat}), '}')`;
  return `if(isNull(${point}), NULL, ${json})`;
}

/** A GeoJSON Feature of a shape value (its GeoJSON text). */
export const shapeJson = (shape: string): string =>
  `if(isNull(${shape}), NULL, concat('{"type":"Feature","geometry":', ${shape}, ',"properties":{}}'))`;

/** The geometry type of a shape value: the first `type` of its GeoJSON text (the geometry's own). */
export const shapeGeometryType = (shape: string): string =>
  `if(isNull(${shape}), NULL, extract(assumeNotNull(${shape}), '"type"\\\\s*:\\\\s*"([A-Za-z]+)"'))`;

/** JSON of a list of positions `[[x, y], …]` (Array(Array(Float64))). */
const positionsJson = (list: string): string =>
  `concat('[', arrayStringConcat(arrayMap(__p -> concat('[', toString(__p[1]), ',', toString(__p[2]), ']'), ${list}), ','), ']')`;

/** Raw JSON of envelope() (all positions) or bbox() (the extent), finished by the caller. */
export function geoAggregate(kind: 'envelope' | 'bbox', geo: string, type: GeoFieldType): string {
  if (type === 'geo_point_2d') {
    const lat = pointLat(geo);
    const lon = pointLon(geo);
    if (kind === 'envelope') {
      const positions = `groupUniqArrayIf([assumeNotNull(${lon}), assumeNotNull(${lat})], isNotNull(${lat}))`;
      return `if(empty(${positions}), NULL, ${positionsJson(positions)})`;
    }
    return `if(count(${lat}) = 0, NULL, concat('[', toString(min(${lon})), ',', toString(min(${lat})), ',', toString(max(${lon})), ',', toString(max(${lat})), ']'))`;
  }
  if (kind === 'envelope') {
    const positions = `groupArrayArray(${shapePart(geo, 'pts')})`;
    return `if(count(${geo}) = 0, NULL, ${positionsJson(positions)})`;
  }
  const [minx, miny, maxx, maxy] = ['minx', 'miny', 'maxx', 'maxy'].map((p) => shapePart(geo, p));
  return `if(count(${geo}) = 0, NULL, concat('[', toString(min(${minx})), ',', toString(min(${miny})), ',', toString(max(${maxx})), ',', toString(max(${maxy})), ']'))`;
}

/** The JSON of a geo_cluster group: the mean of its points. */
export const clusterCentroid = (point: string): string =>
  `concat('{"cluster_centroid":{"lat":', toString(avg(${pointLat(point)})), ',"lon":', toString(avg(${pointLon(point)})), '}}')`;

/** A geometry literal as a value: its GeoJSON text, bound. */
export const geometryValue = (literal: GeometryLiteral, bind: Binder): string => bind.text(literal.geojson);
