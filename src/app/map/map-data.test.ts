import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DatasetField } from '../../api';
import {
  type Bounds,
  CLUSTER_LIMIT,
  cellSize,
  clusterArea,
  clusterCell,
  clusterField,
  clusterParams,
  clusterRadius,
  clusterZoom,
  coarserClusterAnswer,
  FEATURE_THRESHOLD,
  FIT_CLUSTER_ZOOM,
  featureSelect,
  geometryField,
  mapMode,
  readClusters,
  withWhere,
} from './map-data';

const field = (name: string, type: DatasetField['type']): DatasetField => ({ name, label: name, type });

describe('what the map draws', () => {
  it('draws shapes when there are some, else the first point field', () => {
    const boroughs = [field('name', 'text'), field('centroid', 'geo_point_2d'), field('shape', 'geo_shape')];
    expect(geometryField(boroughs)).toMatchObject({ name: 'shape', type: 'geo_shape' });
    expect(clusterField(boroughs)).toBe('centroid');
    expect(geometryField([field('a', 'text'), field('coordinates', 'geo_point_2d')])).toMatchObject({
      name: 'coordinates',
    });
    expect(geometryField([field('a', 'text')])).toBeUndefined();
  });

  it('draws records up to the threshold and clusters above it, unless there is no point to cluster by', () => {
    expect(mapMode(3_376, true)).toBe('features');
    expect(mapMode(FEATURE_THRESHOLD, true)).toBe('features');
    expect(mapMode(FEATURE_THRESHOLD + 1, true)).toBe('clusters');
    expect(mapMode(42_049, true)).toBe('clusters');
    expect(mapMode(3_000_000, false)).toBe('features');
  });

  it('asks the export for the drawn geometry first, the other points beside it, and leaves other shapes out', () => {
    const fields = [
      field('date', 'date'),
      field('centroid', 'geo_point_2d'),
      field('shape', 'geo_shape'),
      field('area', 'geo_shape'),
    ];
    const geometry = geometryField(fields);
    expect(geometry && featureSelect(fields, geometry)).toBe('shape, `date`, centroid');
  });
});

describe('clusters', () => {
  it('count in 256-pixel tiles, one level above the 512-pixel map zoom, within 0 to 25', () => {
    expect(clusterZoom(0.4)).toBe(1);
    expect(clusterZoom(3.99)).toBe(4);
    expect(clusterZoom(-1)).toBe(0);
    expect(clusterZoom(30)).toBe(25);
  });

  it('are asked for in the visible area widened and snapped to blocks of cells', () => {
    const zoom = 5;
    const view = { west: -80, south: 35, east: -70, north: 42 };
    const area = clusterArea(view, zoom);
    expect(area).toBeDefined();
    if (!area) return;
    const block = cellSize(zoom) * 8;
    expect(area.west).toBeLessThanOrEqual(-85);
    expect(area.east).toBeGreaterThanOrEqual(-65);
    expect(area.south).toBeLessThanOrEqual(31.5);
    expect(area.north).toBeGreaterThanOrEqual(45.5);
    for (const edge of [area.west, area.east, area.south, area.north]) {
      expect(Math.abs(edge / block - Math.round(edge / block))).toBeLessThan(1e-9);
    }
    // A small pan asks the same question.
    expect(clusterArea({ west: -79.9, south: 35.1, east: -69.9, north: 42.1 }, zoom)).toEqual(area);
  });

  it('take every longitude for a view across the antimeridian', () => {
    // The first view of US airports: from Guam (shown at -215°) to the Virgin Islands.
    const area = clusterArea({ west: -215.2, south: 10, east: -64.6, north: 40 }, 4);
    expect(area?.west).toBe(-180);
    expect(area?.east).toBe(180);
    expect(clusterArea({ west: 150, south: 40, east: 200, north: 60 }, 3)).toMatchObject({
      west: -180,
      east: 180,
    });
  });

  it('cover the whole world without an area filter when zoomed out', () => {
    expect(clusterArea({ west: -400, south: -85, east: 400, north: 85 }, 1)).toBeUndefined();
  });

  it('are one group_by request with the filters and the area', () => {
    const params = clusterParams({ where: 'search("x")', refine: ['state:NY'] }, 'coordinates', 6, {
      west: -75,
      south: 40,
      east: -73,
      north: 41,
    });
    expect(params).toEqual({
      where: ['search("x")', 'in_bbox(coordinates, 40, -75, 41, -73)'],
      refine: ['state:NY'],
      select: 'count(*) as count',
      group_by: 'geo_cluster(coordinates, 6, 40) as cluster',
      limit: CLUSTER_LIMIT,
    });
    expect(withWhere({}, undefined)).toEqual({});
  });

  it('read the server groups and skip groups without a point', () => {
    const clusters = readClusters([
      { cluster: { cluster_centroid: { lat: 40.7, lon: -74 } }, count: 120 },
      { cluster: null, count: 3 },
      { cluster: { cluster_centroid: { lat: 1, lon: 2 } }, count: '7' },
    ]);
    expect(clusters).toEqual([
      { lat: 40.7, lon: -74, count: 120 },
      { lat: 1, lon: 2, count: 7 },
    ]);
  });

  it('grow in area with their count', () => {
    expect(clusterRadius(1, 1)).toBe(5);
    expect(clusterRadius(1, 1000)).toBe(5);
    expect(clusterRadius(1000, 1000)).toBe(20);
    // A quarter of the records, half the radius above the smallest.
    expect(clusterRadius(250, 1000)).toBe(12);
  });

  it('list the records of the cell they were counted in', () => {
    const zoom = 4;
    const size = cellSize(zoom);
    const cell = clusterCell({ lon: -73.95, lat: 40.7, count: 10 }, zoom);
    expect(cell.east - cell.west).toBeCloseTo(size);
    expect(cell.west).toBeLessThanOrEqual(-73.95);
    expect(cell.east).toBeGreaterThan(-73.95);
    expect(cell.south).toBeLessThanOrEqual(40.7);
    expect(cell.north).toBeGreaterThan(40.7);
    expect(Math.round(cell.west / size) * size).toBeCloseTo(cell.west);
  });
});

