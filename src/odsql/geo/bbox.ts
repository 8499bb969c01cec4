import type { Geometry, Position } from './types';

/** Bounding box as `[minx, miny, maxx, maxy]` (lon, lat). */
export type Bbox = readonly [number, number, number, number];

/**
 * The box as a geometry, the shape of the `bbox()` aggregate: a closed counter-clockwise ring starting
 * at the north-east corner like the Opendatasoft service writes it, or a Point when the box is a single
 * point. A box flat in one direction stays a (zero-area) Polygon.
 */
export function bboxPolygon(minx: number, miny: number, maxx: number, maxy: number): Geometry {
  if (minx === maxx && miny === maxy) return { type: 'Point', coordinates: [minx, miny] };
  return {
    type: 'Polygon',
    coordinates: [
      [
        [maxx, maxy],
        [minx, maxy],
        [minx, miny],
        [maxx, miny],
        [maxx, maxy],
      ],
    ],
  };
}

/** The box enclosing every position of a geometry, or null when it has none. */
export function geometryBbox(g: Geometry): Bbox | null {
  let minx = Number.POSITIVE_INFINITY;
  let miny = Number.POSITIVE_INFINITY;
  let maxx = Number.NEGATIVE_INFINITY;
  let maxy = Number.NEGATIVE_INFINITY;
  const add = ([x, y]: Position): void => {
    if (x < minx) minx = x;
    if (x > maxx) maxx = x;
    if (y < miny) miny = y;
    if (y > maxy) maxy = y;
  };
  const visit = (geometry: Geometry): void => {
    switch (geometry.type) {
      case 'Point':
        add(geometry.coordinates);
        break;
      case 'MultiPoint':
      case 'LineString':
        geometry.coordinates.forEach(add);
        break;
      case 'MultiLineString':
      case 'Polygon':
        for (const line of geometry.coordinates) line.forEach(add);
        break;
      case 'MultiPolygon':
        for (const polygon of geometry.coordinates) for (const ring of polygon) ring.forEach(add);
        break;
      case 'GeometryCollection':
        geometry.geometries.forEach(visit);
        break;
    }
  };
  visit(g);
  return minx <= maxx ? [minx, miny, maxx, maxy] : null;
}

/** The polygon of a box given by its latitude and longitude bounds (in_bbox on shapes), ring counter-clockwise from its south-west corner. */
export function latLonBoxPolygon(box: {
  readonly minLat: number;
  readonly maxLat: number;
  readonly minLon: number;
  readonly maxLon: number;
}): Geometry {
  const { minLat, maxLat, minLon, maxLon } = box;
  return {
    type: 'Polygon',
    coordinates: [
      [
        [minLon, minLat],
        [maxLon, minLat],
        [maxLon, maxLat],
        [minLon, maxLat],
        [minLon, minLat],
      ],
    ],
  };
}
