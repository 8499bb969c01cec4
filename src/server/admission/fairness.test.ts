import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app';
import { openExploreData } from '../catalog/open';
import { loadConfig } from '../config';
import type { DuckDBEngine } from '../engine/duckdb';
import { spoolFolder } from '../exports/spools';
import { silentLogger } from '../ingest/logger';
import { KEYS, writeAccessFixture } from '../testing/access-fixture';

/*
 * The admission rules against a real server with tight settings. Nothing here measures time: work is
 * held in flight by a client that does not read its download, so per-client limits are full for as long
 * as the test wants; and, with a spool budget (EXPORT_SPOOL_MB) of 1 MB that its download fills, its
 * query waits for room and holds its lane too (a download spooled within the budget holds no lane, see
 * exports/slow-readers.http.test.ts). Timings live in the bench.
 */

/** Wide rows, so that one export is far larger than what socket buffers can absorb (about 24 MB). */
function wideCsv(rows: number): string {
  const pad = 'x'.repeat(380);
  const lines = ['id,name,pad'];
  for (let i = 0; i < rows; i++) lines.push(`${i},name${i % 97},${pad}`);
  return `${lines.join('\n')}\n`;
}

interface TestServer {
  readonly origin: string;
  readonly dataDir: string;
  readonly engine: DuckDBEngine;
  close(): Promise<void>;
}

