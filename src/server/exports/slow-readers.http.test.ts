import { readdir, stat } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FixtureDataset } from '../testing/access-fixture';
import { type SmallServer, startSmallServer } from '../testing/small-server';
import { spoolFolder } from './spools';

/*
 * Slow clients reading large exports, on servers of their own with one export connection: the spool
 * (spools.ts) must free the connection and the lane as soon as the query has written everything, so
 * that 20 clients reading at about 1 KB/s hold nothing another download waits for. The dataset is
 * large enough (about 7 MB as CSV) that the kernel's socket buffers cannot hold an export: without a
 * spool, each slow reader would hold the connection for hours.
 */

const RECORDS = 100_000;
const DATASET = 'slow-readers-trips';
const TRIPS: FixtureDataset = {
  descriptor: { dataset_id: DATASET, source: 'trips.csv', metas: { title: 'Trips' } },
  file: {
    name: 'trips.csv',
    content: `trip,origin,destination,distance,note\n${Array.from(
      { length: RECORDS },
      (_, i) =>
        `${i},origin-${i % 97},destination-${i % 89},${(i * 7) % 1000},trip number ${i} of the fixture`,
    ).join('\n')}\n`,
  },
};
const EXPORT = `/api/explore/v2.1/catalog/datasets/${DATASET}/exports/csv`;
const SETTINGS = {
  // Every export of the dataset is large, and all come from one address.
  HEAVY_RECORDS: '1000',
  SMALL_EXPORT_RECORDS: '100',
  EXPORTS_PER_CLIENT: '64',
  EXPORT_CONNECTIONS: '1',
  // Twenty exports queue for the one connection while the machine runs other tests.
  QUEUE_WAIT_MS: '60000',
};

/** A client reading a download at about `bytesPerSecond`, through a socket it leaves paused between reads. */
interface SlowReader {
  /** The status line, once the headers came. */
  readonly status: Promise<string>;
  received(): number;
  closed(): boolean;
  stop(): void;
}

function slowReader(origin: string, path: string, bytesPerSecond = 1024): SlowReader {
  const { hostname, port } = new URL(origin);
  const socket: Socket = connect(Number(port), hostname, () => {
    socket.write(`GET ${path} HTTP/1.1\r\nHost: ${hostname}:${port}\r\nConnection: close\r\n\r\n`);
  });
  let received = 0;
  let closed = false;
  let head = '';
  let onStatus: (line: string) => void = () => {};
  const status = new Promise<string>((resolve) => {
    onStatus = resolve;
  });
  // Nothing is read but what the timer takes: the socket's buffer fills, then the kernel's, then the
  // server's writes wait.
  socket.on('readable', () => {});
  socket.on('error', () => {});
  socket.on('close', () => {
    closed = true;
  });
  const tick = setInterval(() => {
    const chunk =
      socket.readableLength > 0 ? socket.read(Math.min(socket.readableLength, bytesPerSecond / 10)) : null;
    if (!chunk) return;
    received += chunk.length;
    if (head.length < 200) {
      head += chunk.toString('latin1');
      if (head.includes('\r\n')) onStatus(head.slice(0, head.indexOf('\r\n')));
    }
  }, 100);
  return {
    status,
    received: () => received,
    closed: () => closed,
    stop: () => {
      clearInterval(tick);
      socket.destroy();
    },
  };
}

async function until(check: () => boolean | Promise<boolean>, what: string, ms = 30_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not within ${ms} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Files in this process's spool folder (every app's). */
async function spoolFiles(server: SmallServer): Promise<string[]> {
  const base = spoolFolder(server.dataDir);
  const apps = await readdir(base).catch(() => [] as string[]);
  const files = await Promise.all(apps.map((app) => readdir(join(base, app)).catch(() => [] as string[])));
  return files.flat();
}

/** Bytes in this process's spool files. */
async function spoolBytes(server: SmallServer): Promise<number> {
  const base = spoolFolder(server.dataDir);
  const apps = await readdir(base).catch(() => [] as string[]);
  let total = 0;
  for (const app of apps) {
    for (const name of await readdir(join(base, app)).catch(() => [] as string[]))
      total += (await stat(join(base, app, name)).catch(() => ({ size: 0 }))).size;
  }
  return total;
}

