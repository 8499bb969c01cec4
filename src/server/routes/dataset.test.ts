import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { duckdbDialect } from '../../odsql';
import { buildApp } from '../app';
import { CallQuota } from '../auth/quota';
import { engineCatalog } from '../backend/engine-catalog';
import type { Catalog } from '../catalog/registry';
import type { Dataset, DefaultMetas, Attachment as StoredAttachment } from '../catalog/types';
import { loadConfig } from '../config';
import type { ServerSetup } from '../context';
import type { Engine } from '../engine/types';
import { type Logger, silentLogger } from '../ingest/logger';
import { api, getJson } from '../testing/http';

/*
 * Reading one dataset (conformance captures 01 and 33), its attachments list and an attachment file.
 */

interface Link {
  rel: string;
  href: string;
}
interface Field {
  name: string;
  label: string;
  type: string;
  description: string | null;
  annotations: Record<string, unknown>;
}
interface Attachment {
  mimetype: string;
  url: string;
  id: string;
  title: string;
}
interface DatasetObject {
  dataset_id: string;
  dataset_uid: string;
  fields: Field[];
  features: string[];
  attachments: Attachment[];
  metas: { default: Record<string, unknown> };
  [key: string]: unknown;
}

/** Every key of the default metadata template, in the order of the real service (capture 01). */
const DEFAULT_META_KEYS: Record<keyof DefaultMetas, true> = {
  title: true,
  description: true,
  theme: true,
  keyword: true,
  license: true,
  license_url: true,
  language: true,
  metadata_languages: true,
  timezone: true,
  modified: true,
  modified_updates_on_metadata_change: true,
  modified_updates_on_data_change: true,
  data_processed: true,
  metadata_processed: true,
  geographic_reference: true,
  geographic_reference_auto: true,
  territory: true,
  geometry_types: true,
  bbox: true,
  publisher: true,
  references: true,
  records_count: true,
  attributions: true,
  source_domain: true,
  source_domain_title: true,
  source_domain_address: true,
  source_dataset: true,
  shared_catalog: true,
  federated: true,
  parent_domain: true,
  update_frequency: true,
};

const VEGA_DATA = resolve('node_modules/vega-datasets/data');

