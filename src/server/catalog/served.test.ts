import { describe, expect, it } from 'vitest';
import type { RecordTables } from '../backend/tables';
import { ServedSet } from './served';
import type { StoredDataset } from './store';
import type { Dataset } from './types';

/** Views that only note what they were asked. */
function views(): RecordTables & { dropped: string[] } {
  const dropped: string[] = [];
  return {
    dropped,
    register: () => undefined,
    createAll: async () => undefined,
    want: () => undefined,
    pending: () => undefined,
    swap: async () => undefined,
    drop: async (table: string) => {
      dropped.push(table);
    },
  } as unknown as RecordTables & { dropped: string[] };
}

function stored(id: string, table: string, file: string): StoredDataset {
  const dataset = { dataset_id: id, table, visibility: 'domain' } as unknown as Dataset;
  return { datasetId: id, fingerprint: file, file, dataset, schema: { fields: [] } };
}

describe('ServedSet', () => {
  it('finds a dataset by its records table as datasets are served, replaced and removed', async () => {
    const tables = views();
    const served = new ServedSet(tables, 10);
    served.serve(stored('b', 'ds_b', 'b1'), 'domain', 'b.json');
    served.serve(stored('a', 'ds_a', 'a1'), 'domain', 'a.json');
    expect(served.datasetOfTable('ds_b')?.dataset_id).toBe('b');
    expect(served.list().map((d) => d.dataset_id)).toEqual(['a', 'b']);

    // A new version: the lookup gives the dataset as served now.
    served.serve(stored('b', 'ds_b', 'b2'), 'restricted', 'b.json');
    expect(served.datasetOfTable('ds_b')?.visibility).toBe('restricted');

    const version = served.version;
    await served.remove(served.find('b')!);
    expect(served.datasetOfTable('ds_b')).toBeUndefined();
    expect(tables.dropped).toEqual(['ds_b']);
    expect(served.version).toBeGreaterThan(version);
    expect(served.list().map((d) => d.dataset_id)).toEqual(['a']);
  });
});
