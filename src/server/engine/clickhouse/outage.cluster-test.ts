import { mkdtemp, rm } from 'node:fs/promises';
import { get } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorBody } from '../../../api/types';
import { duckdbDialect } from '../../../odsql';
import { buildApp } from '../../app';
import { type ExploreData, openExploreData } from '../../catalog/open';
import { loadConfig } from '../../config';
import { RETRY_AFTER_UNAVAILABLE_S } from '../../errors';
import type { Logger } from '../../ingest/logger';
import { type FixtureDataset, RESTRICTED_DATASET, writeAccessFixture } from '../../testing/access-fixture';
import { PUBLIC_DATASET } from '../../testing/small-server';
import { type LocalCluster, startLocalCluster } from './cluster';
import { testCluster, until } from './testing/cluster';

/*
 * A shard's node dies under a server with ENGINE=clickhouse, on a cluster of this file's own (ports from
 * CLICKHOUSE_TEST_BASE_PORT + 100), since the suite's cluster is shared. What a client sees: an export
 * streaming at that moment is cut (no terminating chunk), then every request that needs the cluster is
 * a 503 with `Retry-After` and the interface's body; what the log says: the node unreachable once, back
 * once; and once the node is started again, 200s.
 */

const suite = testCluster();

/** Enough rows that their export is still streaming from both shards when the second one dies. */
const ROWS = 400_000;
const BIG: FixtureDataset = {
  descriptor: { dataset_id: 'outage-rows', source: 'rows.csv', metas: { title: 'Rows' } },
  file: {
    name: 'rows.csv',
    content: `n,label\n${Array.from({ length: ROWS }, (_, i) => `${i},row ${i} of the outage test\n`).join('')}`,
  },
};

const CITIES = '/api/explore/v2.1/catalog/datasets/auth-public-cities';
/** Requests that read the cluster: records (v2.1, v2.0), a facet, the catalog, v1.0, exports. */
const NEEDS_THE_CLUSTER = [
  `${CITIES}/records`,
  '/api/explore/v2.0/catalog/datasets/auth-public-cities/records',
  `${CITIES}/facets?facet=city`,
  '/api/explore/v2.1/catalog/datasets',
  '/api/records/1.0/search/?dataset=auth-public-cities',
  '/api/records/1.0/download/?dataset=auth-public-cities',
  `${CITIES}/exports/csv`,
  `${CITIES}/exports/json`,
  // A writer that opens its file before reading a record (exports/pipeline.ts).
  `${CITIES}/exports/geojson`,
];

