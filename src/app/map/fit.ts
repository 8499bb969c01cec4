import type { FeatureCollection } from 'geojson';
import type { Bounds } from './map-data';

/*
 * Where the map looks on load. A dataset's full extent can be misleading: US ZIP codes reach from Guam
 * to the Virgin Islands, so their extent is nearly the whole world while almost every record is in the
 * contiguous states. The map fits the central share of the records instead (weighted quantiles of
 * longitude and latitude), which frames the bulk and still shows the rest when one zooms out.
 */

export interface WeightedPoint {
  readonly lon: number;
  readonly lat: number;
  readonly weight: number;
}

/** Records outside this central share, on each axis, do not widen the first view. */
export const FIT_SHARE = 0.99;

function quantile(values: readonly { value: number; weight: number }[], q: number): number {
  const sorted = [...values].sort((a, b) => a.value - b.value);
  const total = sorted.reduce((sum, v) => sum + v.weight, 0);
  let seen = 0;
  for (const item of sorted) {
    seen += item.weight;
    if (seen >= q * total) return item.value;
  }
  return sorted.at(-1)?.value ?? 0;
}

export function bulkBounds(points: readonly WeightedPoint[], share = FIT_SHARE): Bounds | undefined {
  const kept = points.filter((p) => p.weight > 0 && Number.isFinite(p.lon) && Number.isFinite(p.lat));
  if (kept.length === 0) return undefined;
  const tail = (1 - share) / 2;
  const lons = kept.map((p) => ({ value: p.lon, weight: p.weight }));
  const lats = kept.map((p) => ({ value: p.lat, weight: p.weight }));
  return {
    west: quantile(lons, tail),
    east: quantile(lons, 1 - tail),
    south: quantile(lats, tail),
    north: quantile(lats, 1 - tail),
  };
}

/** Points of a collection (each position of a shape counts once); shapes fit their full extent. */
export function featureFit(collection: FeatureCollection): Bounds | undefined {
  const points: WeightedPoint[] = [];
  let shapes = false;
  for (const f of collection.features) {
    if (f.geometry.type === 'Point') {
      const [lon, lat] = f.geometry.coordinates;
      if (lon !== undefined && lat !== undefined) points.push({ lon, lat, weight: 1 });
    } else shapes = true;
  }
  if (!shapes) return bulkBounds(points);
  return extentOf(collection);
}

function extentOf(collection: FeatureCollection): Bounds | undefined {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  const visit = (coordinates: unknown): void => {
    if (!Array.isArray(coordinates)) return;
    if (typeof coordinates[0] === 'number' && typeof coordinates[1] === 'number') {
      west = Math.min(west, coordinates[0]);
      east = Math.max(east, coordinates[0]);
      south = Math.min(south, coordinates[1]);
      north = Math.max(north, coordinates[1]);
      return;
    }
    for (const part of coordinates) visit(part);
  };
  for (const f of collection.features) {
    const geometry = f.geometry;
    if (geometry.type === 'GeometryCollection') {
      for (const g of geometry.geometries) if (g.type !== 'GeometryCollection') visit(g.coordinates);
    } else visit(geometry.coordinates);
  }
  return west <= east ? { west, south, east, north } : undefined;
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
