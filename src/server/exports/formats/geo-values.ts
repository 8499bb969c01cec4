import type { Geometry, Position } from '../../../odsql';
import type { ExportColumn, ExportContext } from '../types';

/*
 * Geometry values of exported records (v2.1 shapes: `{lon, lat}` points, GeoJSON Features for shapes)
 * for the geographic and semantic writers.
 */

/** The column a geographic format draws: the first shape, else the first point. */
export function geometryColumn(columns: readonly ExportColumn[]): ExportColumn | undefined {
  return columns.find((c) => c.type === 'geo_shape') ?? columns.find((c) => c.type === 'geo_point_2d');
}

/** The geometry of a value, or null when it has none. */
export function geometryOf(value: unknown): Geometry | null {
  if (value === null || typeof value !== 'object') return null;
  const object = value as Record<string, unknown>;
  if (typeof object.lon === 'number' && typeof object.lat === 'number') {
    return { type: 'Point', coordinates: [object.lon, object.lat] };
  }
  if (object.type === 'Feature') return geometryOf(object.geometry);
  if (typeof object.type === 'string' && ('coordinates' in object || 'geometries' in object)) {
    return object as unknown as Geometry;
  }
  return null;
}

/** The record's geometry in the requested projection. */
export function projectedGeometry(context: ExportContext, value: unknown): Geometry | null {
  const geometry = geometryOf(value);
  return geometry ? context.project(geometry) : null;
}

/** The signed area of a ring, positive when counter-clockwise (x east, y north). */
export function signedArea(ring: readonly Position[]): number {
  let sum = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    sum += ring[j]![0] * ring[i]![1] - ring[i]![0] * ring[j]![1];
  }
  return sum / 2;
}

function polygons(g: Geometry): (readonly (readonly Position[])[])[] {
  if (g.type === 'Polygon') return [g.coordinates];
  if (g.type === 'MultiPolygon') return [...g.coordinates];
  if (g.type === 'GeometryCollection') return g.geometries.flatMap(polygons);
  return [];
}

function positions(g: Geometry): readonly Position[] {
  switch (g.type) {
    case 'Point':
      return [g.coordinates];
    case 'MultiPoint':
    case 'LineString':
      return g.coordinates;
    case 'MultiLineString':
    case 'Polygon':
      return g.coordinates.flat();
    case 'MultiPolygon':
      return g.coordinates.flat(2);
    case 'GeometryCollection':
      return g.geometries.flatMap(positions);
  }
}

/**
 * A representative position: the area-weighted centroid of the polygons (outer rings minus holes), else
 * the mean of the vertices. Null for an empty geometry.
 */
export function centroid(g: Geometry): Position | null {
  let area = 0;
  let cx = 0;
  let cy = 0;
  for (const polygon of polygons(g)) {
    polygon.forEach((ring, index) => {
      const a = Math.abs(signedArea(ring)) * (index === 0 ? 1 : -1);
      const [mx, my] = ringCentroid(ring);
      area += a;
      cx += mx * a;
      cy += my * a;
    });
  }
  if (area > 0) return [cx / area, cy / area];
  const all = positions(g);
  if (all.length === 0) return null;
  return [all.reduce((s, p) => s + p[0], 0) / all.length, all.reduce((s, p) => s + p[1], 0) / all.length];
}

function ringCentroid(ring: readonly Position[]): Position {
  let a = 0;
  let x = 0;
  let y = 0;
  for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
    const [x0, y0] = ring[j]!;
    const [x1, y1] = ring[i]!;
    const f = x0 * y1 - x1 * y0;
    a += f;
    x += (x0 + x1) * f;
    y += (y0 + y1) * f;
  }
  if (a === 0) {
    const n = ring.length || 1;
    return [ring.reduce((s, p) => s + p[0], 0) / n, ring.reduce((s, p) => s + p[1], 0) / n];
  }
  return [x / (3 * a), y / (3 * a)];
}

const num = (n: number): string => String(n);
const pos = (p: Position): string => `${num(p[0])} ${num(p[1])}`;
const list = (ps: readonly Position[]): string => `(${ps.map(pos).join(', ')})`;
const rings = (rs: readonly (readonly Position[])[]): string => `(${rs.map(list).join(', ')})`;

/** Well-known text of a geometry (x then y, as GeoJSON orders them). */
export function toWkt(g: Geometry): string {
  switch (g.type) {
    case 'Point':
      return `POINT (${pos(g.coordinates)})`;
    case 'MultiPoint':
      return g.coordinates.length === 0 ? 'MULTIPOINT EMPTY' : `MULTIPOINT ${list(g.coordinates)}`;
    case 'LineString':
      return `LINESTRING ${list(g.coordinates)}`;
    case 'MultiLineString':
      return `MULTILINESTRING ${rings(g.coordinates)}`;
    case 'Polygon':
      return `POLYGON ${rings(g.coordinates)}`;
    case 'MultiPolygon':
      return `MULTIPOLYGON (${g.coordinates.map(rings).join(', ')})`;
    case 'GeometryCollection':
      return g.geometries.length === 0
        ? 'GEOMETRYCOLLECTION EMPTY'
        : `GEOMETRYCOLLECTION (${g.geometries.map(toWkt).join(', ')})`;
  }
}

/**
 * A value as one line of text for formats that only hold text (KML data, GPX descriptions, DBF): lists
 * joined with `, `, geometries as WKT in WGS 84.
 */
export function textValue(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value)) return value.map((v) => textValue(v) ?? '').join(', ');
  const geometry = geometryOf(value);
  return geometry ? toWkt(geometry) : JSON.stringify(value);
}

/** The header of a column: its label with `use_labels=true`, else its name. */
export function columnTitle(context: ExportContext, column: ExportColumn): string {
  return context.useLabels ? column.label : column.name;
}