describe.skipIf(!suite)('a shard whose node dies', () => {
  let cluster: LocalCluster;
  let dir: string;
  let data: ExploreData;
  let app: FastifyInstance;
  let origin: string;
  const lines: string[] = [];
  const log: Logger = {
    info: (m) => lines.push(`info ${m}`),
    warn: (m) => lines.push(`warn ${m}`),
    error: (m) => lines.push(`error ${m}`),
  };
  const count = (pattern: RegExp): number => lines.filter((l) => pattern.test(l)).length;
  const UNREACHABLE = /^warn ClickHouse: node 127\.0\.0\.1:\d+ is unreachable/;
  const BACK = /^info ClickHouse: the cluster is reachable again/;

  beforeAll(async () => {
    const basePort = Number(process.env.CLICKHOUSE_TEST_BASE_PORT ?? 18300) + 100;
    cluster = await startLocalCluster({ basePort });
    dir = await mkdtemp(join(tmpdir(), 'clickhouse-outage-'));
    writeAccessFixture(dir, [RESTRICTED_DATASET, PUBLIC_DATASET, BIG]);
    // No result cache: the answers of the first test would serve the same requests during the outage.
    // A spool budget (1 MB) far smaller than the export (12 MB): the paused download holds its query,
    // as it would without a spool, until the node has died.
    const config = loadConfig({
      DATA_DIR: dir,
      DEFAULT_CATALOG: 'false',
      PORT: '0',
      RESULT_CACHE_MB: '0',
      EXPORT_SPOOL_MB: '1',
    });
    data = await openExploreData({
      dataDir: dir,
      log,
      includeDefault: false,
      connections: 1,
      threads: 1,
      engineConfig: {
        kind: 'clickhouse',
        urls: cluster.nodes.map((n) => n.httpUrl),
        cluster: cluster.name,
        database: 'outage',
        user: '',
        password: '',
      },
    });
    for (const statement of duckdbDialect.setupStatements()) await data.engine.execute(statement);
    app = await buildApp({
      engine: data.backend.engine,
      sharedCatalog: data.backend.sharedCatalog,
      quotas: data.backend.quotas,
      catalog: data.catalog,
      config,
      timezones: new Set(['UTC']),
      log,
    });
    origin = await app.listen({ host: '127.0.0.1', port: 0 });
  });

  afterAll(async () => {
    await app?.close();
    await data?.close();
    await cluster?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  const status = async (url: string): Promise<number> =>
    (await app.inject({ method: 'GET', url })).statusCode;

  it('answers while both shards are up', async () => {
    for (const url of NEEDS_THE_CLUSTER) expect(await status(url), url).toBe(200);
    const total = (
      await app.inject({
        method: 'GET',
        url: `${CITIES.replace('auth-public-cities', 'outage-rows')}/records?limit=0`,
      })
    ).json() as { total_count: number };
    expect(total.total_count).toBe(ROWS);
    expect(lines.filter((l) => !l.startsWith('info'))).toEqual([]);
  });

  it('cuts an export streaming when the node dies: no terminating chunk, and a line in the log', async () => {
    const outcome = await new Promise<{ status?: number; ended: string; bytes: number }>(
      (resolve, reject) => {
        get(`${origin}/api/explore/v2.1/catalog/datasets/outage-rows/exports/csv`, (res) => {
          const status = res.statusCode;
          let bytes = 0;
          let killed = false;
          res.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
            if (killed) return;
            killed = true;
            // The second shard's node dies once the file is on its way; the download waits for it, so
            // that its rows cannot all have reached the first node before (back-pressure, through the
            // spent spool budget).
            res.pause();
            void cluster.stopNode(1).then(() => res.resume(), reject);
          });
          res.on('end', () => resolve({ status, ended: 'end', bytes }));
          res.on('aborted', () => resolve({ status, ended: 'aborted', bytes }));
          res.on('error', () => resolve({ status, ended: 'aborted', bytes }));
        }).on('error', reject);
      },
    );
    expect(outcome.status).toBe(200);
    expect(outcome.ended).toBe('aborted');
    // Less than the whole file (about 12 MB) went out.
    expect(outcome.bytes).toBeGreaterThan(0);
    expect(outcome.bytes).toBeLessThan(ROWS * 30);
    expect(
      await until(
        async () => count(/^error export of outage-rows as csv failed after \d+ bytes/) === 1,
        10_000,
      ),
    ).toBe(true);
  });

  it('answers 503 with Retry-After and the interface body to everything that needs the cluster', async () => {
    expect(await until(async () => count(UNREACHABLE) > 0, 15_000)).toBe(true);
    for (const url of NEEDS_THE_CLUSTER) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(503);
      expect(res.headers['retry-after'], url).toBe(String(RETRY_AFTER_UNAVAILABLE_S));
      expect(res.headers['content-type'], url).toMatch(/^application\/json/);
      const body = res.json() as ErrorBody;
      expect(body, url).toEqual({
        error_code: 'ServiceUnavailable',
        message:
          'The data engine cannot reach part of its cluster at the moment: try again in a few seconds.',
      });
      // The interface's layout, error_code first; no ClickHouse text.
      expect(res.body).toBe(JSON.stringify(body, null, 2));
    }
  });

  it('logs the outage once while it lasts, not each second nor each request', async () => {
    // The cluster's state is read every second: a few seconds more of outage, and a few more requests.
    await new Promise((r) => setTimeout(r, 4_000));
    for (const url of NEEDS_THE_CLUSTER) expect(await status(url)).toBe(503);
    expect(count(UNREACHABLE)).toBe(1);
    // Nothing else but the cut export's line.
    const problems = lines.filter((l) => !l.startsWith('info') && !UNREACHABLE.test(l));
    expect(problems).toEqual([expect.stringMatching(/^error export of outage-rows as csv failed/)]);
  });

  it('logs once that the cluster is back when the node starts again, and answers 200', async () => {
    await cluster.startNode(1);
    expect(await until(async () => count(BACK) > 0, 30_000)).toBe(true);
    for (const url of NEEDS_THE_CLUSTER) expect(await status(url), url).toBe(200);
    await new Promise((r) => setTimeout(r, 2_000));
    expect(count(UNREACHABLE)).toBe(1);
    expect(count(BACK)).toBe(1);
  });
});
