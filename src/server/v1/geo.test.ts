import { describe, expect, it } from 'vitest';
import { getJson } from '../testing/http';
import { v1 } from './testing';

/*
 * The v1 map endpoints over HTTP, in the shapes odsMap reads (map-helper, map-layer-renderer and the
 * map-rendering-* services of ods-widgets), with counts compared to v2 for the same filters.
 */

interface BoundingBox {
  count: number;
  bbox?: [number, number, number, number];
  geometries: Record<string, number>;
}

interface Cluster {
  cluster_center: [number, number];
  count: number;
  cluster: { type: string; coordinates: unknown };
  series?: Record<string, number | null>;
}

interface Clusters {
  clusters: Cluster[];
  count: { min: number; max: number };
  series?: Record<string, { min: number; max: number }>;
  clusterprecision: number;
}

async function call<T>(endpoint: string, params: Record<string, string>): Promise<T> {
  const res = await v1<T>(`records/1.0/${endpoint}/`, params);
  if (res.status !== 200) throw new Error(`${endpoint} answered ${res.status}: ${res.text}`);
  return res.body;
}

async function v2Total(dataset: string, where?: string): Promise<number> {
  const res = await getJson<{ total_count: number }>(`/catalog/datasets/${dataset}/records`, {
    ...(where ? { where } : {}),
    limit: 0,
  });
  return res.body.total_count;
}

describe('boundingbox', () => {
  it('gives the count, the extent as [minlon, minlat, maxlon, maxlat] and the geometry kinds', async () => {
    const box = await call<BoundingBox>('boundingbox', { dataset: 'airports', q: 'state:CA' });
    const v2 = await getJson<{ results: { b: { geometry: { coordinates: number[][][] } }; n: number }[] }>(
      '/catalog/datasets/airports/records',
      { select: 'bbox(coordinates) as b, count(*) as n', where: 'state = "CA"' },
    );
    const ring = v2.body.results[0]!.b.geometry.coordinates[0]!;
    const lons = ring.map((p) => p[0]!);
    const lats = ring.map((p) => p[1]!);
    expect(box.count).toBe(v2.body.results[0]!.n);
    expect(box.bbox).toEqual([Math.min(...lons), Math.min(...lats), Math.max(...lons), Math.max(...lats)]);
    expect(box.geometries).toEqual({ Point: box.count });
  });

  it('tells shapes apart from points', async () => {
    const box = await call<BoundingBox>('boundingbox', { dataset: 'london-boroughs' });
    expect(box.count).toBe(33);
    expect(Object.keys(box.geometries).sort()).toEqual(['MultiPolygon', 'Polygon']);
    expect(Object.values(box.geometries).reduce((a, b) => a + b, 0)).toBe(33);
  });

  it('filters with geofilter.bbox (lat1,lon1,lat2,lon2, as maps send their view)', async () => {
    const box = await call<BoundingBox>('boundingbox', {
      dataset: 'airports',
      'geofilter.bbox': '40,-80,45,-70',
    });
    expect(box.count).toBe(await v2Total('airports', 'in_bbox(coordinates, 40, -80, 45, -70)'));
    const [minlon, minlat, maxlon, maxlat] = box.bbox!;
    expect(minlon).toBeGreaterThanOrEqual(-80);
    expect(maxlon).toBeLessThanOrEqual(-70);
    expect(minlat).toBeGreaterThanOrEqual(40);
    expect(maxlat).toBeLessThanOrEqual(45);
    // A view wider than the world filters nothing.
    const world = await call<BoundingBox>('boundingbox', {
      dataset: 'airports',
      'geofilter.bbox': '-85,-540,85,540',
    });
    expect(world.count).toBe(await v2Total('airports', 'in_bbox(coordinates, -85, -180, 85, 180)'));
  });
});

