import { readFile } from 'node:fs/promises';
import { request } from 'node:http';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, getJson, origin } from '../testing/http';

/*
 * Records over HTTP: pages, clauses, how each field type is written, the v2.0 wrappers, record reads,
 * links, and the HTTP details every answer shares (content type, CORS, aliases, URL forms). Expected
 * values are computed from the source files in node_modules/vega-datasets where practical.
 */

interface Link {
  rel: string;
  href: string;
}
type Fields = Record<string, unknown>;
interface PageV21<T = Fields> {
  total_count: number;
  links?: Link[];
  results: T[];
}
interface RecordV20 {
  links: Link[];
  record: { id: string; timestamp: string; size: number; fields: Fields };
}
interface PageV20 {
  total_count: number;
  links: Link[];
  records: RecordV20[];
}

interface Penguin {
  species: string;
  island: string;
  beak_length_mm: number | null;
  beak_depth_mm: number | null;
  flipper_length_mm: number | null;
  body_mass_g: number | null;
  sex: string | null;
}

const DATA = resolve('node_modules/vega-datasets/data');
let penguins: Penguin[] = [];

beforeAll(async () => {
  const raw = JSON.parse(await readFile(`${DATA}/penguins.json`, 'utf8')) as Record<string, unknown>[];
  penguins = raw.map((p) => ({
    species: p.Species as string,
    island: p.Island as string,
    beak_length_mm: p['Beak Length (mm)'] as number | null,
    beak_depth_mm: p['Beak Depth (mm)'] as number | null,
    flipper_length_mm: p['Flipper Length (mm)'] as number | null,
    body_mass_g: p['Body Mass (g)'] as number | null,
    // The descriptor of the default catalog declares `.` a missing value, like `NA`.
    sex: p.Sex === '.' ? null : (p.Sex as string | null),
  }));
});

const penguinRecords = '/catalog/datasets/penguins/records';
const offsetOf = (links: readonly Link[], rel: string): string | null | undefined => {
  const link = links.find((l) => l.rel === rel);
  return link ? new URL(link.href).searchParams.get('offset') : undefined;
};

