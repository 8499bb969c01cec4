import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { columnType } from '../../layout/columns';
import type { Logger } from '../ingest/logger';
import { type ExploreData, openExploreData } from './open';
import type { Dataset, DefaultMetas } from './types';

const DEFAULT_IDS = [
  'airports',
  'disasters',
  'earthquakes',
  'flights',
  'la-riots',
  'london-boroughs',
  'movies',
  'penguins',
  'seattle-weather',
  'us-states',
  'us-zip-codes',
];

/** Every key of DefaultMetas: each dataset must carry all of them. */
const METAS_KEYS: readonly (keyof DefaultMetas)[] = [
  'title',
  'description',
  'theme',
  'keyword',
  'license',
  'license_url',
  'language',
  'metadata_languages',
  'timezone',
  'modified',
  'modified_updates_on_metadata_change',
  'modified_updates_on_data_change',
  'data_processed',
  'metadata_processed',
  'geographic_reference',
  'geographic_reference_auto',
  'territory',
  'geometry_types',
  'bbox',
  'publisher',
  'references',
  'records_count',
  'attributions',
  'source_domain',
  'source_domain_title',
  'source_domain_address',
  'source_dataset',
  'shared_catalog',
  'federated',
  'parent_domain',
  'update_frequency',
];

function recordingLogger(): Logger & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    info: (m) => lines.push(m),
    warn: (m) => lines.push(`warn ${m}`),
    error: (m) => lines.push(`error ${m}`),
  };
}

