import { describe, expect, it } from 'vitest';
import type { DatasetSchema } from '../../odsql';
import { clusterCatalog, type LiveTableNames } from './cluster';
import type { LiveCatalog } from './registry';
import type { Dataset } from './types';

const dataset = (id: string): Dataset => ({ dataset_id: id, table: `ds_${id}` }) as unknown as Dataset;
const schema: DatasetSchema = { fields: [] };

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
  it('serves each dataset from the table the cluster marks live, and hides the others', () => {
    const inner = registry([dataset('a'), dataset('b')]);
    const catalog = clusterCatalog(inner, liveTables({ a: 'ds_a__v1' }));
    expect(catalog.list().map((d) => [d.dataset_id, d.table])).toEqual([['a', 'ds_a__v1']]);
    expect(catalog.get('a')?.table).toBe('ds_a__v1');
    expect(catalog.get('b')).toBeUndefined();
    expect(catalog.schema('b')).toBeUndefined();
    expect(catalog.schema('a')).toBe(schema);
  });

  it('keeps one object per live table, so caches keyed by dataset see one version per table', () => {
    const inner = registry([dataset('a')]);
    const tables = liveTables({ a: 'ds_a__v1' });
    const catalog = clusterCatalog(inner, tables);
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
    // Dropped on the cluster: no longer served.
    tables.set('a');
    expect(catalog.list()).toEqual([]);
  });
});