async function startServer(env: Record<string, string>): Promise<TestServer> {
  const dataDir = await mkdtemp(join(tmpdir(), 'explore-fairness-'));
  writeAccessFixture(dataDir, [
    {
      descriptor: { dataset_id: 'wide', source: 'wide.csv', metas: { title: 'Wide rows' } },
      file: { name: 'wide.csv', content: wideCsv(60_000) },
    },
  ]);
  const config = loadConfig({ ...env, DATA_DIR: dataDir, DEFAULT_CATALOG: 'false', PORT: '0' });
  const data = await openExploreData({
    dataDir,
    log: silentLogger,
    includeDefault: false,
    connections: config.connections,
    scanConnections: config.scanConnections,
    heavyConnections: config.heavyConnections,
    exportConnections: config.exportConnections,
    threads: 1,
    watch: false,
  });
  const { engine, backend, catalog } = data;
  await backend.setUp();
  const app: FastifyInstance = await buildApp({
    engine: backend.engine,
    sharedCatalog: backend.sharedCatalog,
    quotas: backend.quotas,
    catalog,
    config,
    timezones: new Set(['UTC']),
    log: silentLogger,
  });
  const origin = await app.listen({ host: '127.0.0.1', port: 0 });
  return {
    origin,
    dataDir,
    engine,
    close: async () => {
      await app.close();
      await data.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

const OTHER_CLIENT = { Authorization: `Apikey ${KEYS.other.key}` };
const PATH = '/api/explore/v2.1/catalog/datasets/wide';
/** Text matching: heavy once HEAVY_RECORDS is 0. */
const LIKE = `where=${encodeURIComponent("name like 'name*'")}`;

/**
 * Starts a download and stops reading once its head has arrived: the server's writes soon block, and
 * the request stays in flight until the socket is destroyed (or the server cuts it).
 */
function unreadDownload(origin: string, path: string): Promise<{ socket: Socket; head: string }> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect({ host: hostname, port: Number(port) }, () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`);
    });
    socket.once('error', reject);
    socket.once('data', (chunk: Buffer) => {
      socket.pause();
      resolve({ socket, head: chunk.toString('latin1').split('\r\n\r\n')[0] ?? '' });
    });
  });
}

async function until(condition: () => boolean | Promise<boolean>, what: string): Promise<void> {
  for (let i = 0; i < 400; i++) {
    if (await condition()) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`Timed out waiting for ${what}`);
}

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers });
  const text = await res.text();
  return { status: res.status, retryAfter: res.headers.get('retry-after'), text };
}

describe('heavy queries: lanes and per-client limits', () => {
  let server: TestServer;
  let held: Socket | undefined;

  beforeAll(async () => {
    server = await startServer({
      HEAVY_RECORDS: '0',
      HEAVY_CONNECTIONS: '1',
      HEAVY_PER_CLIENT: '1',
      SMALL_EXPORT_RECORDS: '1000000',
      QUEUE_WAIT_MS: '300',
      EXPORT_SPOOL_MB: '1',
    });
    // A heavy export nobody reads, past the spool budget: it holds the only heavy connection and this
    // client's heavy token.
    const download = await unreadDownload(server.origin, `${PATH}/exports/csv?${LIKE}`);
    held = download.socket;
    expect(download.head).toMatch(/^HTTP\/1\.1 200/);
    await new Promise((r) => setTimeout(r, 500));
    expect(server.engine.load().heavy.running).toBe(1);
  }, 60_000);
  afterAll(async () => {
    held?.destroy();
    await server?.close();
  });

  it('answers 429 with Retry-After to a client over its limit of heavy requests', async () => {
    const res = await get(`${server.origin}${PATH}/records?${LIKE}&limit=1`);
    expect(res.status).toBe(429);
    expect(Number(res.retryAfter)).toBeGreaterThan(0);
    expect(JSON.parse(res.text)).toMatchObject({ error_code: 'TooManyRequests' });
  });

  it('answers 503 with Retry-After when the heavy lane does not free within the queue wait', async () => {
    const res = await get(`${server.origin}${PATH}/records?${LIKE}&limit=1`, OTHER_CLIENT);
    expect(res.status).toBe(503);
    expect(Number(res.retryAfter)).toBeGreaterThan(0);
    expect(JSON.parse(res.text)).toMatchObject({ error_code: 'ServiceUnavailable' });
    expect(server.engine.load().heavy.waiting).toBe(0);
  });

  it('admits cheap requests of every client while the heavy lane is full', async () => {
    for (const headers of [{}, OTHER_CLIENT]) {
      const page = await get(`${server.origin}${PATH}/records?limit=2&where=id%3D7`, headers);
      expect(page.status).toBe(200);
      expect(JSON.parse(page.text)).toMatchObject({ total_count: 1, results: [{ id: 7 }] });
      const facets = await get(`${server.origin}${PATH}/facets`, headers);
      expect(facets.status).toBe(200);
    }
    expect(server.engine.load().heavy.running).toBe(1);
  });
});

describe('downloads: idle readers and per-client exports', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startServer({
      SMALL_EXPORT_RECORDS: '1000',
      EXPORTS_PER_CLIENT: '1',
      EXPORT_IDLE_MS: '400',
    });
  }, 60_000);
  afterAll(async () => {
    await server?.close();
  });

  it('serves small exports beside an unread large one, refuses a second large one, then cuts the idle reader', async () => {
    const { socket, head } = await unreadDownload(server.origin, `${PATH}/exports/csv`);
    const spoolFiles = async (): Promise<number> => {
      const base = spoolFolder(server.dataDir);
      const apps = await readdir(base).catch(() => [] as string[]);
      return (await Promise.all(apps.map((a) => readdir(join(base, a))))).flat().length;
    };
    try {
      expect(head).toMatch(/^HTTP\/1\.1 200/);
      // Its query wrote the whole file to its spool and left the export lane.
      await until(() => server.engine.load().export.running === 0, 'the export query to end');

      const small = await get(`${server.origin}${PATH}/exports/csv?limit=10`);
      expect(small.status).toBe(200);
      expect(small.text.trim().split('\n')).toHaveLength(11);

      // The unread one is still this client's download in flight: it is at its limit of large exports.
      const second = await get(`${server.origin}${PATH}/exports/csv`);
      expect(second.status).toBe(429);
      expect(Number(second.retryAfter)).toBeGreaterThan(0);

      // The reader never reads again: the server cuts it, and its spool goes.
      expect(await spoolFiles()).toBeGreaterThan(0);
      await until(async () => (await spoolFiles()) === 0, 'the idle download to be cut');
      const again = await get(`${server.origin}${PATH}/exports/csv?limit=2000`);
      expect(again.status).toBe(200);
      expect(again.text.trim().split('\n')).toHaveLength(2001);
    } finally {
      socket.destroy();
    }
  }, 60_000);
});
