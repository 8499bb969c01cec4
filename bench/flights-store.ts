import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { Dataset } from '../src/server/catalog/types';
import { startServer, stopServer, waitForLog } from './server';
import { storedDataset } from './store';

/*
 * flights-3m repeated `copies` times (the year shifted by one per copy), ingested by the real server
 * into a data folder: the store's Parquet file and the dataset as the server serves them, what both
 * engines of the side-by-side bench read. Kept in `dir` and reused when it is already there.
 */

/** The 3M flights of vega-datasets, the source every scale bench repeats. */
export const FLIGHTS = join(
  import.meta.dirname,
  '..',
  'node_modules',
  'vega-datasets',
  'data',
  'flights-3m.parquet',
);

export interface FlightsStore {
  readonly dataDir: string;
  readonly dataset: Dataset;
  /** The store's records file (Parquet). */
  readonly file: string;
  /** The source file the server ingested. */
  readonly source: string;
  readonly records: number;
}

async function writeSource(file: string, copies: number, spill: string): Promise<void> {
  const instance = await DuckDBInstance.create(':memory:', { memory_limit: '1GB', temp_directory: spill });
  const connection = await instance.connect();
  await connection.run(
    `COPY (SELECT date + to_years(CAST(i AS INTEGER)) AS date, delay, distance, origin, destination
      FROM range(${copies}) AS c(i), read_parquet('${FLIGHTS}')) TO '${file}' (FORMAT parquet)`,
  );
  connection.closeSync();
  instance.closeSync();
}

/** The store of `copies` × 3M flights under `dir` (made by the server when it is not there yet). */
/** The descriptor of flights repeated `copies` times, read from `source` (the scale benches share it). */
export function flightsDescriptor(source: string, copies: number): object {
  const facet = { facet: true, facetsort: 'alphanum' };
  return {
    dataset_id: 'flights',
    source,
    metas: { title: `Flights repeated ${copies} times` },
    fields: [
      { name: 'date', type: 'datetime', annotations: facet },
      { name: 'delay', type: 'int', annotations: { sortable: true } },
      { name: 'distance', type: 'int', annotations: { sortable: true } },
      { name: 'origin', type: 'text', annotations: { facet: true, facetsort: '-count' } },
      { name: 'destination', type: 'text', annotations: { facet: true, facetsort: '-count' } },
    ],
  };
}

export async function flightsStore(dir: string, copies: number): Promise<FlightsStore> {
  const dataDir = join(dir, 'data');
  const source = join(dir, `flights-${copies * 3}m.parquet`);
  const records = copies * 3_000_000;
  const done = join(dir, 'stored');
  if (!existsSync(done)) {
    mkdirSync(join(dataDir, 'datasets'), { recursive: true });
    if (!existsSync(source)) await writeSource(source, copies, join(dir, 'spill'));
    writeFileSync(
      join(dataDir, 'datasets', 'flights.json'),
      JSON.stringify(flightsDescriptor(source, copies)),
    );
    const server = await startServer(dataDir, { DEFAULT_CATALOG: 'false' });
    await waitForLog(server, /catalog up to date/);
    await stopServer(server);
    writeFileSync(done, '');
  }
  const { dataset, file } = storedDataset(dataDir, 'flights');
  return { dataDir, dataset, file, source, records };
}