describe('records page, v2.1', () => {
  it('answers the first 10 records in source order with total_count', async () => {
    const res = await getJson<PageV21<Penguin>>(penguinRecords);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Object.keys(res.body)).toEqual(['total_count', 'results']);
    expect(res.body.total_count).toBe(344);
    expect(res.body.results).toEqual(penguins.slice(0, 10));
    expect(Object.keys(res.body.results[0] ?? {})).toEqual([
      'species',
      'island',
      'beak_length_mm',
      'beak_depth_mm',
      'flipper_length_mm',
      'body_mass_g',
      'sex',
    ]);
  });

  it('pages with limit and offset', async () => {
    const res = await getJson<PageV21<Penguin>>(penguinRecords, { limit: 7, offset: 300 });
    expect(res.body.total_count).toBe(344);
    expect(res.body.results).toEqual(penguins.slice(300, 307));
    const tail = await getJson<PageV21<Penguin>>(penguinRecords, { limit: 100, offset: 340 });
    expect(tail.body.results).toEqual(penguins.slice(340));
    const counting = await getJson<PageV21>(penguinRecords, { limit: 0 });
    expect(counting.body).toEqual({ total_count: 344, results: [] });
  });

  it('selects fields, with labels, in the order asked', async () => {
    const res = await getJson<PageV21>(penguinRecords, {
      select: 'sex, species as kind, body_mass_g * 2 as double_mass',
      limit: 2,
    });
    expect(res.body.results).toEqual(
      penguins
        .slice(0, 2)
        .map((p) => ({ sex: p.sex, kind: p.species, double_mass: (p.body_mass_g ?? 0) * 2 })),
    );
    expect(Object.keys(res.body.results[0] ?? {})).toEqual(['sex', 'kind', 'double_mass']);
  });

  it('filters with where and counts the matching records', async () => {
    const heavyGentoo = penguins.filter((p) => p.species === 'Gentoo' && (p.body_mass_g ?? 0) > 5000);
    const res = await getJson<PageV21<Penguin>>(penguinRecords, {
      where: 'species = "Gentoo" and body_mass_g > 5000',
      limit: 100,
    });
    expect(res.body.total_count).toBe(heavyGentoo.length);
    expect(res.body.results).toEqual(heavyGentoo);
    const repeated = await getJson<PageV21>(penguinRecords, {
      where: ['species = "Gentoo"', 'body_mass_g > 5000'],
      limit: 0,
    });
    expect(repeated.body.total_count).toBe(heavyGentoo.length);
  });

  it('orders by several keys, nulls last in both directions', async () => {
    const res = await getJson<PageV21<{ body_mass_g: number | null }>>(penguinRecords, {
      select: 'body_mass_g',
      order_by: 'body_mass_g desc',
      limit: 100,
      offset: 300,
    });
    const masses = penguins.map((p) => p.body_mass_g);
    const known = masses.filter((m): m is number => m !== null).sort((a, b) => b - a);
    const expected = [...known, ...masses.filter((m) => m === null)].slice(300, 344);
    expect(res.body.results.map((r) => r.body_mass_g)).toEqual(expected);

    const asc = await getJson<PageV21<{ island: string; flipper_length_mm: number | null }>>(penguinRecords, {
      select: 'island, flipper_length_mm',
      order_by: 'island asc, flipper_length_mm desc',
      limit: 3,
    });
    const biscoe = penguins
      .filter((p) => p.island === 'Biscoe')
      .map((p) => p.flipper_length_mm ?? -1)
      .sort((a, b) => b - a);
    expect(asc.body.results).toEqual(
      biscoe.slice(0, 3).map((f) => ({ island: 'Biscoe', flipper_length_mm: f })),
    );
  });

  it('writes nulls as null', async () => {
    const missing = penguins.filter((p) => p.body_mass_g === null);
    const res = await getJson<PageV21<Penguin>>(penguinRecords, { where: 'body_mass_g is null' });
    expect(res.body.total_count).toBe(missing.length);
    expect(res.body.results).toEqual(missing.slice(0, 10));
    expect(res.body.results[0]?.sex).toBeNull();
  });
});

describe('record values by type', () => {
  it('writes geo_point_2d as {lon, lat}', async () => {
    const res = await getJson<PageV21<{ iata: string; coordinates: { lon: number; lat: number } }>>(
      '/catalog/datasets/airports/records',
      { select: 'iata, coordinates', where: 'iata = "SFO"' },
    );
    expect(res.body.total_count).toBe(1);
    const sfo = res.body.results[0]!;
    expect(Object.keys(sfo.coordinates)).toEqual(['lon', 'lat']);
    const csv = await readFile(`${DATA}/airports.csv`, 'utf8');
    const line = csv
      .split('\n')
      .find((l) => l.startsWith('SFO,'))!
      .split(',');
    expect(sfo.coordinates).toEqual({ lon: Number(line[6]), lat: Number(line[5]) });
  });

  it('writes geo_shape as a GeoJSON Feature', async () => {
    const res = await getJson<PageV21<{ name: string; shape: { type: string; geometry: { type: string } } }>>(
      '/catalog/datasets/london-boroughs/records',
      { select: 'name, shape', where: 'name = "Camden"' },
    );
    expect(res.body.total_count).toBe(1);
    const shape = res.body.results[0]!.shape;
    expect(shape).toMatchObject({ type: 'Feature', properties: {} });
    expect(['Polygon', 'MultiPolygon']).toContain(shape.geometry.type);
  });

  it('writes date as YYYY-MM-DD', async () => {
    const res = await getJson<PageV21>('/catalog/datasets/seattle-weather/records', { limit: 2 });
    expect(res.body.results).toEqual([
      { date: '2012-01-01', precipitation: 0, temp_max: 12.8, temp_min: 5, wind: 4.7, weather: 'drizzle' },
      { date: '2012-01-02', precipitation: 10.9, temp_max: 10.6, temp_min: 2.8, wind: 4.5, weather: 'rain' },
    ]);
  });

  it('writes datetime in ISO 8601 with the offset of the requested time zone', async () => {
    const query = { select: 'id, time, updated', where: 'id = "ci37868143"' };
    const utc = await getJson<PageV21>('/catalog/datasets/earthquakes/records', query);
    expect(utc.body.results).toEqual([
      {
        id: 'ci37868143',
        time: '2018-02-07T01:26:13.840000+00:00',
        updated: '2018-02-07T01:29:56.303000+00:00',
      },
    ]);
    const la = await getJson<PageV21>('/catalog/datasets/earthquakes/records', {
      ...query,
      timezone: 'America/Los_Angeles',
    });
    expect(la.body.results).toEqual([
      {
        id: 'ci37868143',
        time: '2018-02-06T17:26:13.840000-08:00',
        updated: '2018-02-06T17:29:56.303000-08:00',
      },
    ]);
    const flights = await getJson<PageV21>('/catalog/datasets/flights/records', {
      select: 'date',
      limit: 1,
      timezone: 'Europe/Paris',
    });
    expect(flights.body.results).toEqual([{ date: '2001-01-01T01:01:00+01:00' }]);
  });

  it('writes multivalued fields as arrays', async () => {
    const res = await getJson<PageV21<{ types: string[] }>>('/catalog/datasets/earthquakes/records', {
      select: 'types',
      where: 'id = "ci37868143"',
    });
    expect(res.body.results[0]?.types).toEqual([
      'geoserve',
      'nearby-cities',
      'origin',
      'phase-data',
      'scitech-link',
    ]);
    const containing = await getJson<PageV21>('/catalog/datasets/earthquakes/records', {
      where: '"scitech-link" in types and id = "ci37868143"',
      limit: 0,
    });
    expect(containing.body.total_count).toBe(1);
  });
});

