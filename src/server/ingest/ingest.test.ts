import { existsSync, readdirSync } from 'node:fs';
import { mkdir, mkdtemp, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ExploreData, openExploreData } from '../catalog/open';
import type { Dataset } from '../catalog/types';
import { openDuckDBEngine } from '../engine/duckdb';
import type { Logger } from './logger';

/** A logger keeping its lines, to check what ingestion reported. */
function memoryLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (m) => lines.push(`info ${m}`),
    warn: (m) => lines.push(`warn ${m}`),
    error: (m) => lines.push(`error ${m}`),
  };
}

const CSV = `Code,Name,Kind,Planted on,Height (m),Count,lat,lon
00501,Élan vital,oak,2020-01-02,12.5,3,48.85,2.35
00502,Second tree,oak,2021-03-04,7,1,48.86,2.36
00503,Third tree,pine,2022-05-06,,2,48.87,2.37
00504,Fourth tree,oak,2023-07-08,9.25,4,,
00505,Fifth tree,pine,2024-09-10,3,5,48.88,2.38
`;

const POINTS = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { label: 'a', size: 1 },
      geometry: { type: 'Point', coordinates: [2.35, 48.85] },
    },
    {
      type: 'Feature',
      properties: { label: 'b', size: 2 },
      geometry: { type: 'Point', coordinates: [2.36, 48.86] },
    },
  ],
};

const POLYGONS = {
  type: 'FeatureCollection',
  features: [
    {
      type: 'Feature',
      properties: { zone: 'north' },
      geometry: {
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
      },
    },
    {
      type: 'Feature',
      properties: { zone: 'south' },
      geometry: {
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [5, 5],
              [6, 5],
              [6, 6],
              [5, 5],
            ],
          ],
          [
            [
              [7, 7],
              [8, 7],
              [8, 8],
              [7, 7],
            ],
          ],
        ],
      },
    },
  ],
};

const EVENTS = [
  {
    when: '2024-01-01 10:00:00',
    at: 1700000000,
    tags: ',a,,b ,',
    done: 'true',
    score: 'NA',
    day: '03/02/2024',
  },
  {
    when: '2024-06-01T10:00:00+02:00',
    at: 1700000060.5,
    tags: 'c',
    done: 'false',
    score: '4.5',
    day: '04/02/2024',
  },
  {
    when: '2024-01-01 10:00:00',
    at: 1700000000,
    tags: ',a,,b ,',
    done: 'true',
    score: 'NA',
    day: '03/02/2024',
  },
  { when: null, at: null, tags: ',,', done: null, score: null, day: null },
];

