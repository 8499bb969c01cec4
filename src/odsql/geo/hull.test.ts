import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { convexHull } from './hull';
import type { Position } from './types';

function signedArea(ring: readonly Position[]): number {
  let sum = 0;
  for (let i = 0; i + 1 < ring.length; i += 1) {
    const [x1, y1] = ring[i] ?? [0, 0];
    const [x2, y2] = ring[i + 1] ?? [0, 0];
    sum += x1 * y2 - x2 * y1;
  }
  return sum / 2;
}

describe('convexHull', () => {
  it('returns null for no points', () => {
    expect(convexHull([])).toBeNull();
    expect(convexHull([[Number.NaN, 1]])).toBeNull();
  });

  it('returns a Point for one distinct point', () => {
    expect(convexHull([[2, 3]])).toEqual({ type: 'Point', coordinates: [2, 3] });
    expect(
      convexHull([
        [2, 3],
        [2, 3],
      ]),
    ).toEqual({ type: 'Point', coordinates: [2, 3] });
  });

  it('returns the extreme segment for collinear points', () => {
    expect(
      convexHull([
        [1, 1],
        [0, 0],
        [3, 3],
        [2, 2],
      ]),
    ).toEqual({
      type: 'LineString',
      coordinates: [
        [0, 0],
        [3, 3],
      ],
    });
    expect(
      convexHull([
        [5, 1],
        [5, -2],
      ]),
    ).toEqual({
      type: 'LineString',
      coordinates: [
        [5, -2],
        [5, 1],
      ],
    });
  });

  it('returns a closed counter-clockwise polygon without interior or edge points', () => {
    const hull = convexHull([
      [0, 0],
      [2, 0],
      [1, 0],
      [2, 2],
      [0, 2],
      [1, 1],
      [0.5, 1.5],
      [2, 1],
    ]);
    expect(hull).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [2, 0],
          [2, 2],
          [0, 2],
          [0, 0],
        ],
      ],
    });
  });

  it('contains every input point and turns left at each vertex', () => {
    const point = fc.tuple(fc.integer({ min: -50, max: 50 }), fc.integer({ min: -50, max: 50 }));
    fc.assert(
      fc.property(fc.array(point, { minLength: 3, maxLength: 40 }), (points) => {
        const hull = convexHull(points);
        if (hull?.type !== 'Polygon') return;
        const ring = hull.coordinates[0] ?? [];
        expect(ring[0]).toEqual(ring[ring.length - 1]);
        expect(signedArea(ring)).toBeGreaterThan(0);
        for (let i = 0; i + 1 < ring.length; i += 1) {
          const [ax, ay] = ring[i] ?? [0, 0];
          const [bx, by] = ring[i + 1] ?? [0, 0];
          for (const [px, py] of points)
            expect((bx - ax) * (py - ay) - (by - ay) * (px - ax)).toBeGreaterThanOrEqual(0);
        }
      }),
    );
  });
});