describe('records page, v2.0', () => {
  it('wraps each record as {links, record: {id, timestamp, size, fields}}', async () => {
    const res = await getJson<PageV20>(penguinRecords, { limit: 3, offset: 1 }, '2.0');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['total_count', 'links', 'records']);
    expect(res.body.total_count).toBe(344);
    expect(res.body.records.map((r) => r.record.fields)).toEqual(penguins.slice(1, 4));
    const dataset = `${api('2.0')}/catalog/datasets/penguins`;
    for (const item of res.body.records) {
      expect(Object.keys(item)).toEqual(['links', 'record']);
      expect(Object.keys(item.record)).toEqual(['id', 'timestamp', 'size', 'fields']);
      expect(item.record.id).toMatch(/^[0-9a-f]{16}$/);
      // UTC with milliseconds, trailing zeros trimmed, as the service writes record timestamps.
      expect(item.record.timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{0,2}[1-9])?Z$/);
      expect(item.record.size).toBeGreaterThan(0);
      expect(item.links).toEqual([
        { rel: 'self', href: `${dataset}/records/${item.record.id}` },
        { rel: 'dataset', href: dataset },
        { rel: 'datasets', href: `${api('2.0')}/catalog/datasets` },
      ]);
    }
    // The rels of the real service (conformance capture 34).
    expect(res.body.links.map((l) => l.rel)).toEqual(['self', 'first', 'last', 'next']);
    expect(offsetOf(res.body.links, 'last')).toBe('342');
    expect(offsetOf(res.body.links, 'next')).toBe('4');
  });

  it('writes datetimes in the request time zone like v2.1', async () => {
    const res = await getJson<PageV20>(
      '/catalog/datasets/earthquakes/records',
      { select: 'time', where: 'id = "ci37868143"', timezone: 'Asia/Kolkata' },
      '2.0',
    );
    expect(res.body.records[0]?.record.fields).toEqual({ time: '2018-02-07T06:56:13.840000+05:30' });
  });
});