describe('dataset read, v2.1', () => {
  it('answers a flat dataset object with the keys of the real service, in its order', async () => {
    const res = await getJson<DatasetObject>('/catalog/datasets/earthquakes');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Object.keys(res.body)).toEqual([
      'visibility',
      'fields',
      'dataset_id',
      'dataset_uid',
      'has_records',
      'features',
      'attachments',
      'alternative_exports',
      'data_visible',
      'metas',
    ]);
    expect(res.body.visibility).toBe('domain');
    expect(res.body.dataset_id).toBe('earthquakes');
    expect(res.body.dataset_uid).toMatch(/^da_[a-z0-9]+$/);
    expect(res.body.has_records).toBe(true);
    expect(res.body.data_visible).toBe(true);
    expect(res.body.alternative_exports).toEqual([]);
    expect([...res.body.features].sort()).toEqual(['analyze', 'geo', 'timeserie']);
  });

  it('lists fields with name, description, annotations, label, type and scalar annotations', async () => {
    const res = await getJson<DatasetObject>('/catalog/datasets/earthquakes');
    for (const f of res.body.fields)
      expect(Object.keys(f)).toEqual(['name', 'description', 'annotations', 'label', 'type']);
    const byName = new Map(res.body.fields.map((f) => [f.name, f]));
    expect(byName.get('mag')?.type).toBe('double');
    expect(byName.get('time')?.type).toBe('datetime');
    expect(byName.get('coordinates')?.type).toBe('geo_point_2d');
    expect(byName.get('tsunami')?.type).toBe('int');
    expect(byName.get('types')?.annotations).toMatchObject({
      facet: true,
      disjunctive: true,
      facetsort: '-count',
      multivalued: ',',
    });
    expect(byName.get('time')?.annotations).toMatchObject({
      facet: true,
      sortable: true,
      timerangeFilter: true,
    });
    expect(byName.get('id')?.annotations).toMatchObject({ id: true });
  });

  it('has every key of the default metadata template, null when unset', async () => {
    const res = await getJson<DatasetObject>('/catalog/datasets/penguins');
    const metas = res.body.metas.default;
    expect(Object.keys(metas)).toEqual(Object.keys(DEFAULT_META_KEYS));
    expect(metas.title).toBe('Palmer Archipelago penguins');
    expect(metas.records_count).toBe(344);
    expect(metas.federated).toBe(false);
    expect(metas.geographic_reference).toBeNull();
    expect(metas.bbox).toBeNull();
    for (const key of ['modified', 'data_processed', 'metadata_processed']) {
      expect(metas[key]).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{6})?\+00:00$/);
    }
  });

  it('writes metadata timestamps in the requested time zone', async () => {
    const utc = await getJson<DatasetObject>('/catalog/datasets/penguins');
    const tokyo = await getJson<DatasetObject>('/catalog/datasets/penguins', { timezone: 'Asia/Tokyo' });
    const modifiedUtc = String(utc.body.metas.default.modified);
    const modifiedTokyo = String(tokyo.body.metas.default.modified);
    expect(modifiedTokyo).toMatch(/\+09:00$/);
    expect(Date.parse(modifiedTokyo)).toBe(Date.parse(modifiedUtc));
  });

  it('gives a geo dataset its bbox as a GeoJSON Feature and its geometry types', async () => {
    const res = await getJson<DatasetObject>('/catalog/datasets/london-boroughs');
    const metas = res.body.metas.default;
    expect(metas.geometry_types).toEqual(expect.arrayContaining(['Polygon']));
    expect(metas.bbox).toMatchObject({ type: 'Feature', geometry: { type: 'Polygon' }, properties: {} });
  });

  it('lists attachments with mimetype, url, id and title', async () => {
    const res = await getJson<DatasetObject>('/catalog/datasets/airports');
    expect(res.body.attachments).toEqual([
      {
        mimetype: 'text/csv',
        url: `${api()}/catalog/datasets/airports/attachments/airports_csv`,
        id: 'airports_csv',
        title: 'airports.csv',
      },
    ]);
    for (const a of res.body.attachments) expect(Object.keys(a)).toEqual(['mimetype', 'url', 'id', 'title']);
  });

  it('selects dataset keys and metadata', async () => {
    const res = await getJson<Record<string, unknown>>('/catalog/datasets/penguins', {
      select: 'dataset_id, title, records_count',
    });
    expect(res.body).toEqual({
      dataset_id: 'penguins',
      title: 'Palmer Archipelago penguins',
      records_count: 344,
    });
    const excluded = await getJson<Record<string, unknown>>('/catalog/datasets/penguins', {
      select: 'exclude(fields), exclude(metas)',
    });
    expect(Object.keys(excluded.body)).not.toContain('fields');
    expect(Object.keys(excluded.body)).toContain('dataset_id');
  });

  it('refuses an unknown key and an aggregation in select', async () => {
    const unknown = await getJson<{ error_code: string; message: string }>('/catalog/datasets/penguins', {
      select: 'no_such_key',
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body).toEqual({
      error_code: 'ODSQLError',
      message:
        'ODSQL query is malformed: Unknown field: no_such_key. Clause(s) containing the error(s): select.',
    });
    const aggregate = await getJson<{ error_code: string }>('/catalog/datasets/penguins', {
      select: 'count(*)',
    });
    expect(aggregate.status).toBe(400);
    expect(aggregate.body.error_code).toBe('ODSQLError');
  });
});

