import { type ChildProcess, spawn } from 'node:child_process';
import { resolve } from 'node:path';
import type { TestProject } from 'vitest/node';
import { type LocalCluster, startLocalCluster } from '../engine/clickhouse/cluster';
import { writeAccessFixture } from './access-fixture';

/*
 * HTTP tests run against one real server process on the default catalog, started here once for the
 * whole run. Its data folder is kept between runs (ingestion happens only the first time); records are
 * Parquet files that several processes may read at once, so concurrent runs can share it. The server
 * ingests before it listens (INGEST_BEFORE_LISTEN), so tests never see a half-loaded catalog. Beside
 * the default catalog it serves one small restricted dataset and a keys file (see access-fixture.ts).
 *
 * With TEST_ENGINE=clickhouse (vitest.clickhouse-http.config.ts, part of `npm run test:clickhouse`) the
 * same server runs with ENGINE=clickhouse on a two-shard cluster started here (ports from
 * CLICKHOUSE_TEST_BASE_PORT + 50), over its own data folder (the same catalog, ingested by DuckDB into
 * the store, then loaded into the fresh cluster at each start).
 */

let server: ChildProcess | undefined;
let cluster: LocalCluster | undefined;

export type TestEngine = 'duckdb' | 'clickhouse';

declare module 'vitest' {
  export interface ProvidedContext {
    apiBase: string;
    /** The engine the test server runs on: a test may expect a construct's documented 400 on ClickHouse. */
    testEngine: TestEngine;
  }
}

function start(
  dataDir: string,
  env: Readonly<Record<string, string>> = {},
): Promise<{ child: ChildProcess; origin: string }> {
  writeAccessFixture(dataDir);
  const child = spawn(
    process.execPath,
    ['--require', './src/server/threadpool.cjs', '--import', 'tsx', 'src/server/main.ts'],
    {
      env: {
        ...process.env,
        PORT: '0',
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        INGEST_BEFORE_LISTEN: 'true',
        // Every test file is a visitor of its own, but all come from 127.0.0.1: with the default of 2
        // large exports per client, files exporting at the same time can get 429 (a compressed export
        // once came back uncompressed in a fresh-clone run, its likely cause). The limit's own tests
        // start servers with their own settings.
        EXPORTS_PER_CLIENT: '16',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  return new Promise((resolveStart, reject) => {
    let output = '';
    const timer = setTimeout(
      () => reject(new Error(`The test server did not start in 180 s:\n${output}`)),
      180_000,
    );
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = /Explore API: (http:\/\/\S+?)\/api\/explore\/v2\.1\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolveStart({ child, origin: match[1]! });
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`The test server exited with code ${code}:\n${output}`));
    });
  });
}

export async function setup(project: TestProject): Promise<void> {
  if (process.env.TEST_ENGINE === 'clickhouse') return setupOnCluster(project);
  const shared = resolve(process.env.TEST_DATA_DIR ?? '.data-test');
  const started = await start(shared);
  server = started.child;
  project.provide('apiBase', started.origin);
  project.provide('testEngine', 'duckdb');
}

async function setupOnCluster(project: TestProject): Promise<void> {
  const basePort = Number(process.env.CLICKHOUSE_TEST_BASE_PORT ?? 18300) + 50;
  cluster = await startLocalCluster({ basePort });
  const dataDir = resolve(process.env.TEST_DATA_DIR ?? '.data-test-clickhouse');
  try {
    const started = await start(dataDir, {
      ENGINE: 'clickhouse',
      CLICKHOUSE_URL: cluster.nodes.map((n) => n.httpUrl).join(','),
      CLICKHOUSE_CLUSTER: cluster.name,
    });
    server = started.child;
    project.provide('apiBase', started.origin);
    project.provide('testEngine', 'clickhouse');
  } catch (error) {
    await cluster.stop();
    throw error;
  }
}

export async function teardown(): Promise<void> {
  if (server && server.exitCode === null) {
    const exited = new Promise((r) => server?.once('exit', r));
    server.kill('SIGTERM');
    await exited;
  }
  await cluster?.stop();
}