/** A whole download: when its first body byte came (ms after the request), and its text. */
async function download(origin: string): Promise<{ status: number; firstByteMs: number; text: string }> {
  const started = performance.now();
  const res = await fetch(`${origin}${EXPORT}`);
  const reader = res.body!.getReader();
  const parts: Uint8Array[] = [];
  let firstByteMs = Number.NaN;
  for (let next = await reader.read(); !next.done; next = await reader.read()) {
    if (parts.length === 0) firstByteMs = performance.now() - started;
    parts.push(next.value);
  }
  return { status: res.status, firstByteMs, text: Buffer.concat(parts).toString() };
}

const lines = (text: string): number => text.split('\n').filter((l) => l !== '').length;

describe('twenty clients reading a large export at 1 KB/s', () => {
  let server: SmallServer;
  const readers: SlowReader[] = [];

  beforeAll(async () => {
    server = await startSmallServer({ ...SETTINGS, EXPORT_SPOOL_MB: '512' }, Date.now, [TRIPS]);
  });
  afterAll(async () => {
    for (const reader of readers) reader.stop();
    await server?.close();
  });

  it('hold no connection: a 21st download starts within a second and completes', {
    timeout: 120_000,
  }, async () => {
    for (let i = 0; i < 20; i++) readers.push(slowReader(server.origin, EXPORT));
    const statuses = await Promise.all(readers.map((r) => r.status));
    expect(statuses.every((s) => s.startsWith('HTTP/1.1 200'))).toBe(true);
    // Once their queries have written everything, the export lane is free: the readers hold nothing of it.
    await until(() => {
      const lane = server.engine.load().export;
      return lane.running === 0 && lane.waiting === 0;
    }, 'the export lane is idle while twenty clients still read');
    expect(readers.every((r) => !r.closed())).toBe(true);

    const whole = await download(server.origin);
    expect(whole.status).toBe(200);
    expect(whole.firstByteMs).toBeLessThan(1000);
    expect(lines(whole.text)).toBe(RECORDS + 1);

    // The twenty are still reading, slowly: a few KB each of about 7 MB.
    await new Promise((r) => setTimeout(r, 1500));
    for (const reader of readers) {
      expect(reader.closed()).toBe(false);
      expect(reader.received()).toBeGreaterThan(500);
      expect(reader.received()).toBeLessThan(whole.text.length / 10);
    }
    expect((await spoolFiles(server)).length).toBeGreaterThanOrEqual(20);

    // They leave: their spools go.
    for (const reader of readers) reader.stop();
    await until(async () => (await spoolFiles(server)).length === 0, 'the spool files are removed');
  });

  it('leaves no spool file once a download is complete', async () => {
    const whole = await download(server.origin);
    expect(lines(whole.text)).toBe(RECORDS + 1);
    await until(async () => (await spoolFiles(server)).length === 0, 'the spool files are removed');
  });
});

describe('the spools’ disk budget (EXPORT_SPOOL_MB)', () => {
  let server: SmallServer;
  let reader: SlowReader | undefined;

  beforeAll(async () => {
    server = await startSmallServer({ ...SETTINGS, EXPORT_SPOOL_MB: '1' }, Date.now, [TRIPS]);
  });
  afterAll(async () => {
    reader?.stop();
    await server?.close();
  });

  it('refuses a download with 503 while slow readers hold it, and serves again once they left', {
    timeout: 120_000,
  }, async () => {
    reader = slowReader(server.origin, EXPORT);
    expect(await reader.status).toMatch(/^HTTP\/1\.1 200/);
    // Its query fills the budget (1 MB of about 7) and waits for the reader.
    await until(async () => (await spoolBytes(server)) >= 768 * 1024, 'the budget is spent');
    const refused = await fetch(`${server.origin}${EXPORT}`);
    expect(refused.status).toBe(503);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.json()).toEqual({
      error_code: 'ServiceUnavailable',
      message: expect.stringMatching(/no room left for more downloads/),
    });

    reader.stop();
    await until(async () => (await spoolFiles(server)).length === 0, 'the slow reader’s spool is removed');
    const whole = await download(server.origin);
    expect(whole.status).toBe(200);
    expect(lines(whole.text)).toBe(RECORDS + 1);
    await until(async () => (await spoolFiles(server)).length === 0, 'the spool files are removed');
  });
});