describe('dataset read, v2.0', () => {
  it('wraps the dataset as {links, dataset} with list annotations', async () => {
    const res = await getJson<{ links: Link[]; dataset: DatasetObject }>(
      '/catalog/datasets/earthquakes',
      {},
      '2.0',
    );
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['links', 'dataset']);
    const root = `${api('2.0')}/catalog/datasets`;
    expect(res.body.links).toContainEqual({ rel: 'self', href: `${root}/earthquakes` });
    expect(res.body.links).toContainEqual({ rel: 'records', href: `${root}/earthquakes/records` });
    expect(Object.keys(res.body.dataset)).toEqual([
      'dataset_id',
      'dataset_uid',
      'attachments',
      'has_records',
      'data_visible',
      'fields',
      'metas',
      'features',
    ]);
    for (const f of res.body.dataset.fields) {
      expect(Object.keys(f)).toEqual(['description', 'label', 'type', 'name', 'annotations']);
      for (const value of Object.values(f.annotations)) expect(Array.isArray(value)).toBe(true);
    }
    const types = res.body.dataset.fields.find((f) => f.name === 'types');
    expect(types?.annotations).toMatchObject({
      facet: [],
      disjunctive: [],
      facetsort: ['-count'],
      multivalued: [','],
    });
    const depth = res.body.dataset.fields.find((f) => f.name === 'depth');
    expect(depth?.annotations).toMatchObject({ unit: ['km'] });
    // v2.0's own key set and order (captures 32, 33): no geometry_types, bbox nor update_frequency.
    expect(Object.keys(res.body.dataset.metas)).toEqual(['default']);
    expect(Object.keys(res.body.dataset.metas.default)).toEqual([
      'records_count',
      'modified',
      'source_domain_address',
      'references',
      'keyword',
      'source_domain_title',
      'geographic_reference',
      'timezone',
      'title',
      'parent_domain',
      'theme',
      'modified_updates_on_data_change',
      'metadata_processed',
      'data_processed',
      'territory',
      'description',
      'modified_updates_on_metadata_change',
      'shared_catalog',
      'source_domain',
      'attributions',
      'geographic_area_mode',
      'geographic_reference_auto',
      'geographic_area',
      'publisher',
      'language',
      'license',
      'source_dataset',
      'metadata_languages',
      'oauth_scope',
      'federated',
      'license_url',
    ]);
    expect(res.body.dataset.attachments[0]?.url).toBe(`${root}/earthquakes/attachments/earthquakes_json`);
  });

  it('answers under the older /api/v2 prefix too', async () => {
    const res = await fetch(
      `${api('2.1').replace('/api/explore/v2.1', '/api/v2')}/catalog/datasets/penguins`,
    );
    const body = (await res.json()) as { links: Link[]; dataset: DatasetObject };
    expect(res.status).toBe(200);
    expect(body.dataset.dataset_id).toBe('penguins');
    expect(body.links[0]?.href).toMatch(/\/api\/v2\/catalog\/datasets\/penguins$/);
  });
});

describe('attachments', () => {
  it('lists the attachments of a dataset with links and metas', async () => {
    const res = await getJson<{
      links: Link[];
      attachments: { href: string; metas: Record<string, string> }[];
    }>('/catalog/datasets/london-boroughs/attachments');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['links', 'attachments']);
    const self = `${api()}/catalog/datasets/london-boroughs`;
    expect(res.body.links).toEqual([
      { rel: 'self', href: `${self}/attachments` },
      { rel: 'dataset', href: self },
    ]);
    expect(res.body.attachments).toEqual([
      {
        href: `${self}/attachments/london_boroughs_json`,
        metas: {
          'mime-type': 'application/json',
          title: 'londonBoroughs.json',
          url: `${self}/attachments/london_boroughs_json`,
          id: 'london_boroughs_json',
        },
      },
      {
        href: `${self}/attachments/london_centroids_json`,
        metas: {
          'mime-type': 'application/json',
          title: 'londonCentroids.json',
          url: `${self}/attachments/london_centroids_json`,
          id: 'london_centroids_json',
        },
      },
    ]);
  });

  it('downloads an attachment file: its type, name and exact bytes', async () => {
    const res = await fetch(`${api()}/catalog/datasets/airports/attachments/airports_csv`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="airports.csv"');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.equals(await readFile(`${VEGA_DATA}/airports.csv`))).toBe(true);
  });

  it('downloads a JSON attachment byte for byte', async () => {
    const res = await fetch(`${api('2.0')}/catalog/datasets/penguins/attachments/penguins_json`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.equals(await readFile(`${VEGA_DATA}/penguins.json`))).toBe(true);
  });

  it('answers 404 for an unknown attachment or dataset', async () => {
    const attachment = await getJson<{ error_code: string; message: string }>(
      '/catalog/datasets/airports/attachments/no_such_file',
    );
    expect(attachment.status).toBe(404);
    expect(attachment.body).toEqual({
      error_code: 'NotFoundResource',
      message: 'The requested attachment no_such_file does not exist in dataset airports.',
    });
    const dataset = await getJson<{ error_code: string }>('/catalog/datasets/nope/attachments');
    expect(dataset.status).toBe(404);
    expect(dataset.body.error_code).toBe('NotFoundResource');
  });
});

