import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { DuckDBInstance } from '@duckdb/node-api';
import { parse } from 'csv-parse/sync';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { api, getJson, onClickHouse } from '../testing/http';

/*
 * Exports against the real test server: each file is read back with an independent reader and
 * compared with what the records endpoint answers for the same query.
 */

type Params = Readonly<Record<string, string | number | readonly string[]>>;
type Flat = Record<string, unknown>;

function url(path: string, params: Params, version: '2.0' | '2.1' = '2.1'): URL {
  const u = new URL(`${api(version)}${path}`);
  for (const [k, v] of Object.entries(params))
    for (const x of Array.isArray(v) ? v : [v]) u.searchParams.append(k, String(x));
  return u;
}

async function download(path: string, params: Params = {}, version: '2.0' | '2.1' = '2.1') {
  const res = await fetch(url(path, params, version));
  return { status: res.status, headers: res.headers, bytes: Buffer.from(await res.arrayBuffer()) };
}

async function records(dataset: string, params: Params): Promise<Flat[]> {
  const res = await getJson<{ results: Flat[] }>(`/catalog/datasets/${dataset}/records`, {
    limit: 100,
    ...params,
  });
  expect(res.status).toBe(200);
  return res.body.results;
}

/** The CSV text of a value, as the service writes cells. */
function cellOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join(',');
  if (typeof value === 'object' && 'lat' in value && 'lon' in value) return `${value.lat}, ${value.lon}`;
  if (typeof value === 'object' && 'geometry' in value) return JSON.stringify(value.geometry);
  return String(value);
}

const AIRPORTS = {
  where: "state = 'CA'",
  order_by: 'name desc',
  select: 'iata, name, city, coordinates',
  limit: 60,
};
const QUAKES = {
  refine: 'mag_type:md',
  exclude: 'net:hv',
  order_by: 'time',
  timezone: 'Europe/Paris',
  limit: 40,
};

