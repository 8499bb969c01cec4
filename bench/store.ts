import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { Dataset } from '../src/server/catalog/types';
import { recordsTableName } from '../src/server/ingest/names';

/** What a data folder's store holds for one dataset (see src/server/catalog/store.ts). */
export function storedDataset(dataDir: string, datasetId: string): { dataset: Dataset; file: string } {
  const dir = join(dataDir, 'store', recordsTableName(datasetId));
  const manifest = JSON.parse(readFileSync(join(dir, 'manifest.json'), 'utf8')) as {
    dataset: Dataset;
    file: string;
  };
  return { dataset: manifest.dataset, file: join(dir, manifest.file) };
}

/**
 * Raw DuckDB on the same storage as the server: a fresh instance with a view named like the dataset's
 * table over its records file, and the same memory limit.
 */
export async function rawInstance(
  dataDir: string,
  datasetIds: readonly string[],
  memoryLimit: string,
): Promise<DuckDBInstance> {
  const instance = await DuckDBInstance.create(':memory:', {
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
    memory_limit: memoryLimit,
  });
  const connection = await instance.connect();
  for (const id of datasetIds) {
    const { dataset, file } = storedDataset(dataDir, id);
    await connection.run(
      `CREATE VIEW "${dataset.table}" AS SELECT * FROM read_parquet('${file.replaceAll("'", "''")}')`,
    );
  }
  connection.closeSync();
  return instance;
}
