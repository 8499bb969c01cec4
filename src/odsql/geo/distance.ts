import type { Position } from './types';

/** Metres in one of each distance unit ODSQL accepts after a distance (`10km`, `500m`, `3mi`). */
export const DISTANCE_UNITS = {
  mi: 1609.344,
  yd: 0.9144,
  ft: 0.3048,
  m: 1,
  cm: 0.01,
  km: 1000,
  mm: 0.001,
} as const satisfies Readonly<Record<string, number>>;

export type DistanceUnit = keyof typeof DISTANCE_UNITS;

export function isDistanceUnit(x: string): x is DistanceUnit {
  return Object.hasOwn(DISTANCE_UNITS, x);
}

export function toMetres(value: number, unit: DistanceUnit): number {
  return value * DISTANCE_UNITS[unit];
}

/**
 * The IUGG mean earth radius R1 = (2a + b) / 3 of WGS 84, in metres. A sphere of this radius keeps
 * haversine distances within about 0.5% of ellipsoidal ones, and Lucene/Elasticsearch use the same
 * mean radius (6371008.7714 m) for their arc distances, so results agree with such backends.
 */
export const EARTH_RADIUS_METRES = 6371008.8;

/** Great-circle distance in metres between two lon/lat positions (haversine formula). */
export function haversineMetres(a: Position, b: Position): number {
  const toRadians = Math.PI / 180;
  const lat1 = a[1] * toRadians;
  const lat2 = b[1] * toRadians;
  const dLat = lat2 - lat1;
  const dLon = (b[0] - a[0]) * toRadians;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(lat1) * Math.cos(lat2) * Math.sin(dLon / 2) ** 2;
  // Rounding can push h just past 1 for antipodal points; asin would then give NaN.
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.sqrt(Math.min(1, h)));
}
