import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app';
import { openExploreData } from '../catalog/open';
import { loadConfig } from '../config';
import type { DuckDBEngine } from '../engine/duckdb';
import { consoleLogger, silentLogger } from '../ingest/logger';
import { type FixtureDataset, RESTRICTED_DATASET, writeAccessFixture } from './access-fixture';

/*
 * A real server of its own, in the test process, for settings the shared test server cannot have
 * (quotas) or a clock the test turns: a private data folder with only the fixture datasets (no default
 * catalog), so it starts in about a second.
 */

export const PUBLIC_DATASET: FixtureDataset = {
  descriptor: { dataset_id: 'auth-public-cities', source: 'cities.csv', metas: { title: 'Cities' } },
  file: { name: 'cities.csv', content: 'city,population\nLyon,522000\nNantes,320000\n' },
};

export interface SmallServer {
  /** `http://127.0.0.1:<port>` */
  readonly origin: string;
  /** Its data folder (descriptors may be added while it runs: the catalog follows them). */
  readonly dataDir: string;
  /** The server itself (its routes can be listed). */
  readonly app: FastifyInstance;
  /** Its engine (the load of its lanes). */
  readonly engine: DuckDBEngine;
  close(): Promise<void>;
}

export async function startSmallServer(
  env: NodeJS.ProcessEnv,
  now: () => number = Date.now,
  datasets: readonly FixtureDataset[] = [],
  /** Time zones the `timezone` parameter accepts (the full server lists the engine's). */
  timezones: ReadonlySet<string> = new Set(['UTC']),
): Promise<SmallServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'explore-small-'));
  writeAccessFixture(dataDir, [RESTRICTED_DATASET, PUBLIC_DATASET, ...datasets]);
  const config = loadConfig({ ...env, DATA_DIR: dataDir, DEFAULT_CATALOG: 'false', PORT: '0' });
  const data = await openExploreData({
    dataDir,
    log: silentLogger,
    includeDefault: false,
    connections: 1,
    threads: 1,
    // The export lane's size when the test sets it; the engine's default otherwise.
    ...(env.EXPORT_CONNECTIONS ? { exportConnections: config.exportConnections } : {}),
    quota: config.quota,
    quotaClock: now,
  });
  const { engine, backend, catalog } = data;
  await backend.setUp();
  const app = await buildApp({
    engine: backend.engine,
    sharedCatalog: backend.sharedCatalog,
    quotas: backend.quotas,
    catalog,
    config,
    timezones,
    log: process.env.SMALL_SERVER_LOG ? consoleLogger : silentLogger,
  });
  const address = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    origin: address,
    dataDir,
    app,
    engine,
    close: async () => {
      await app.close();
      await data.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
