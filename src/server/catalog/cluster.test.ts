import { describe, expect, it } from 'vitest';
import type { DatasetSchema } from '../../odsql';
import type { PublishedRow } from '../engine/clickhouse/catalog-table';
import { clusterCatalog, type LiveTableNames, type PublishedCatalog } from './cluster';
import type { LiveCatalog } from './registry';
import type { Dataset } from './types';

const dataset = (id: string): Dataset =>
  ({
    dataset_id: id,
    table: `ds_${id}`,
    attachments: [{ id: 'notice', title: 'Notice', mimetype: 'text/plain', path: `/data/${id}.txt` }],
  }) as unknown as Dataset;
const schema: DatasetSchema = { fields: [{ name: 'n', type: 'int', range: { min: 1, max: 9 } }] };

const row = (id: string, digest = 'd1'): PublishedRow => ({
  datasetId: id,
  digest,
  uid: `da_${id}`,
  restricted: id.startsWith('secret'),
  hasRecords: true,
  dataVisible: true,
  features: ['analyze'],
  metas: JSON.stringify({ default: { title: id.toUpperCase() } }),
  fields: '[]',
  attachments: JSON.stringify([{ id: 'notice', title: 'Notice', mimetype: 'text/plain' }]),
  schema: JSON.stringify(schema),
  translations:
    id === 'b' ? JSON.stringify({ fr: { metas: { title: 'Bé' }, fields: {}, attachments: {} } }) : '{}',
});

function published(rows: readonly PublishedRow[]): PublishedCatalog & { set(rows: PublishedRow[]): void } {
  let current = new Map(rows.map((r) => [r.datasetId, r]));
  let version = 0;
  return {
    view: 'explore_catalog_x_all',
    current: () => current,
    failures: () => new Map([['broken', 'ClickHouse holds 2 records of 3']]),
    version: () => version,
    stop: () => {},
    set(next) {
      current = new Map(next.map((r) => [r.datasetId, r]));
      version++;
    },
  };
}

function registry(datasets: readonly Dataset[]): LiveCatalog & { datasets: readonly Dataset[] } {
  const state = {
    datasets,
    list: () => state.datasets,
    get: (id: string) => state.datasets.find((d) => d.dataset_id === id),
    schema: (id: string) => (state.datasets.some((d) => d.dataset_id === id) ? schema : undefined),
    catalogTable: '__catalog',
    catalogSchema: schema,
    problems: [],
    storeDir: '/store',
    idle: async () => {},
    rescan: async () => {},
    close: async () => {},
  };
  return state;
}

function liveTables(initial: Record<string, string>): LiveTableNames & { set(id: string, t?: string): void } {
  const live = new Map(Object.entries(initial));
  let version = 0;
  return {
    tableOf: (id) => live.get(id),
    version: () => version,
    stop: () => {},
    set(id, table) {
      if (table === undefined) live.delete(id);
      else live.set(id, table);
      version++;
    },
  };
}

describe('the catalog served from a cluster', () => {
  it("serves the cluster's rows that have a live table, whichever server published them", () => {
    // This server's folder holds `a` only; `b` and `secret` were published by others; `c` has no table.
    const inner = registry([dataset('a')]);
    const rows = published([row('a'), row('b'), row('c'), row('secret')]);
    const catalog = clusterCatalog(
      inner,
      liveTables({ a: 'ds_a__v1', b: 'ds_b__v1', secret: 'ds_secret__v1' }),
      rows,
    );
    expect(catalog.catalogTable).toBe('explore_catalog_x_all');
    expect(catalog.list().map((d) => [d.dataset_id, d.table])).toEqual([
      ['a', 'ds_a__v1'],
      ['b', 'ds_b__v1'],
      ['secret', 'ds_secret__v1'],
    ]);
    expect(catalog.get('b')?.metas.default.title).toBe('B');
    // Another server's translations come with its row.
    expect(catalog.get('b')?.translations?.fr?.metas.title).toBe('Bé');
    expect(catalog.get('a')?.translations).toBeUndefined();
    expect(catalog.get('secret')?.visibility).toBe('restricted');
    expect(catalog.get('b')?.visibility).toBe('domain');
    expect(catalog.get('c')).toBeUndefined();
    expect(catalog.schema('c')).toBeUndefined();
    expect(catalog.schema('b')).toEqual(schema);
    // Attachment files are on the server whose folder has them.
    expect(catalog.get('a')?.attachments[0]?.path).toBe('/data/a.txt');
    expect(catalog.get('b')?.attachments[0]?.path).toBe('');
    // A load into the cluster that failed, on whichever server, is among the problems.
    expect(catalog.problems).toEqual([
      { origin: 'cluster broken', datasetId: 'broken', reason: 'ClickHouse holds 2 records of 3' },
    ]);
  });

  it('keeps one object per row and live table, so caches keyed by dataset see one version per table', () => {
    const inner = registry([dataset('a')]);
    const tables = liveTables({ a: 'ds_a__v1' });
    const rows = published([row('a')]);
    const catalog = clusterCatalog(inner, tables, rows);
    const first = catalog.get('a');
    expect(catalog.get('a')).toBe(first);
    const list = catalog.list();
    expect(catalog.list()).toBe(list);
    expect(list[0]).toBe(first);
    // Another server swapped in a new version: a new object and a new list.
    tables.set('a', 'ds_a__v2');
    expect(catalog.get('a')).not.toBe(first);
    expect(catalog.get('a')?.table).toBe('ds_a__v2');
    expect(catalog.list()).not.toBe(list);
    expect(catalog.list()[0]?.table).toBe('ds_a__v2');
    // Another row of another dataset: this one's object stays.
    const second = catalog.get('a');
    rows.set([row('a'), row('b')]);
    expect(catalog.get('a')).toBe(second);
    // A new row of this dataset (its metadata changed): a new object.
    rows.set([row('a', 'd2'), row('b')]);
    expect(catalog.get('a')).not.toBe(second);
    // Removed from the cluster's catalog, or dropped: no longer served.
    rows.set([row('b')]);
    expect(catalog.get('a')).toBeUndefined();
    tables.set('a');
    expect(catalog.list()).toEqual([]);
  });
});
