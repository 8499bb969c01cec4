import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { DatasetSchema } from '../../odsql';
import { newVersionFile, readStore, writeManifest } from './store';
import type { Dataset } from './types';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const dataset = { dataset_id: 'penguins', table: 'ds_penguins', fields: [], metas: {} } as unknown as Dataset;
const schema = { records: 1, fields: [] } as unknown as DatasetSchema;

describe('the store read at start', () => {
  it('serves a version whose records file is there', async () => {
    const store = mkdtempSync(join(tmpdir(), 'store-'));
    dirs.push(store);
    const file = newVersionFile(store, 'ds_penguins');
    await writeManifest(store, { datasetId: 'penguins', fingerprint: 'f', file, dataset, schema });
    writeFileSync(file, 'records');
    expect([...(await readStore(store)).datasets.keys()]).toEqual(['penguins']);
  });

  it('ignores a manifest whose records file is gone, so the dataset is ingested again', async () => {
    const store = mkdtempSync(join(tmpdir(), 'store-'));
    dirs.push(store);
    const file = newVersionFile(store, 'ds_penguins');
    await writeManifest(store, { datasetId: 'penguins', fingerprint: 'f', file, dataset, schema });
    const contents = await readStore(store);
    expect(contents.datasets.size).toBe(0);
    expect(contents.tables.has('ds_penguins')).toBe(true);
  });
});
