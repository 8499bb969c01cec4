import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  drawnClusterWhere,
  estimateLabelWidth,
  projectPoint,
  spreadClusters,
  spreadZoom,
} from './cluster-spread';
import { overlapping } from './drawn-marks';
import { type Cluster, clusterRadius } from './map-data';

const label = (count: number) => (count >= 1000 ? `${(count / 1000).toFixed(1)}K` : String(count));

/** Whether two drawn clusters' circles, or their counts (18 px high), overlap at a zoom. */
function overlap(a: Cluster, b: Cluster, zoom: number, largest: number): boolean {
  const pa = projectPoint(a.lon, a.lat, zoom);
  const pb = projectPoint(b.lon, b.lat, zoom);
  const circles =
    Math.hypot(pa.x - pb.x, pa.y - pb.y) < clusterRadius(a.count, largest) + clusterRadius(b.count, largest);
  const counts =
    Math.abs(pa.x - pb.x) < (estimateLabelWidth(label(a.count)) + estimateLabelWidth(label(b.count))) / 2 &&
    Math.abs(pa.y - pb.y) < 18;
  return circles || counts;
}

describe('clusters spread apart', () => {
  it('projects as MapLibre does: 512 pixels for the world at zoom 0', () => {
    expect(projectPoint(-180, 0, 0)).toEqual({ x: 0, y: 256 });
    expect(projectPoint(0, 0, 1).x).toBe(512);
    expect(projectPoint(0, 85.051129, 0).y).toBeCloseTo(0, 3);
  });

  it('merges two clusters a few pixels apart into one at their records’ mean, keeping both', () => {
    // 0.1° apart at zoom 4 is about 2.3 pixels.
    const a = { lon: -87.9, lat: 41.97, count: 300 };
    const b = { lon: -87.8, lat: 41.97, count: 100 };
    const far = { lon: -118.4, lat: 33.94, count: 50 };
    const [merged, alone, ...rest] = spreadClusters([a, far, b], 4, label);
    expect(rest).toEqual([]);
    expect(merged).toEqual({ lon: -87.875, lat: 41.97, count: 400, members: [a, b] });
    expect(alone).toEqual({ ...far, members: [far] });
    // Zoomed in far enough, they are apart.
    expect(spreadClusters([a, b], 14, label)).toHaveLength(2);
  });

  it('leaves no circle or count over another, and every record counted once', () => {
    const cluster = fc.record({
      lon: fc.double({ min: -125, max: -70, noNaN: true }),
      lat: fc.double({ min: 25, max: 49, noNaN: true }),
      count: fc.integer({ min: 1, max: 400_000 }),
    });
    fc.assert(
      fc.property(fc.array(cluster, { maxLength: 60 }), fc.integer({ min: 2, max: 8 }), (clusters, zoom) => {
        const drawn = spreadClusters(clusters, zoom, label);
        const largest = drawn.reduce((max, c) => Math.max(max, c.count), 1);
        for (let i = 0; i < drawn.length; i++)
          for (let j = i + 1; j < drawn.length; j++)
            expect(overlap(drawn[i]!, drawn[j]!, zoom, largest), `${i} and ${j}`).toBe(false);
        const total = (list: readonly Cluster[]) => list.reduce((sum, c) => sum + c.count, 0);
        expect(total(drawn)).toBe(total(clusters));
        expect(drawn.flatMap((c) => c.members)).toHaveLength(clusters.length);
        for (const c of drawn) expect(total(c.members)).toBe(c.count);
      }),
      { numRuns: 200 },
    );
  });

  it('spreads at the map’s zoom rounded down to a quarter', () => {
    expect(spreadZoom(3.7)).toBe(3.5);
    expect(spreadZoom(4)).toBe(4);
    expect(spreadZoom(0.2)).toBe(0);
  });

  it('lists the records of every cell a drawn cluster gathers', () => {
    const one = { lon: 2.35, lat: 48.85, count: 3 };
    const other = { lon: 2.6, lat: 48.85, count: 2 };
    const lone = drawnClusterWhere('coordinates', { ...one, members: [one] }, 8);
    expect(lone).toMatch(/^in_bbox\(coordinates, [\d.-]+, [\d.-]+, [\d.-]+, [\d.-]+\)$/);
    const both = drawnClusterWhere('coordinates', { ...one, count: 5, members: [one, other] }, 8);
    expect(both).toMatch(/^\(in_bbox\(coordinates, .+\) OR in_bbox\(coordinates, .+\)\)$/);
    // Two members of one cell: the cell once.
    expect(drawnClusterWhere('coordinates', { ...one, count: 6, members: [one, one] }, 8)).toBe(lone);
  });
});

describe('counts drawn over each other', () => {
  it('counts the boxes that overlap another, not those that only touch', () => {
    const box = (x: number, y: number) => ({ x, y, halfWidth: 20, halfHeight: 9 });
    expect(overlapping([box(0, 0), box(40, 0), box(0, 18)])).toBe(0);
    expect(overlapping([box(0, 0), box(39, 0), box(200, 200), box(210, 205)])).toBe(4);
    expect(overlapping([])).toBe(0);
  });
});