describe('attachment file names', () => {
  /** An app over one dataset with the given attachments; the attachment routes need nothing else. */
  async function appWith(attachments: readonly StoredAttachment[], log: Logger = silentLogger) {
    const dataset = { dataset_id: 'files', attachments } as unknown as Dataset;
    const catalog = {
      list: () => [dataset],
      get: (id: string) => (id === 'files' ? dataset : undefined),
      schema: () => ({ fields: [] }),
      catalogTable: 'catalog',
      catalogSchema: { fields: [] },
      problems: [],
    } satisfies Catalog;
    // Attachments are files: the engine only meets the access policy's catalog views (written in
    // its dialect), of which there are none to drop.
    const engine = {
      dialect: duckdbDialect,
      rows: async () => [],
      execute: async () => {},
    } as unknown as Engine;
    const config = loadConfig({});
    const ctx: ServerSetup = {
      engine,
      sharedCatalog: engineCatalog(engine, config.dataDir, log),
      quotas: new CallQuota(config.quota),
      catalog,
      config,
      timezones: new Set(['UTC']),
      log,
    };
    return buildApp(ctx);
  }

  it('sends names outside ASCII in filename* with an ASCII stand-in in filename', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'attachments-'));
    try {
      const path = join(dir, 'file.txt');
      await writeFile(path, 'données');
      const app = await appWith([
        { id: 'plain', title: 'report.txt', mimetype: 'text/plain', path },
        { id: 'quoted', title: 'the "final" report.txt', mimetype: 'text/plain', path },
        { id: 'unicode', title: '数据 données.txt', mimetype: 'text/plain', path },
      ]);
      const plain = await app.inject('/api/explore/v2.1/catalog/datasets/files/attachments/plain');
      expect(plain.statusCode).toBe(200);
      expect(plain.headers['content-disposition']).toBe('attachment; filename="report.txt"');

      const quoted = await app.inject('/api/explore/v2.1/catalog/datasets/files/attachments/quoted');
      expect(quoted.headers['content-disposition']).toBe(
        `attachment; filename="the _final_ report.txt"; filename*=UTF-8''the%20%22final%22%20report.txt`,
      );

      const unicode = await app.inject('/api/explore/v2.1/catalog/datasets/files/attachments/unicode');
      expect(unicode.statusCode).toBe(200);
      expect(unicode.body).toBe('données');
      const disposition = String(unicode.headers['content-disposition']);
      expect(disposition).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
      expect(decodeURIComponent(disposition.split("UTF-8''")[1] ?? '')).toBe('数据 données.txt');
      await app.close();
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('answers 404 and warns the operator when an attachment file has gone', async () => {
    const warnings: string[] = [];
    const log: Logger = { ...silentLogger, warn: (m) => warnings.push(m) };
    const path = join(tmpdir(), 'attachments-no-such-file.txt');
    const app = await appWith([{ id: 'gone', title: 'gone.txt', mimetype: 'text/plain', path }], log);
    const res = await app.inject('/api/explore/v2.1/catalog/datasets/files/attachments/gone');
    expect(res.statusCode).toBe(404);
    expect(JSON.parse(res.body)).toEqual({
      error_code: 'NotFoundResource',
      message: 'The requested attachment gone does not exist in dataset files.',
    });
    expect(res.headers['content-disposition']).toBeUndefined();
    expect(warnings).toEqual([`Attachment gone of dataset files cannot be read: ${path}`]);
    await app.close();
  });
});