describe('the default catalog', () => {
  let dataDir: string;
  let data: ExploreData;

  const sql = (query: string, params: (string | number)[] = []) => data.engine.rows({ sql: query, params });
  const dataset = (id: string): Dataset => {
    const found = data.catalog.get(id);
    if (!found) throw new Error(`no dataset ${id}`);
    return found;
  };
  const table = (id: string): string => dataset(id).table;
  const field = (id: string, name: string) => dataset(id).fields.find((f) => f.name === name);

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'catalog-'));
    data = await openExploreData({ dataDir, log: recordingLogger(), threads: 2 });
  });

  afterAll(async () => {
    await data.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  // How long it takes is measured by `npm run bench`, never asserted here: tests share the machine.
  it('ingests every dataset', () => {
    expect(data.catalog.problems).toEqual([]);
    expect(data.catalog.list().map((d) => d.dataset_id)).toEqual(DEFAULT_IDS);
  });

  it('gives every dataset complete metadata', async () => {
    for (const d of data.catalog.list()) {
      const metas = d.metas.default;
      expect(Object.keys(metas).sort()).toEqual([...METAS_KEYS].sort());
      expect(d.dataset_uid).toMatch(/^da_[0-9a-z]{6}$/);
      expect(metas.title).not.toBe(d.dataset_id);
      expect(metas.description).toBeTruthy();
      expect(metas.theme?.length).toBeGreaterThan(0);
      expect(metas.keyword?.length).toBeGreaterThan(0);
      expect(metas.publisher).toBeTruthy();
      expect(metas.license).toBeTruthy();
      expect(metas.language).toBe('en');
      expect(metas.modified).toBe('2025-08-21T23:04:37.691+00:00');
      expect(metas.data_processed).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}\+00:00$/);
      const [count] = await sql(`SELECT count(*) FROM ${d.table}`);
      expect(metas.records_count).toBe(count?.[0]);
      expect(d.has_records).toBe(true);
      expect(d.attachments.length).toBeGreaterThan(0);
      for (const attachment of d.attachments) {
        expect(existsSync(attachment.path)).toBe(true);
        expect(attachment.id).toMatch(/^[a-z0-9_]+$/);
      }
      for (const f of d.fields) expect(f.label).not.toBe('');
    }
    expect(dataset('seattle-weather').metas.default.timezone).toBe('America/Los_Angeles');
    expect(dataset('airports').metas.default).toMatchObject({
      license: 'Other (Open)',
      license_url: 'https://www.usa.gov/government-works',
      publisher: 'Airports (Data.gov)',
      references: 'https://catalog.data.gov/dataset/airports-5e97a',
      geometry_types: ['Point'],
      theme: ['Transport'],
    });
    expect(dataset('london-boroughs').metas.default.geometry_types).toEqual(['MultiPolygon', 'Polygon']);
    expect(dataset('london-boroughs').metas.default.bbox).toMatchObject({
      type: 'Feature',
      geometry: { type: 'Polygon' },
    });
    // Flights are placed at their origin airport (joined from airports.csv): their bbox is the airports'.
    expect(dataset('flights').metas.default.bbox).toMatchObject({
      type: 'Feature',
      geometry: { type: 'Polygon' },
    });
    expect(dataset('flights').metas.default.geometry_types).toEqual(['Point']);
    expect(dataset('disasters').metas.default.bbox).toBeNull();
    expect(dataset('la-riots').metas.default.license).toBe('The 3-Clause BSD License');
    expect(dataset('airports').attachments).toEqual([
      expect.objectContaining({ id: 'airports_csv', title: 'airports.csv', mimetype: 'text/csv' }),
    ]);
  });

  it('declares fields with labels, descriptions, annotations and features', () => {
    expect(field('airports', 'iata')).toMatchObject({
      label: 'IATA code',
      type: 'text',
      annotations: { id: true },
    });
    expect(field('airports', 'coordinates')?.type).toBe('geo_point_2d');
    expect(field('penguins', 'beak_length_mm')).toMatchObject({
      label: 'Beak length (mm)',
      type: 'double',
      description: 'Beak length in millimeters',
    });
    expect(field('earthquakes', 'types')?.annotations).toMatchObject({
      multivalued: ',',
      disjunctive: true,
      facet: true,
    });
    expect(field('seattle-weather', 'date')?.annotations).toMatchObject({
      facet: true,
      facetsort: 'alphanum',
    });
    expect(field('seattle-weather', 'weather')?.annotations).toMatchObject({
      facet: true,
      facetsort: '-count',
    });
    expect(dataset('earthquakes').features).toEqual(['analyze', 'timeserie', 'geo']);
    expect(dataset('airports').features).toEqual(['geo']);
    expect(dataset('flights').features).toEqual(['analyze', 'timeserie', 'geo']);
    expect(data.catalog.schema('earthquakes')?.fields.find((f) => f.name === 'types')).toEqual({
      name: 'types',
      type: 'text',
      multivalued: true,
    });
    expect(data.catalog.schema('nope')).toBeUndefined();
    expect(data.catalog.get('nope')).toBeUndefined();
  });

  it('stores the records with their types', async () => {
    expect(
      await sql(`SELECT count(*), count(DISTINCT __id), min(__pos), max(__pos) FROM ${table('flights')}`),
    ).toEqual([[3_000_000, 3_000_000, 0, 2_999_999]]);
    expect(
      await sql(
        `SELECT "date", delay, distance, origin, destination FROM ${table('flights')} WHERE __pos = 0`,
      ),
    ).toEqual([['2001-01-01T00:01:00.000', 33, 2176, 'LAS', 'PHL']]);
    expect(await sql(`SELECT zip_code, coordinates FROM ${table('us-zip-codes')} WHERE __pos = 0`)).toEqual([
      ['00501', { lat: 40.922326, lon: -72.637078 }],
    ]);
    expect(await sql(`SELECT title, release_date FROM ${table('movies')} WHERE __pos = 0`)).toEqual([
      ['The Land Girls', '1998-06-12'],
    ]);
    expect(await sql(`SELECT count(*) FROM ${table('movies')} WHERE release_date IS NULL`)).toEqual([[0]]);
    const [quake] = await sql(
      `SELECT id, "time", types, depth, coordinates FROM ${table('earthquakes')} WHERE __pos = 0`,
    );
    expect(quake).toEqual([
      'ci37868143',
      '2018-02-07T01:26:13.840',
      ['geoserve', 'nearby-cities', 'origin', 'phase-data', 'scitech-link'],
      26.49,
      { lat: 34.4945, lon: -118.6671667 },
    ]);
    expect(
      await sql(
        `SELECT count(*) FROM ${table('earthquakes')} WHERE list_contains(types, '') OR len(types) = 0`,
      ),
    ).toEqual([[0]]);
    const [borough] = await sql(
      `SELECT name, json_extract_string(shape.geojson, '$.type'), len(shape.areas), len(shape.areas[1][1]), centroid FROM ${table('london-boroughs')} WHERE __pos = 0`,
    );
    expect(borough?.slice(0, 2)).toEqual(['Kingston upon Thames', 'Polygon']);
    expect(borough?.[2]).toBe(1);
    expect(borough?.[3]).toBeGreaterThan(3);
    expect(borough?.[4]).toEqual({ lat: 51.387893353778395, lon: -0.28691465719243003 });
    expect(
      await sql(
        `SELECT count(*) FROM ${table('london-boroughs')} WHERE centroid IS NULL OR len(shape.areas) = 0`,
      ),
    ).toEqual([[0]]);
    expect(
      await sql(`SELECT sex, count(*) FROM ${table('penguins')} GROUP BY sex ORDER BY sex NULLS LAST`),
    ).toEqual([
      ['FEMALE', 165],
      ['MALE', 168],
      [null, 11],
    ]);
    expect(await sql(`SELECT count(*) FROM ${table('penguins')} WHERE beak_length_mm IS NULL`)).toEqual([
      [2],
    ]);
    expect(await sql(`SELECT "date", weather FROM ${table('seattle-weather')} WHERE __pos = 0`)).toEqual([
      ['2012-01-01', 'drizzle'],
    ]);
    expect(
      await sql(`SELECT first_name, death_date, coordinates FROM ${table('la-riots')} WHERE __pos = 0`),
    ).toEqual([['Cesar A.', '1992-04-30', { lat: 34.0592814, lon: -118.2739756 }]]);
    expect(await sql(`SELECT entity, "year", deaths FROM ${table('disasters')} WHERE __pos = 0`)).toEqual([
      ['All natural disasters', 1900, 1267360],
    ]);
    expect(await sql(`SELECT __search FROM ${table('airports')} WHERE iata = '00M'`)).toEqual([
      [' 00m thigpen bay springs ms usa '],
    ]);
  });

  it('writes the catalog table with the catalog schema', async () => {
    const columns = await sql(
      "SELECT column_name, data_type FROM duckdb_columns() WHERE table_name = $1 AND NOT starts_with(column_name, '__')",
      [data.catalog.catalogTable],
    );
    expect(columns).toEqual(data.catalog.catalogSchema.fields.map((f) => [f.name, columnType(f)]));
    const rows = await sql(
      `SELECT dataset_id, records_count, theme, __id, __pos, __languages FROM ${data.catalog.catalogTable} WHERE __lang = '' ORDER BY __pos`,
    );
    expect(rows.map((r) => r[0])).toEqual(DEFAULT_IDS);
    expect(rows.find((r) => r[0] === 'flights')).toEqual([
      'flights',
      3_000_000,
      ['Transport'],
      'flights',
      3,
      ['fr'],
    ]);
    expect(
      await sql(
        `SELECT dataset_id FROM ${data.catalog.catalogTable} WHERE __lang = '' AND contains(__search, ' penguins ') ORDER BY __pos`,
      ),
    ).toEqual([['penguins']]);
    // A row per translation, at the dataset's position, searched in both languages.
    const french = await sql(
      `SELECT dataset_id, theme, __id, __pos, contains(__search, ' vols '), contains(__search, ' flights ') FROM ${data.catalog.catalogTable} WHERE __lang = 'fr' ORDER BY __pos`,
    );
    expect(french.map((r) => r[0])).toEqual(DEFAULT_IDS);
    expect(french.find((r) => r[0] === 'flights')).toEqual([
      'flights',
      ['Transports'],
      'flights',
      3,
      true,
      true,
    ]);
  });

  it('reopens without ingesting, with the same ids', async () => {
    const ids = await sql(`SELECT __id FROM ${table('movies')} ORDER BY __pos LIMIT 50`);
    const processed = dataset('flights').metas.default.data_processed;
    await data.close();
    const log = recordingLogger();
    data = await openExploreData({ dataDir, log, threads: 2 });
    expect(log.lines.filter((l) => l.includes(': ingesting '))).toEqual([]);
    expect(data.catalog.list().map((d) => d.dataset_id)).toEqual(DEFAULT_IDS);
    expect(dataset('flights').metas.default.data_processed).toBe(processed);
    expect(await sql(`SELECT __id FROM ${table('movies')} ORDER BY __pos LIMIT 50`)).toEqual(ids);
  });
});
