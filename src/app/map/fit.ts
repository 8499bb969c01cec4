import type { FeatureCollection } from 'geojson';
import type { Bounds } from './map-data';

/*
 * Where the map looks on load: every record in view. A share of the records left out to frame the bulk
 * (as this once did) cut off whole regions where they are few: Alaska and Hawaii are under 1 % of the
 * flights. Longitudes are taken on the shorter way round: the Aleutians reach past 180°, and US data from
 * Guam to the Virgin Islands spans 150° across the Pacific, not 210° across the Atlantic. Such bounds
 * have `east` above 180, which MapLibre fits like any other.
 */

export interface LonLatPoint {
  readonly lon: number;
  readonly lat: number;
}

/** The smallest bounds holding every point, across the antimeridian when that is shorter. */
export function dataBounds(points: Iterable<LonLatPoint>): Bounds | undefined {
  const lons: number[] = [];
  let south = Infinity;
  let north = -Infinity;
  for (const { lon, lat } of points) {
    if (!Number.isFinite(lon) || !Number.isFinite(lat)) continue;
    lons.push(lon);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  if (lons.length === 0) return undefined;
  lons.sort((a, b) => a - b);
  const first = lons[0]!;
  const last = lons.at(-1)!;
  const plain = { west: first, south, east: last, north };
  if (last - first < 180) return plain;
  // The widest stretch of longitude with no record is the one left out of view: by default the one
  // across the antimeridian, from the last longitude round to the first.
  let gap = first + 360 - last;
  let west = first;
  let east = last;
  for (let i = 1; i < lons.length; i++) {
    const step = lons[i]! - lons[i - 1]!;
    if (step > gap) {
      gap = step;
      west = lons[i]!;
      east = lons[i - 1]! + 360;
    }
  }
  // Records all round the world are shown from -180° to 180° (a view centred on the Pacific gains little
  // for them, and an area drawn across the antimeridian cannot be one box).
  return east - west <= 180 ? { west, south, east, north } : plain;
}

/** Every position of a collection's geometries. */
function* positions(collection: FeatureCollection): Generator<LonLatPoint> {
  function* visit(coordinates: unknown): Generator<LonLatPoint> {
    if (!Array.isArray(coordinates)) return;
    if (typeof coordinates[0] === 'number' && typeof coordinates[1] === 'number') {
      yield { lon: coordinates[0], lat: coordinates[1] };
      return;
    }
    for (const part of coordinates) yield* visit(part);
  }
  for (const f of collection.features) {
    const geometry = f.geometry;
    if (!geometry) continue;
    if (geometry.type === 'GeometryCollection') {
      for (const g of geometry.geometries) if (g.type !== 'GeometryCollection') yield* visit(g.coordinates);
    } else yield* visit(geometry.coordinates);
  }
}

/** The bounds of a collection's records, points and shapes alike. */
export function featureFit(collection: FeatureCollection): Bounds | undefined {
  return dataBounds(positions(collection));
}

/** A point's bounds would be empty: widen them to a small area around it. */
export function withMinimumSize(bounds: Bounds, degrees = 0.5): Bounds {
  const padLon = Math.max(0, (degrees - (bounds.east - bounds.west)) / 2);
  const padLat = Math.max(0, (degrees - (bounds.north - bounds.south)) / 2);
  return {
    west: bounds.west - padLon,
    east: bounds.east + padLon,
    south: bounds.south - padLat,
    north: bounds.north + padLat,
  };
}
