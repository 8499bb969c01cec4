import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { readSnapshot, writeSnapshot } from './snapshot';
import type { StoredDataset } from './store';
import type { Dataset } from './types';

const storeDir = mkdtempSync(join(tmpdir(), 'snapshot-'));
afterAll(() => rmSync(storeDir, { recursive: true, force: true }));

/** A stored dataset whose records file exists (a snapshot names only those). */
function stored(i: number): { stored: StoredDataset; origin: string } {
  const id = `set-${String(i).padStart(5, '0')}`;
  const table = `ds_set_${i}`;
  mkdirSync(join(storeDir, table), { recursive: true });
  const file = join(storeDir, table, 'v1.parquet');
  writeFileSync(file, '');
  const dataset = { dataset_id: id, table, fields: [], metas: { default: { title: `Set ${i}` } } };
  return {
    stored: {
      datasetId: id,
      fingerprint: `f${i}`,
      file,
      dataset: dataset as unknown as Dataset,
      schema: { fields: [] },
    },
    origin: `/data/datasets/${id}.json`,
  };
}

describe('catalog snapshot', () => {
  it('writes thousands of datasets a slice at a time and reads them all back', async () => {
    const datasets = Array.from({ length: 1201 }, (_, i) => stored(i));
    await writeSnapshot(storeDir, datasets, 1234, undefined);
    const snapshot = readSnapshot(storeDir);
    expect(snapshot?.complete).toBe(true);
    expect(snapshot?.checkedAt).toBe(1234);
    expect(snapshot?.datasets.map((d) => [d.stored.datasetId, d.origin, d.stored.file])).toEqual(
      datasets.map((d) => [d.stored.datasetId, d.origin, d.stored.file]),
    );
    // Written to a temporary name, then renamed: nothing else is left.
    expect(readdirSync(storeDir).filter((name) => !name.startsWith('ds_'))).toEqual(['catalog.json']);
  });
});