describe('record read', () => {
  it('reads one record by id in both versions, with a stable id', async () => {
    const first = await getJson<PageV20>(penguinRecords, { limit: 5, offset: 20 }, '2.0');
    const again = await getJson<PageV20>(penguinRecords, { limit: 5, offset: 20 }, '2.0');
    const ids = first.body.records.map((r) => r.record.id);
    expect(again.body.records.map((r) => r.record.id)).toEqual(ids);
    expect(new Set(ids).size).toBe(5);

    const target = first.body.records[2]!;
    const v21 = await getJson<Penguin>(`${penguinRecords}/${target.record.id}`);
    expect(v21.status).toBe(200);
    expect(v21.body).toEqual(penguins[22]);

    const v20 = await getJson<RecordV20>(`${penguinRecords}/${target.record.id}`, {}, '2.0');
    expect(v20.status).toBe(200);
    expect(Object.keys(v20.body)).toEqual(['links', 'record']);
    expect(v20.body.record).toEqual(target.record);

    const selected = await getJson<Fields>(`${penguinRecords}/${target.record.id}`, {
      select: 'species, sex',
    });
    expect(selected.body).toEqual({ species: penguins[22]?.species, sex: penguins[22]?.sex });
  });

  it('answers 404 for an unknown record id', async () => {
    for (const version of ['2.1', '2.0'] as const) {
      const res = await getJson<{ error_code: string; message: string }>(
        `${penguinRecords}/0000000000000000000000000000000000000000`,
        {},
        version,
      );
      expect(res.status).toBe(404);
      expect(res.body).toEqual({
        error_code: 'NotFoundResource',
        message:
          'The requested record 0000000000000000000000000000000000000000 does not exist in dataset penguins.',
      });
    }
  });

  it('refuses an aggregation in a record read', async () => {
    const page = await getJson<PageV20>(penguinRecords, { limit: 1 }, '2.0');
    const id = page.body.records[0]!.record.id;
    const res = await getJson<{ error_code: string }>(`${penguinRecords}/${id}`, { select: 'count(*)' });
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe('ODSQLError');
  });
});

describe('include_links in v2.1', () => {
  it('adds page links and the technical fields of each record', async () => {
    const res = await getJson<PageV21<Fields & { _id: string; _links: Link[] }>>(penguinRecords, {
      select: 'species',
      limit: 2,
      include_links: 'true',
    });
    expect(Object.keys(res.body)).toEqual(['total_count', 'links', 'results']);
    expect(res.body.links?.map((l) => l.rel)).toEqual(['self', 'first', 'last', 'next']);
    const record = res.body.results[0]!;
    expect(Object.keys(record)).toEqual(['species', '_id', '_timestamp', '_size', '_links']);
    expect(record._links[0]).toEqual({
      rel: 'self',
      href: `${api()}/catalog/datasets/penguins/records/${record._id}`,
    });
    const read = await getJson<Fields>(`${penguinRecords}/${record._id}`);
    expect(read.body).toEqual(penguins[0]);
  });
});

describe('links', () => {
  it('builds paging links from the host the request used', async () => {
    const body = await new Promise<string>((resolveBody, reject) => {
      const url = new URL(`${api('2.0')}/catalog/datasets/flights/records?limit=100&select=delay`);
      const req = request(url, { headers: { host: 'data.example.org:8443' } }, (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          text += chunk;
        });
        res.on('end', () => resolveBody(text));
      });
      req.on('error', reject);
      req.end();
    });
    const page = JSON.parse(body) as PageV20;
    expect(page.total_count).toBe(3_000_000);
    for (const link of page.links)
      expect(link.href.startsWith('http://data.example.org:8443/api/explore/v2.0/')).toBe(true);
    const self = page.links.find((l) => l.rel === 'self');
    expect(self?.href).toBe(
      'http://data.example.org:8443/api/explore/v2.0/catalog/datasets/flights/records?limit=100&select=delay',
    );
    expect(offsetOf(page.links, 'first')).toBe('0');
    expect(offsetOf(page.links, 'next')).toBe('100');
  });

  it('keeps last and next within the pages a request may reach', async () => {
    // 3,000,000 records by 100: the last whole page a request can ask is at offset 9,800
    // (offset + limit < 10,000).
    const res = await getJson<PageV20>(
      '/catalog/datasets/flights/records',
      { limit: 100, select: 'delay' },
      '2.0',
    );
    expect(offsetOf(res.body.links, 'last')).toBe('9800');
    const last = res.body.links.find((l) => l.rel === 'last')!;
    const lastPage = await fetch(last.href);
    expect(lastPage.status).toBe(200);
    const nearEnd = await getJson<PageV20>(
      '/catalog/datasets/flights/records',
      { limit: 100, offset: 9800, select: 'delay' },
      '2.0',
    );
    expect(nearEnd.status).toBe(200);
    expect(nearEnd.body.records).toHaveLength(100);
    expect(offsetOf(nearEnd.body.links, 'next')).toBeUndefined();
    expect(offsetOf(nearEnd.body.links, 'last')).toBe('9800');
  });

  it('stops next at the last page of a short list', async () => {
    const res = await getJson<PageV20>(penguinRecords, { limit: 100, offset: 300 }, '2.0');
    expect(res.body.records).toHaveLength(44);
    expect(offsetOf(res.body.links, 'next')).toBeUndefined();
    expect(offsetOf(res.body.links, 'last')).toBe('300');
  });
});

