import type { FeatureCollection } from 'geojson';
import type { Bounds } from './map-data';

/*
 * Where the map looks on load: every record in view. A share of the records left out to frame the bulk
 * (as this once did) cut off whole regions where they are few: Alaska and Hawaii are under 1 % of the
 * flights. Longitudes are taken on the shorter way round: the Aleutians reach past 180°, and US data from
 * Guam to the Virgin Islands spans 150° across the Pacific, not 210° across the Atlantic. Such bounds
 * have `east` above 180, which MapLibre fits like any other. Only data that would otherwise show the
 * whole world leaves out a few stray records (`OUTLIER_SHARE`).
 */

export interface LonLatPoint {
  readonly lon: number;
  readonly lat: number;
  /** How many records the point stands for (a cluster's count, a share of a shape); 1 by default. */
  readonly count?: number;
}

/**
 * The share of the records a first view may leave out, and only when holding them all would show the
 * whole world: one airport of 3,376 recorded with a longitude in Thailand (ROP, Rota) must not turn the
 * US airports' first view into a map of the world, while a region of many (Alaska's 263 airports, a
 * cluster of thousands of flights) is always in it.
 */
const OUTLIER_SHARE = 0.01;

/**
 * The smallest bounds holding every point, across the antimeridian when that is shorter. When those
 * would be wider than half the world, the smallest arc of longitude holding all but `OUTLIER_SHARE` of
 * the records, if that is narrower: a visitor opening a country's data expects that country, and a few
 * stray records (a bad coordinate, islands on the far side of an ocean) are found by zooming out.
 */
export function dataBounds(points: Iterable<LonLatPoint>): Bounds | undefined {
  const kept: LonLatPoint[] = [];
  for (const point of points) {
    if (Number.isFinite(point.lon) && Number.isFinite(point.lat)) kept.push(point);
  }
  if (kept.length === 0) return undefined;
  kept.sort((a, b) => a.lon - b.lon);
  const all = shortestArc(kept);
  if (all.east - all.west <= 180) return { ...all, ...latitudes(kept) };
  const bulk = bulkArc(kept);
  if (bulk && bulk.east - bulk.west <= 180) {
    const inside = kept.filter(({ lon }) => within(lon, bulk));
    return { ...bulk, ...latitudes(inside) };
  }
  // Records all round the world are shown from -180° to 180° (a view centred on the Pacific gains little
  // for them, and an area drawn across the antimeridian cannot be one box).
  return { west: kept[0]!.lon, east: kept.at(-1)!.lon, ...latitudes(kept) };
}

interface Arc {
  readonly west: number;
  readonly east: number;
}

/** The arc of every longitude (sorted): the widest stretch with no record is the one left out of view. */
function shortestArc(sorted: readonly LonLatPoint[]): Arc {
  const first = sorted[0]!.lon;
  const last = sorted.at(-1)!.lon;
  // By default the stretch left out is the one across the antimeridian, from the last round to the first.
  let gap = first + 360 - last;
  let arc: Arc = { west: first, east: last };
  for (let i = 1; i < sorted.length; i++) {
    const step = sorted[i]!.lon - sorted[i - 1]!.lon;
    if (step > gap) {
      gap = step;
      arc = { west: sorted[i]!.lon, east: sorted[i - 1]!.lon + 360 };
    }
  }
  return arc;
}

/** Longitude with no record that sets a group of records at an end of the data apart from the rest. */
const GROUP_GAP = 5;
/** Groups left out at most: scattered strays are few, and data strewn all round the world stops early. */
const MAX_GROUPS = 8;

/**
 * The arc of the records once a few outlying groups are left out, lightest end first, while they weigh
 * under `OUTLIER_SHARE` of the records and the arc is wider than half the world. Whole groups only: a
 * region's own edge (the last Aleutians, Puerto Rico beside Florida) is never cut.
 */
function bulkArc(sorted: readonly LonLatPoint[]): Arc | undefined {
  const weight = (p: LonLatPoint) => p.count ?? 1;
  const budget = sorted.reduce((sum, p) => sum + weight(p), 0) * OUTLIER_SHARE;
  let rest = sorted;
  let left = 0;
  for (let round = 0; round < MAX_GROUPS; round++) {
    const arc = shortestArc(rest);
    if (arc.east - arc.west <= 180) return arc;
    // The records along the arc, west to east, longitudes unwrapped past 180.
    const along = rest
      .map((p) => ({ p, lon: p.lon < arc.west ? p.lon + 360 : p.lon }))
      .sort((x, y) => x.lon - y.lon);
    let west = 1;
    while (west < along.length && along[west]!.lon - along[west - 1]!.lon < GROUP_GAP) west++;
    let east = along.length - 1;
    while (east > 0 && along[east]!.lon - along[east - 1]!.lon < GROUP_GAP) east--;
    const westGroup = along.slice(0, west);
    const eastGroup = along.slice(east);
    const westWeight = westGroup.reduce((sum, x) => sum + weight(x.p), 0);
    const eastWeight = eastGroup.reduce((sum, x) => sum + weight(x.p), 0);
    const [out, outWeight] = westWeight <= eastWeight ? [westGroup, westWeight] : [eastGroup, eastWeight];
    if (left + outWeight > budget || out.length === along.length) return undefined;
    left += outWeight;
    const gone = new Set(out.map((x) => x.p));
    rest = rest.filter((p) => !gone.has(p));
  }
  return undefined;
}

function within(lon: number, { west, east }: Arc): boolean {
  return (lon >= west && lon <= east) || (lon + 360 >= west && lon + 360 <= east);
}

function latitudes(points: readonly LonLatPoint[]): { south: number; north: number } {
  let south = Infinity;
  let north = -Infinity;
  for (const { lat } of points) {
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  return { south, north };
}

/** Every position of a collection's geometries, each shape's positions counting as one record. */
function* positions(collection: FeatureCollection): Generator<LonLatPoint> {
  function visit(coordinates: unknown, into: [number, number][]): void {
    if (!Array.isArray(coordinates)) return;
    if (typeof coordinates[0] === 'number' && typeof coordinates[1] === 'number') {
      into.push([coordinates[0], coordinates[1]]);
      return;
    }
    for (const part of coordinates) visit(part, into);
  }
  for (const f of collection.features) {
    const geometry = f.geometry;
    if (!geometry) continue;
    const found: [number, number][] = [];
    if (geometry.type === 'GeometryCollection') {
      for (const g of geometry.geometries) if (g.type !== 'GeometryCollection') visit(g.coordinates, found);
    } else visit(geometry.coordinates, found);
    for (const [lon, lat] of found) yield { lon, lat, count: 1 / found.length };
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