describe('ingestion of user datasets', () => {
  let dataDir: string;
  let datasetsDir: string;
  let data: ExploreData;
  let log: ReturnType<typeof memoryLogger>;

  const sql = async (query: string, params: (string | number)[] = []) =>
    data.engine.rows({ sql: query, params });
  const dataset = (id: string): Dataset => {
    const found = data.catalog.get(id);
    if (!found) throw new Error(`no dataset ${id}: ${JSON.stringify(data.catalog.problems)}`);
    return found;
  };
  const describeDescriptor = async (name: string, descriptor: unknown): Promise<void> => {
    await writeFile(join(datasetsDir, name), JSON.stringify(descriptor));
  };
  const reopen = async (): Promise<void> => {
    await data.close();
    log = memoryLogger();
    data = await openExploreData({ dataDir, log, includeDefault: false, threads: 2 });
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'ingest-'));
    datasetsDir = join(dataDir, 'datasets');
    const files = join(dataDir, 'files');
    await mkdir(datasetsDir, { recursive: true });
    await mkdir(files, { recursive: true });
    await writeFile(join(files, 'trees.csv'), CSV);
    await writeFile(join(files, 'points.geojson'), JSON.stringify(POINTS));
    await writeFile(join(files, 'zones.json'), JSON.stringify(POLYGONS));
    await writeFile(join(files, 'events.json'), JSON.stringify(EVENTS));
    await writeFile(
      join(files, 'lists.ndjson'),
      `${[
        { id: 1, colors: ['red', 'blue'], meta: { x: 1 } },
        { id: 2, colors: [], meta: { x: 2 } },
      ]
        .map((r) => JSON.stringify(r))
        .join('\n')}\n`,
    );
    await writeFile(join(files, 'broken.csv'), 'a,b\n"1,2\n3,4\n');
    await writeFile(join(files, 'illtyped.csv'), 'n\n1\nabc\n');
    await writeFile(join(files, 'notes.txt'), 'notes');
    await writeFile(join(files, 'codes.csv'), 'n;code;label\n1;007;x\n2;8;y\n');
    const scratch = await openDuckDBEngine({ path: ':memory:', connections: 1 });
    await scratch.execute(
      `COPY (SELECT x AS id, 'name ' || x AS name, TIMESTAMP '2020-01-01' + x * INTERVAL 1 HOUR AS seen, x % 2 = 0 AS even
       FROM range(1000) t(x)) TO '${join(files, 'table.parquet')}' (FORMAT parquet)`,
    );
    await scratch.close();

    await describeDescriptor('trees.json', {
      dataset_id: 'trees',
      source: '../files/trees.csv',
      geo_point: { lat: 'lat', lon: 'lon', field: 'location' },
      attachments: ['../files/notes.txt'],
    });
    await describeDescriptor('codes.json', {
      dataset_id: 'codes',
      source: '../files/codes.csv',
      delimiter: ';',
      fields: [
        { name: 'n', type: 'text' },
        { name: 'code', type: 'text' },
        { name: 'number', source: 'code', type: 'int' },
      ],
    });
    await describeDescriptor('points.json', { dataset_id: 'points', source: '../files/points.geojson' });
    await describeDescriptor('zones.json', { dataset_id: 'zones', source: '../files/zones.json' });
    await describeDescriptor('table.json', { dataset_id: 'table', source: '../files/table.parquet' });
    await describeDescriptor('lists.json', { dataset_id: 'lists', source: '../files/lists.ndjson' });
    await describeDescriptor('events.json', {
      dataset_id: 'events',
      source: '../files/events.json',
      null_values: ['NA'],
      metas: { title: 'Events', timezone: 'Europe/Paris', keyword: ['a', 'b'] },
      fields: [
        { name: 'when', type: 'datetime' },
        { name: 'at', type: 'datetime', format: 'epoch_s' },
        { name: 'tags', annotations: { multivalued: ',' } },
        { name: 'done', type: 'boolean' },
        { name: 'score', type: 'double' },
        { name: 'day', type: 'date', format: '%d/%m/%Y' },
      ],
    });
    await writeFile(join(datasetsDir, 'not-json.json'), '{ "dataset_id": ');
    await describeDescriptor('unknown-key.json', { dataset_id: 'typo', source: 'x.csv', feilds: [] });
    await describeDescriptor('missing.json', { dataset_id: 'missing', source: '../files/nope.csv' });
    await describeDescriptor('broken.json', { dataset_id: 'broken', source: '../files/broken.csv' });
    await describeDescriptor('illtyped.json', {
      dataset_id: 'illtyped',
      source: '../files/illtyped.csv',
      fields: [{ name: 'n', type: 'int' }],
    });
    await describeDescriptor('wrong-column.json', {
      dataset_id: 'wrong_column',
      source: '../files/trees.csv',
      fields: [{ name: 'species', type: 'text' }],
    });
    log = memoryLogger();
    data = await openExploreData({ dataDir, log, includeDefault: false, threads: 2 });
  });

  afterAll(async () => {
    await data.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('loads the good datasets and skips the bad ones with a reason', () => {
    expect(data.catalog.list().map((d) => d.dataset_id)).toEqual([
      'codes',
      'events',
      'lists',
      'points',
      'table',
      'trees',
      'zones',
    ]);
    const reasons = Object.fromEntries(data.catalog.problems.map((p) => [p.datasetId ?? p.origin, p.reason]));
    expect(reasons[join(datasetsDir, 'not-json.json')]).toMatch(/not valid JSON/);
    expect(reasons[join(datasetsDir, 'unknown-key.json')]).toMatch(/unknown key "feilds"/);
    expect(reasons.missing).toMatch(/nope\.csv \(ENOENT\)/);
    expect(reasons.broken).toMatch(/broken\.csv.*line 2: a value opens a quote/);
    expect(reasons.illtyped).toMatch(/Could not convert string 'abc'/);
    expect(reasons.wrong_column).toMatch(/no column "species"/);
    const errors = log.lines.filter((l) => l.startsWith('error'));
    expect(errors).toHaveLength(6);
    for (const line of errors) expect(line).toMatch(/skipped: /);
  });

  it('infers CSV fields with snake case names, types, labels and facets', async () => {
    const trees = dataset('trees');
    expect(trees.fields.map((f) => [f.name, f.type, f.label])).toEqual([
      ['code', 'text', 'Code'],
      ['name', 'text', 'Name'],
      ['kind', 'text', 'Kind'],
      ['planted_on', 'date', 'Planted on'],
      ['height_m', 'double', 'Height (m)'],
      ['count', 'int', 'Count'],
      ['location', 'geo_point_2d', 'Location'],
    ]);
    expect(trees.fields.find((f) => f.name === 'kind')?.annotations).toEqual({
      facet: true,
      facetsort: '-count',
    });
    expect(trees.fields.find((f) => f.name === 'name')?.annotations).toEqual({});
    expect(trees.fields.find((f) => f.name === 'planted_on')?.annotations).toEqual({
      facet: true,
      facetsort: 'alphanum',
    });
    expect(trees.features).toEqual(['analyze', 'timeserie', 'geo']);
    expect(trees.attachments).toEqual([
      {
        id: 'notes_txt',
        title: 'notes.txt',
        mimetype: 'text/plain',
        path: join(dataDir, 'files', 'notes.txt'),
      },
    ]);
    const metas = trees.metas.default;
    expect(metas.records_count).toBe(5);
    expect(metas.title).toBe('Trees');
    expect(metas.geometry_types).toEqual(['Point']);
    expect(metas.bbox).toEqual({
      type: 'Feature',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [2.38, 48.88],
            [2.35, 48.88],
            [2.35, 48.85],
            [2.38, 48.85],
            [2.38, 48.88],
          ],
        ],
      },
      properties: {},
    });
    const rows = await sql(
      `SELECT code, planted_on, height_m, location, __search, __pos FROM ${trees.table} ORDER BY __pos`,
    );
    expect(rows[0]).toEqual([
      '00501',
      '2020-01-02',
      12.5,
      { lat: 48.85, lon: 2.35 },
      ' 00501 elan vital oak ',
      0,
    ]);
    expect(rows[3]?.[3]).toBeNull();
    expect(rows.map((r) => r[5])).toEqual([0, 1, 2, 3, 4]);
  });

  it('keeps declared text columns as written', async () => {
    expect(await sql(`SELECT n, code, "number" FROM ${dataset('codes').table} ORDER BY __pos`)).toEqual([
      ['1', '007', 7],
      ['2', '8', 8],
    ]);
  });

  it('reads GeoJSON points as geo_point_2d and other geometries as geo_shape', async () => {
    const points = dataset('points');
    expect(points.fields.map((f) => [f.name, f.type])).toEqual([
      ['label', 'text'],
      ['size', 'int'],
      ['geo_point_2d', 'geo_point_2d'],
    ]);
    expect(await sql(`SELECT geo_point_2d FROM ${points.table} ORDER BY __pos`)).toEqual([
      [{ lat: 48.85, lon: 2.35 }],
      [{ lat: 48.86, lon: 2.36 }],
    ]);
    const zones = dataset('zones');
    expect(zones.fields.map((f) => [f.name, f.type])).toEqual([
      ['zone', 'text'],
      ['geo_shape', 'geo_shape'],
    ]);
    expect(zones.metas.default.geometry_types).toEqual(['MultiPolygon', 'Polygon']);
    const [north, south] = await sql(
      `SELECT geo_shape.geojson, len(geo_shape.areas), geo_shape.minx, geo_shape.maxy, len(geo_shape.lines) FROM ${zones.table} ORDER BY __pos`,
    );
    expect(JSON.parse(String(north?.[0]))).toEqual(POLYGONS.features[0]?.geometry);
    expect(north?.slice(1)).toEqual([1, 0, 2, 1]);
    expect(south?.slice(1)).toEqual([2, 5, 8, 2]);
    expect(zones.metas.default.bbox).toMatchObject({
      geometry: {
        coordinates: [
          [
            [8, 8],
            [0, 8],
            [0, 0],
            [8, 0],
            [8, 8],
          ],
        ],
      },
    });
  });

  it('infers fields from Parquet and NDJSON', async () => {
    const table = dataset('table');
    expect(table.fields.map((f) => [f.name, f.type])).toEqual([
      ['id', 'int'],
      ['name', 'text'],
      ['seen', 'datetime'],
      ['even', 'boolean'],
    ]);
    expect(table.metas.default.records_count).toBe(1000);
    expect(await sql(`SELECT id, name, seen, even FROM ${table.table} WHERE __pos = 25`)).toEqual([
      [25, 'name 25', '2020-01-02T01:00:00.000', false],
    ]);
    const lists = dataset('lists');
    expect(lists.fields.map((f) => [f.name, f.type, f.annotations.multivalued])).toEqual([
      ['id', 'int', undefined],
      ['colors', 'text', ','],
      ['meta', 'text', undefined],
    ]);
    expect(data.catalog.schema('lists')?.fields[1]).toEqual({
      name: 'colors',
      type: 'text',
      multivalued: true,
    });
    expect(await sql(`SELECT colors, meta FROM ${lists.table} ORDER BY __pos`)).toEqual([
      [['red', 'blue'], '{"x":1}'],
      [null, '{"x":2}'],
    ]);
  });

  it('parses declared formats, null markers, multivalued text and time zones', async () => {
    const events = dataset('events');
    expect(events.metas.default.timezone).toBe('Europe/Paris');
    const rows = await sql(`SELECT "when", "at", tags, done, score, day FROM ${events.table} ORDER BY __pos`);
    expect(rows).toEqual([
      ['2024-01-01T09:00:00.000', '2023-11-14T22:13:20.000', ['a', 'b'], true, null, '2024-02-03'],
      ['2024-06-01T08:00:00.000', '2023-11-14T22:14:20.500', ['c'], false, 4.5, '2024-02-04'],
      ['2024-01-01T09:00:00.000', '2023-11-14T22:13:20.000', ['a', 'b'], true, null, '2024-02-03'],
      [null, null, null, null, null, null],
    ]);
  });

  it('gives identical rows distinct, stable ids and sizes their canonical JSON', async () => {
    const table = dataset('events').table;
    const rows = await sql(`SELECT __id, __size FROM ${table} ORDER BY __pos`);
    const ids = rows.map((r) => String(r[0]));
    expect(new Set(ids).size).toBe(4);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{16}$/);
    const [canonical] = await sql(
      `SELECT printf('%016x', hash("when", "at", tags, done, score, day)), octet_length(encode(CAST(to_json(struct_pack("when" := "when", "at" := "at", tags := tags, done := done, score := score, day := day)) AS VARCHAR))) FROM ${table} WHERE __pos = 0`,
    );
    expect(ids[0]).toBe(canonical?.[0]);
    expect(rows[0]?.[1]).toBe(canonical?.[1]);
    expect(ids[2]).not.toBe(ids[0]);
    const [timestamps] = await sql(`SELECT count(DISTINCT __timestamp), min(__timestamp) FROM ${table}`);
    expect(timestamps?.[0]).toBe(1);
    expect(Date.parse(`${String(timestamps?.[1])}Z`)).toBe(
      Date.parse(dataset('events').metas.default.data_processed),
    );
  });

  it('sizes every record as the byte length of its whole canonical JSON, whatever its field types', async () => {
    const ids = ['codes', 'events', 'lists', 'points', 'table', 'trees', 'zones'];
    const types = new Set(ids.flatMap((id) => dataset(id).fields.map((f) => f.type)));
    for (const type of ['geo_shape', 'geo_point_2d', 'double', 'datetime', 'boolean'] as const)
      expect(types.has(type), type).toBe(true);
    for (const id of ids) {
      const { table, fields } = dataset(id);
      const members = fields.map((f) => {
        const ref = `"${f.name.replaceAll('"', '""')}"`;
        return `${ref} := ${f.type === 'geo_shape' ? `json(${ref}.geojson)` : ref}`;
      });
      const [row] = await sql(
        `SELECT count(*), count(*) FILTER (WHERE __size <> octet_length(encode(CAST(to_json(struct_pack(${members.join(', ')})) AS VARCHAR)))) FROM ${table}`,
      );
      expect(Number(row?.[0]), id).toBeGreaterThan(0);
      expect(Number(row?.[1]), id).toBe(0);
    }
  });

  it('writes the catalog table', async () => {
    const rows = await sql(
      `SELECT dataset_id, title, keyword, records_count, features, has_records, __id, __pos, __search FROM ${data.catalog.catalogTable} ORDER BY __pos`,
    );
    expect(rows.map((r) => r[0])).toEqual(['codes', 'events', 'lists', 'points', 'table', 'trees', 'zones']);
    expect(rows[1]).toEqual([
      'events',
      'Events',
      ['a', 'b'],
      4,
      ['analyze', 'timeserie'],
      true,
      'events',
      1,
      ' events a b events ',
    ]);
  });

  it('re-ingests only what changed, keeping ids of unchanged content', async () => {
    const before = await sql(`SELECT __id FROM ${dataset('trees').table} ORDER BY __pos`);
    const processed = dataset('trees').metas.default.data_processed;
    await reopen();
    expect(log.lines.filter((l) => l.includes(': ingesting '))).toEqual([]);
    expect(dataset('trees').metas.default.data_processed).toBe(processed);
    expect(data.catalog.problems).toHaveLength(6);
    expect(log.lines).toContainEqual(
      expect.stringMatching(/^error dataset illtyped .* \(unchanged since it failed\) \[data failure: .*\]$/),
    );

    const later = new Date(Date.now() + 5000);
    await utimes(join(dataDir, 'files', 'trees.csv'), later, later);
    await describeDescriptor('points.json', {
      dataset_id: 'points',
      source: '../files/points.geojson',
      metas: { title: 'P' },
    });
    await rm(join(datasetsDir, 'lists.json'));
    await writeFile(join(dataDir, 'files', 'illtyped.csv'), 'n\n1\n2\n');
    await reopen();
    const ingested = log.lines.filter((l) => l.includes(': ingesting ')).map((l) => l.split(':')[0]);
    // wrong_column reads trees.csv too, so it is tried again (and fails again).
    expect(ingested).toEqual([
      'info dataset illtyped',
      'info dataset points',
      'info dataset trees',
      'info dataset wrong_column',
    ]);
    expect(data.catalog.get('illtyped')?.metas.default.records_count).toBe(2);
    expect(dataset('points').metas.default.title).toBe('P');
    expect(data.catalog.get('lists')).toBeUndefined();
    expect(await sql("SELECT count(*) FROM duckdb_views() WHERE view_name = 'ds_lists'")).toEqual([[0]]);
    expect(existsSync(join(dataDir, 'store', 'ds_lists'))).toBe(false);
    expect(await sql(`SELECT __id FROM ${dataset('trees').table} ORDER BY __pos`)).toEqual(before);
    expect(readdirSync(join(dataDir, 'tmp')).filter((name) => name.startsWith('__stage'))).toEqual([]);
  });
});