describe('dataset exports', () => {
  it('lists the formats of each version as links', async () => {
    const v21 = await getJson<{ links: { rel: string; href: string }[] }>(
      '/catalog/datasets/airports/exports',
    );
    const rels = v21.body.links.map((l) => l.rel);
    expect(rels).toEqual(
      expect.arrayContaining(['self', 'csv', 'json', 'jsonl', 'geojson', 'xlsx', 'parquet']),
    );
    expect(rels).not.toContain('xls');
    const v20 = await getJson<{ links: { rel: string }[] }>('/catalog/datasets/airports/exports', {}, '2.0');
    expect(v20.body.links.map((l) => l.rel)).toEqual(expect.arrayContaining(['xls', 'csv', 'json']));
    expect(v20.body.links.map((l) => l.rel)).not.toContain('parquet');
  });

  it('answers bad requests with the interface errors, before any byte', async () => {
    const unknown = await getJson<{ error_code: string; message: string }>(
      '/catalog/datasets/airports/exports/docx',
    );
    expect(unknown.status).toBe(400);
    expect(unknown.body.error_code).toBe('InvalidRESTParameterError');
    expect(unknown.body.message).toContain('csv');
    expect((await getJson('/catalog/datasets/airports/exports/xlsx', {}, '2.0')).status).toBe(400);
    expect((await getJson('/catalog/datasets/airports/exports/xls')).status).toBe(400);
    const cases: [string, Params, string, '2.0' | '2.1'][] = [
      ['csv', { limit: -2 }, 'InvalidRESTParameterError', '2.1'],
      ['csv', { limit: 'ten' }, 'InvalidRESTParameterError', '2.1'],
      ['geojson', { epsg: 12 }, 'InvalidRESTParameterError', '2.1'],
      ['csv', { delimiter: 'x' }, 'InvalidRESTParameterError', '2.1'],
      ['csv', { quote_all: 'maybe' }, 'InvalidRESTParameterError', '2.1'],
      ['parquet', { parquet_compression: 'lz4' }, 'InvalidRESTParameterError', '2.1'],
      ['json', { group_by: 'state' }, 'InvalidRESTParameterError', '2.0'],
      ['csv', { where: 'nope > 3' }, 'ODSQLError', '2.1'],
      ['csv', { select: 'count(' }, 'ODSQLError', '2.1'],
      ['csv', { timezone: 'Mars/Olympus' }, 'InvalidRESTParameterError', '2.1'],
    ];
    for (const [format, params, code, version] of cases) {
      const res = await getJson<{ error_code: string }>(
        `/catalog/datasets/airports/exports/${format}`,
        params,
        version,
      );
      expect([format, params, res.status, res.body.error_code]).toEqual([format, params, 400, code]);
    }
    expect((await getJson('/catalog/datasets/nope/exports/csv')).status).toBe(404);
  });

  it('CSV: headers, BOM on v2.1, the same records as the JSON endpoint', async () => {
    const expected = await records('airports', AIRPORTS);
    const res = await download('/catalog/datasets/airports/exports/csv', AIRPORTS);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="airports.csv"');
    expect(res.bytes.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const rows = parse(res.bytes, { bom: true, delimiter: ';', columns: true }) as Flat[];
    expect(rows).toHaveLength(expected.length);
    expect(rows).toEqual(
      expected.map((r) => Object.fromEntries(Object.entries(r).map(([k, v]) => [k, cellOf(v)]))),
    );
    expect(res.bytes.toString()).toContain('\r\n');
  });

  it('CSV dialect: delimiter, quote_all, labels, list separator, no BOM on v2.0', async () => {
    const params = {
      ...QUAKES,
      select: 'id, mag, time, types, coordinates',
      delimiter: '|',
      quote_all: 'true',
      use_labels: 'true',
      list_separator: ' / ',
    };
    const expected = await records('earthquakes', QUAKES);
    const res = await download('/catalog/datasets/earthquakes/exports/csv', params, '2.0');
    expect(res.bytes[0]).not.toBe(0xef);
    const text = res.bytes.toString();
    expect(text.split('\r\n')[0]).toBe('"Event ID"|"Magnitude"|"Time"|"Product types"|"Coordinates"');
    const rows = parse(text, { delimiter: '|', from_line: 2 }) as string[][];
    expect(rows.length).toBe(expected.length);
    expect(rows.map((r) => r[0])).toEqual(expected.map((r) => r.id));
    expect(rows.map((r) => r[3])).toEqual(
      expected.map((r) => (r.types as string[] | null)?.join(' / ') ?? ''),
    );
    expect(rows.map((r) => r[4])).toEqual(expected.map((r) => cellOf(r.coordinates)));
  });

  it('CSV with a time zone gives the records endpoint datetimes; shapes as GeoJSON geometry', async () => {
    const expected = await records('earthquakes', QUAKES);
    const res = await download('/catalog/datasets/earthquakes/exports/csv', { ...QUAKES, with_bom: 'false' });
    const rows = parse(res.bytes, { delimiter: ';', columns: true }) as Flat[];
    expect(rows.map((r) => r.time)).toEqual(expected.map((r) => r.time));
    expect(String(expected[0]!.time)).toMatch(/\+0[12]:00$/);
    const shapes = await records('london-boroughs', { select: 'name, shape', order_by: 'name' });
    const csv = parse(
      (
        await download('/catalog/datasets/london-boroughs/exports/csv', {
          select: 'name, shape',
          order_by: 'name',
        })
      ).bytes,
      { bom: true, delimiter: ';', columns: true },
    ) as Flat[];
    expect(csv.map((r) => JSON.parse(String(r.shape)))).toEqual(
      shapes.map((r) => (r.shape as { geometry: unknown }).geometry),
    );
  });

  it('JSON and JSON Lines (v2.1): flat records equal to results; group_by on v2.1', async () => {
    const expected = await records('earthquakes', QUAKES);
    const json = await download('/catalog/datasets/earthquakes/exports/json', QUAKES);
    expect(json.headers.get('content-disposition')).toBe('attachment; filename="earthquakes.json"');
    expect(JSON.parse(json.bytes.toString())).toEqual(expected);
    const jsonl = await download('/catalog/datasets/earthquakes/exports/jsonl', QUAKES);
    const lines = jsonl.bytes
      .toString()
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines).toEqual(expected);
    const grouped = { group_by: 'weather', select: 'count(*) as n, avg(wind) as wind', order_by: 'weather' };
    const groups = await getJson<{ results: Flat[] }>('/catalog/datasets/seattle-weather/records', grouped);
    const exported = JSON.parse(
      (await download('/catalog/datasets/seattle-weather/exports/json', grouped)).bytes.toString(),
    );
    // On a cluster the shards' partial sums of doubles are added in no fixed order, so an average may
    // differ in its last digit between two runs of the same query (docs/clickhouse-exports.md).
    const settle = (rows: Flat[]): Flat[] =>
      onClickHouse() ? rows.map((r) => ({ ...r, wind: Number((r.wind as number).toPrecision(12)) })) : rows;
    expect(settle(exported)).toEqual(settle(groups.body.results));
    // Aggregations finished after the query (envelope) leave the engine path and still match.
    const hull = { select: 'envelope(coordinates) as hull, count(*) as n', where: "state = 'CA'" };
    const hullRecords = await getJson<{ results: Flat[] }>('/catalog/datasets/airports/records', hull);
    const hullJson = JSON.parse(
      (await download('/catalog/datasets/airports/exports/json', hull)).bytes.toString(),
    );
    expect(hullJson).toEqual(hullRecords.body.results);
    expect((await getJson('/catalog/datasets/airports/exports/parquet', hull)).status).toBe(400);
    const empty = await download('/catalog/datasets/airports/exports/json', { where: "state = 'nowhere'" });
    expect(JSON.parse(empty.bytes.toString())).toEqual([]);
  });

  it('JSON on v2.0: records with datasetid, recordid, fields without nulls, geometry', async () => {
    const v20 = await getJson<{ records: { record: { id: string; fields: Flat } }[] }>(
      '/catalog/datasets/airports/records',
      AIRPORTS,
      '2.0',
    );
    const res = await download('/catalog/datasets/airports/exports/json', AIRPORTS, '2.0');
    const body = JSON.parse(res.bytes.toString()) as {
      datasetid: string;
      recordid: string;
      fields: Flat;
      geometry: { coordinates: number[] };
    }[];
    expect(body.map((r) => r.recordid)).toEqual(v20.body.records.map((r) => r.record.id));
    const first = body[0]!;
    expect(first.datasetid).toBe('airports');
    const point = v20.body.records[0]!.record.fields.coordinates as { lat: number; lon: number };
    expect(first.geometry.coordinates).toEqual([point.lon, point.lat]);
    for (const r of body) for (const v of Object.values(r.fields)) expect(v).not.toBeNull();
  });

  it('GeoJSON: a FeatureCollection of the records, projected with epsg', async () => {
    const expected = await records('airports', AIRPORTS);
    const res = await download('/catalog/datasets/airports/exports/geojson', AIRPORTS);
    expect(res.headers.get('content-type')).toBe('application/geo+json; charset=utf-8');
    const fc = JSON.parse(res.bytes.toString()) as {
      type: string;
      features: { geometry: { coordinates: number[] }; properties: Flat }[];
    };
    expect(fc.type).toBe('FeatureCollection');
    expect(fc.features.map((f) => f.properties.iata)).toEqual(expected.map((r) => r.iata));
    const p = expected[0]!.coordinates as { lon: number; lat: number };
    expect(fc.features[0]!.geometry.coordinates).toEqual([p.lon, p.lat]);
    const merc = JSON.parse(
      (
        await download('/catalog/datasets/airports/exports/geojson', { ...AIRPORTS, epsg: 3857 })
      ).bytes.toString(),
    );
    const [x, y] = merc.features[0].geometry.coordinates as number[];
    expect(x).toBeCloseTo((p.lon * Math.PI * 6378137) / 180, 0);
    expect(y).toBeCloseTo(6378137 * Math.log(Math.tan(Math.PI / 4 + (p.lat * Math.PI) / 360)), 0);
    const quakes = JSON.parse(
      (await download('/catalog/datasets/earthquakes/exports/geojson', QUAKES, '2.0')).bytes.toString(),
    );
    expect(typeof quakes.features[0].properties.time).toBe('number');
  });

  it('xlsx (v2.1) and SpreadsheetML xls (v2.0), read by SheetJS', async () => {
    const params = { ...AIRPORTS, use_labels: 'true' };
    const expected = await records('airports', AIRPORTS);
    const xlsx = await download('/catalog/datasets/airports/exports/xlsx', params);
    expect(xlsx.headers.get('content-disposition')).toBe('attachment; filename="airports.xlsx"');
    const xls = await download('/catalog/datasets/airports/exports/xls', params, '2.0');
    for (const file of [xlsx, xls]) {
      const book = XLSX.read(file.bytes, { type: 'buffer' });
      const rows = XLSX.utils.sheet_to_json<Flat>(book.Sheets[book.SheetNames[0]!]!, {
        defval: null,
        raw: true,
      });
      expect(rows).toHaveLength(expected.length);
      expect(Object.keys(rows[0]!)).toEqual(['IATA code', 'Name', 'City', 'Coordinates']);
      expect(rows.map((r) => r.Name)).toEqual(expected.map((r) => r.name));
      expect(rows.map((r) => r.Coordinates)).toEqual(expected.map((r) => cellOf(r.coordinates)));
    }
    const weather = await records('seattle-weather', { order_by: 'date', limit: 50 });
    const book = XLSX.read(
      (await download('/catalog/datasets/seattle-weather/exports/xlsx', { order_by: 'date', limit: 50 }))
        .bytes,
    );
    const rows = XLSX.utils.sheet_to_json<Flat>(book.Sheets[book.SheetNames[0]!]!, {
      defval: null,
      raw: true,
    });
    expect(rows.map((r) => r.precipitation)).toEqual(weather.map((r) => r.precipitation));
  });

  it('Parquet, read by DuckDB, with typed columns', async () => {
    const expected = await records('earthquakes', QUAKES);
    const res = await download('/catalog/datasets/earthquakes/exports/parquet', {
      ...QUAKES,
      parquet_compression: 'zstd',
    });
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="earthquakes.parquet"');
    const dir = await mkdtemp(join(tmpdir(), 'parquet-test-'));
    try {
      const file = join(dir, 'e.parquet');
      await writeFile(file, res.bytes);
      const db = await DuckDBInstance.create(':memory:');
      const connection = await db.connect();
      const reader = await connection.runAndReadAll(
        `SELECT id, mag, types, coordinates.lat AS lat FROM read_parquet('${file}')`,
      );
      const rows = reader.getRowObjectsJson();
      expect(rows.map((r) => r.id)).toEqual(expected.map((r) => r.id));
      expect(rows.map((r) => r.mag)).toEqual(expected.map((r) => r.mag));
      expect(rows.map((r) => r.types)).toEqual(expected.map((r) => r.types));
      expect(rows.map((r) => r.lat)).toEqual(expected.map((r) => (r.coordinates as { lat: number }).lat));
      connection.closeSync();
      db.closeSync();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('compressed=true gzips the file', async () => {
    const res = await download('/catalog/datasets/airports/exports/csv', { ...AIRPORTS, compressed: 'true' });
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="airports.csv.gz"');
    const rows = parse(gunzipSync(res.bytes), { bom: true, delimiter: ';', columns: true }) as Flat[];
    expect(rows.map((r) => r.iata)).toEqual((await records('airports', AIRPORTS)).map((r) => r.iata));
  });

  it('a client that goes away stops its export; the server keeps answering', async () => {
    // More aborted exports than pooled connections: a query left running would hold one for good.
    for (const format of ['csv', 'jsonl', 'csv', 'json', 'csv', 'xlsx']) {
      const controller = new AbortController();
      const res = await fetch(url(`/catalog/datasets/flights/exports/${format}`, {}), {
        signal: controller.signal,
      });
      expect(res.status).toBe(200);
      const reader = res.body!.getReader();
      await reader.read();
      controller.abort();
      await reader.cancel().catch(() => {});
    }
    const after = await getJson<{ total_count: number }>('/catalog/datasets/flights/records', {
      limit: 1,
      where: 'distance > 1000',
    });
    expect(after.status).toBe(200);
    expect(after.body.total_count).toBeGreaterThan(0);
    const csv = await download('/catalog/datasets/flights/exports/csv', { limit: 1000, order_by: 'date' });
    expect((parse(csv.bytes, { bom: true, delimiter: ';', columns: true }) as Flat[]).length).toBe(1000);
  });
});