describe('geocluster', () => {
  it('clusters points: every record of the view in exactly one cluster', async () => {
    const params = {
      dataset: 'airports',
      clusterprecision: '4',
      clusterdistance: '50',
      'geofilter.bbox': '30,-100,45,-80',
    };
    const answer = await call<Clusters>('geocluster', { ...params, return_polygons: 'true' });
    const total = await v2Total('airports', 'in_bbox(coordinates, 30, -100, 45, -80)');
    expect(answer.clusters.reduce((a, c) => a + c.count, 0)).toBe(total);
    expect(answer.count.max).toBe(Math.max(...answer.clusters.map((c) => c.count)));
    for (const c of answer.clusters) {
      const [lat, lon] = c.cluster_center;
      expect(lat).toBeGreaterThanOrEqual(30);
      expect(lon).toBeLessThanOrEqual(-80);
      // Polygons for clusters of three or more, the point itself for a single record.
      if (c.count === 1) expect(c.cluster).toEqual({ type: 'Point', coordinates: [lon, lat] });
    }
    expect(answer.clusters.some((c) => c.cluster.type === 'Polygon')).toBe(true);
    const finer = await call<Clusters>('geocluster', { ...params, clusterprecision: '8' });
    expect(finer.clusters.length).toBeGreaterThan(answer.clusters.length);
    // The precision is echoed last, as the service's documentation shows it.
    expect(Object.keys(answer).at(-1)).toBe('clusterprecision');
    expect([answer.clusterprecision, finer.clusterprecision]).toEqual([4, 8]);
  });

  it('aggregates a series per cluster, with its min and max', async () => {
    const answer = await call<Clusters>('geocluster', {
      dataset: 'earthquakes',
      clusterprecision: '1',
      'y.serie1.func': 'MAX',
      'y.serie1.expr': 'mag',
    });
    const values = answer.clusters.map((c) => c.series!.serie1!);
    expect(answer.series!.serie1).toEqual({ min: Math.min(...values), max: Math.max(...values) });
    const v2 = await getJson<{ results: { m: number }[] }>('/catalog/datasets/earthquakes/records', {
      select: 'max(mag) as m',
    });
    expect(answer.series!.serie1!.max).toBe(v2.body.results[0]!.m);
  });
});

describe('geopreview and geopolygon', () => {
  it('geopreview: the shapes of the view with a digest', async () => {
    const shapes = await call<{ geometry: { type: string }; geo_digest: string }[]>('geopreview', {
      dataset: 'london-boroughs',
      rows: '1000',
      clusterprecision: '9',
      'geofilter.bbox': '51.2,-0.6,51.8,0.4',
    });
    expect(shapes).toHaveLength(33);
    expect(new Set(shapes.map((s) => s.geometry.type))).toEqual(new Set(['Polygon', 'MultiPolygon']));
    expect(new Set(shapes.map((s) => s.geo_digest)).size).toBe(33);
    const few = await call<unknown[]>('geopreview', { dataset: 'london-boroughs', rows: '5' });
    expect(few).toHaveLength(5);
  });

  it('geopolygon: records grouped by their shape, with series', async () => {
    const answer = await call<Clusters & { clusters: (Cluster & { geo_digest: string })[] }>('geopolygon', {
      dataset: 'london-boroughs',
      'y.serie1.func': 'COUNT',
    });
    expect(answer.clusters).toHaveLength(33);
    expect(answer.count).toEqual({ min: 1, max: 1 });
    expect(answer.series).toEqual({ serie1: { min: 1, max: 1 } });
    const points = await call<Clusters>('geopolygon', { dataset: 'la-riots', 'y.serie.func': 'COUNT' });
    expect(points.clusters.reduce((a, c) => a + c.count, 0)).toBe(await v2Total('la-riots'));
  });
});

describe('map endpoints: errors', () => {
  it('answers 400 with the interface error body', async () => {
    const cases: [string, Record<string, string>][] = [
      ['boundingbox', { dataset: 'penguins' }],
      ['geocluster', { dataset: 'london-boroughs', geo_field: 'shape' }],
      ['geocluster', { dataset: 'airports', clusterprecision: '40' }],
      ['boundingbox', { dataset: 'airports', 'geofilter.bbox': '1,2,3' }],
    ];
    for (const [endpoint, params] of cases) {
      const res = await v1<{ error_code: string }>(`records/1.0/${endpoint}/`, params);
      expect(res.status, `${endpoint} ${JSON.stringify(params)}`).toBe(400);
      expect(res.body.error_code).toBe('InvalidRESTParameterError');
    }
    const missing = await v1<{ error_code: string }>('records/1.0/geocluster/', { dataset: 'nope' });
    expect(missing.status).toBe(404);
  });
});

describe('geofilter.distance at a point', () => {
  it('without a distance, gives the records at that very point (what ods-widgets asks under a marker)', async () => {
    const first = await call<{ records: { geometry: { coordinates: [number, number] } }[] }>('search', {
      dataset: 'airports',
      rows: '1',
    });
    const [lon, lat] = first.records[0]!.geometry.coordinates;
    const at = await call<{ nhits: number; records: { geometry: { coordinates: [number, number] } }[] }>(
      'search',
      { dataset: 'airports', 'geofilter.distance': `${lat},${lon}` },
    );
    expect(at.nhits).toBeGreaterThanOrEqual(1);
    for (const r of at.records) expect(r.geometry.coordinates).toEqual([lon, lat]);
    const refused = await v1('records/1.0/search/', { dataset: 'airports', 'geofilter.distance': `${lat}` });
    expect(refused.status).toBe(400);
  });
});