describe('HTTP details', () => {
  it('allows any origin (CORS), on requests and preflights', async () => {
    const res = await fetch(`${api()}/catalog/datasets?limit=1`, {
      headers: { origin: 'https://app.example.com' },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    // The service's list, in its order (conformance captures 01–10).
    expect(res.headers.get('access-control-expose-headers')).toBe(
      'ODS-Explore-API-Deprecation, Link, X-RateLimit-Remaining, X-RateLimit-Limit, X-RateLimit-Reset, X-RateLimit-dataset-Remaining, X-RateLimit-dataset-Limit, X-RateLimit-dataset-Reset',
    );

    const preflight = await fetch(`${api()}/catalog/datasets/penguins/records`, {
      method: 'OPTIONS',
      headers: { origin: 'https://app.example.com', 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBeLessThan(300);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://app.example.com');
    expect(preflight.headers.get('access-control-allow-methods')).toContain('GET');
  });

  it('answers v2.0 under /api/v2 too', async () => {
    const res = await fetch(`${origin()}/api/v2/catalog/datasets/penguins/records?limit=1`);
    const body = (await res.json()) as PageV20;
    expect(res.status).toBe(200);
    expect(body.total_count).toBe(344);
    expect(body.records[0]?.record.fields).toEqual(penguins[0]);
    expect(body.links[0]?.href.startsWith(`${origin()}/api/v2/catalog/datasets/penguins/records`)).toBe(true);
  });

  it('accepts paths with a trailing slash', async () => {
    for (const path of [
      '/catalog/datasets/',
      '/catalog/datasets/penguins/',
      '/catalog/datasets/penguins/records/',
    ]) {
      const res = await fetch(`${api()}${path}?limit=1`);
      expect(res.status, path).toBe(200);
    }
    const res = await fetch(`${api()}/catalog/datasets/penguins/records/?limit=1`);
    expect(((await res.json()) as PageV21).total_count).toBe(344);
  });

  it('reads + as a space in the query string', async () => {
    const res = await fetch(
      `${api()}/catalog/datasets/penguins/records/?select=count(*)+as+n&where=species+%3D+%22Adelie%22+and+sex+%3D+%22MALE%22`,
    );
    const body = (await res.json()) as PageV21<{ n: number }>;
    const expected = penguins.filter((p) => p.species === 'Adelie' && p.sex === 'MALE').length;
    expect(body.results).toEqual([{ n: expected }]);
  });

  it('answers the API roots with links', async () => {
    const root = await getJson<{ links: Link[] }>('/');
    expect(root.status).toBe(200);
    expect(root.body.links).toEqual([{ rel: 'catalog', href: `${api()}/catalog` }]);
    const catalog = await getJson<{ links: Link[] }>('/catalog');
    expect(catalog.body.links.map((l) => l.rel)).toEqual(['self', 'datasets', 'facets', 'exports']);
  });
});
