import type { Geometry, Position } from './types';

/**
 * Convex hull of points (Andrew's monotone chain), the result of the `envelope()` aggregate: a closed
 * counter-clockwise Polygon when the hull has an area, the LineString between the two extreme points
 * when all points are collinear, a Point for a single distinct point, null for none. Points with a
 * non-finite coordinate are ignored. Vertices lying on a hull edge are not kept.
 */
export function convexHull(points: readonly Position[]): Geometry | null {
  const sorted = points
    .filter(([x, y]) => Number.isFinite(x) && Number.isFinite(y))
    .toSorted((a, b) => a[0] - b[0] || a[1] - b[1]);
  const distinct: Position[] = [];
  for (const p of sorted) {
    const previous = distinct[distinct.length - 1];
    if (!previous || previous[0] !== p[0] || previous[1] !== p[1]) distinct.push([p[0], p[1]]);
  }
  const first = distinct[0];
  const last = distinct[distinct.length - 1];
  if (!first || !last) return null;
  if (distinct.length === 1) return { type: 'Point', coordinates: first };
  const lower = halfHull(distinct);
  const upper = halfHull(distinct.toReversed());
  // Each half ends where the other starts; drop those duplicates.
  const hull = [...lower.slice(0, -1), ...upper.slice(0, -1)];
  if (hull.length < 3) return { type: 'LineString', coordinates: [first, last] };
  const start = hull[0] ?? first;
  return { type: 'Polygon', coordinates: [[...hull, start]] };
}

/** One side of the hull, keeping only strict left turns so that collinear points drop out. */
function halfHull(points: readonly Position[]): Position[] {
  const chain: Position[] = [];
  for (const p of points) {
    for (;;) {
      const a = chain[chain.length - 2];
      const b = chain[chain.length - 1];
      if (!a || !b || cross(a, b, p) > 0) break;
      chain.pop();
    }
    chain.push(p);
  }
  return chain;
}

/** Positive when o→a→b turns counter-clockwise. */
function cross(o: Position, a: Position, b: Position): number {
  return (a[0] - o[0]) * (b[1] - o[1]) - (a[1] - o[1]) * (b[0] - o[0]);
}