/** geo_cluster as the server counts it (DuckDB dialect): cells of floor(coordinate / side), mean centroid. */
function serverClusters(points: readonly [number, number][], zoom: number, area?: Bounds) {
  const size = cellSize(zoom);
  const cells = new Map<string, { x: number; y: number; lon: number; lat: number; n: number }>();
  for (const [lon, lat] of points) {
    if (area && (lon < area.west || lon > area.east || lat < area.south || lat > area.north)) continue;
    const x = Math.floor(lon / size);
    const y = Math.floor(lat / size);
    const cell = cells.get(`${x} ${y}`) ?? { x, y, lon: 0, lat: 0, n: 0 };
    cell.lon += lon;
    cell.lat += lat;
    cell.n += 1;
    cells.set(`${x} ${y}`, cell);
  }
  return [...cells.values()]
    .sort((a, b) => a.x - b.x || a.y - b.y)
    .map((c) => ({ cluster: { cluster_centroid: { lat: c.lat / c.n, lon: c.lon / c.n } }, count: c.n }));
}

describe('clusters of a coarser zoom, from the extent', () => {
  // Coordinates as data carries them, to a ten-millionth of a degree (no subnormal numbers).
  const degrees = (max: number) => fc.integer({ min: -max * 1e7, max: max * 1e7 }).map((n) => n / 1e7);
  const point = fc.tuple(degrees(179.99), degrees(89.99));
  // A view somewhere, made into the area the map asks for (or the whole world).
  const view = fc.record({
    west: fc.double({ min: -180, max: 170, noNaN: true }),
    south: fc.double({ min: -90, max: 80, noNaN: true }),
    width: fc.double({ min: 1, max: 200, noNaN: true }),
    height: fc.double({ min: 1, max: 100, noNaN: true }),
  });

  it('are what the server counts at that zoom in that area', () => {
    fc.assert(
      fc.property(
        fc.array(point, { maxLength: 300 }),
        fc.integer({ min: 0, max: FIT_CLUSTER_ZOOM }),
        fc.option(view, { nil: undefined }),
        (points, zoom, v) => {
          const area = v
            ? clusterArea(
                { west: v.west, south: v.south, east: v.west + v.width, north: v.south + v.height },
                zoom,
              )
            : undefined;
          const derived = coarserClusterAnswer(
            { results: serverClusters(points, FIT_CLUSTER_ZOOM) },
            zoom,
            area,
          );
          const direct = serverClusters(points, zoom, area);
          expect(derived?.results.map((r) => r.count)).toEqual(direct.map((r) => r.count));
          const centroids = (rows: readonly Record<string, unknown>[]) =>
            readClusters(rows).flatMap((c) => [c.lon, c.lat]);
          const got = centroids(derived?.results ?? []);
          centroids(direct).forEach((value, i) => {
            expect(got[i]).toBeCloseTo(value, 9);
          });
        },
      ),
    );
  });

  it('are not made for a finer zoom, or from an answer cut short by the limit', () => {
    const one = { results: [{ cluster: { cluster_centroid: { lat: 1, lon: 1 } }, count: 3 }] };
    expect(coarserClusterAnswer(one, FIT_CLUSTER_ZOOM + 1, undefined)).toBeUndefined();
    expect(coarserClusterAnswer(undefined, 3, undefined)).toBeUndefined();
    const full = { results: Array.from({ length: CLUSTER_LIMIT }, () => one.results[0] ?? {}) };
    expect(coarserClusterAnswer(full, 3, undefined)).toBeUndefined();
    expect(coarserClusterAnswer(one, 3, undefined)?.results).toEqual(one.results);
  });
});
