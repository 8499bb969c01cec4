import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { type IncomingHttpHeaders, request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientSignal } from '../http/signal';
import type { Logger } from '../ingest/logger';
import { sendFile } from './send-file';
import { ExportSpools } from './spools';

/*
 * An export whose bytes fail once its headers are sent, on any engine (DuckDB's COPY cut by an I/O
 * error, a cluster node that died): the response must end without the terminating chunk, so that an
 * HTTP client sees a truncated body rather than a complete file, and the failure must be logged. Played
 * by a route that sends, through the export's own `sendFile`, 200 KB and then fails; the app compresses
 * answers as the server's does (app.ts). Every case runs twice: streamed, and through a spool as the
 * export routes send (spools.ts), whose files must be gone once the response ends, fails or is left.
 */

// Random text, so that even compressed some of it goes out before the failure.
const FIRST = randomBytes(100_000).toString('hex');
let app: FastifyInstance;
let origin: string;
let spoolDir: string;
let spools: ExportSpools;
const lines: string[] = [];
const log: Logger = {
  info: (m) => lines.push(`info ${m}`),
  warn: (m) => lines.push(`warn ${m}`),
  error: (m) => lines.push(`error ${m}`),
};

async function* bytes(fails: boolean): AsyncIterable<string> {
  yield FIRST;
  await new Promise((r) => setTimeout(r, 50));
  if (fails) throw new Error('Code: 32, e.displayText() = DB::Exception: Attempt to read after eof');
  yield 'Lyon,522000\n';
}

beforeAll(async () => {
  spoolDir = await mkdtemp(join(tmpdir(), 'send-file-spools-'));
  spools = new ExportSpools(spoolDir, 64 * 1024 * 1024);
  app = Fastify();
  await app.register(compress, { global: true, encodings: ['br', 'gzip', 'deflate'], threshold: 1024 });
  app.get<{ Querystring: { fails?: string; compressed?: string; spooled?: string } }>(
    '/export',
    async (req, reply) =>
      sendFile(
        reply,
        req.query.spooled === 'true'
          ? spools.open(reply.raw).spooled(bytes(req.query.fails === 'true'))
          : bytes(req.query.fails === 'true'),
        {
          dataset: 'cities',
          format: 'csv',
          mediaType: 'text/csv; charset=utf-8',
          filename: 'cities.csv',
          compressed: req.query.compressed === 'true',
        },
        { idleMs: 10_000, signal: clientSignal(reply), log },
      ),
  );
  origin = await app.listen({ host: '127.0.0.1', port: 0 });
});

afterAll(async () => {
  await app.close();
  await spools.close();
  await rm(spoolDir, { recursive: true, force: true });
});

/** Files left in the spools' folder, once the server had a moment to remove them. */
async function spoolFiles(): Promise<string[]> {
  await new Promise((r) => setTimeout(r, 100));
  const apps = await readdir(spoolDir);
  return (await Promise.all(apps.map((a) => readdir(join(spoolDir, a))))).flat();
}

/** Every byte the server sent on the socket, until it closed it (a request with `Connection: close`). */
function rawExchange(path: string, headers: Record<string, string> = {}): Promise<string> {
  const { hostname, port } = new URL(origin);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => {
      const head = Object.entries({ Host: `${hostname}:${port}`, Connection: 'close', ...headers })
        .map(([k, v]) => `${k}: ${v}\r\n`)
        .join('');
      socket.write(`GET ${path} HTTP/1.1\r\n${head}\r\n`);
    });
    const chunks: Buffer[] = [];
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', reject);
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
  });
}

/** How Node's HTTP client sees the body: a clean 'end', or the response aborted. */
function clientOutcome(path: string): Promise<{ status: number; ended: 'end' | 'aborted'; bytes: number }> {
  return new Promise((resolve, reject) => {
    request(`${origin}${path}`, (res) => {
      let bytes = 0;
      let settled = false;
      const settle = (ended: 'end' | 'aborted'): void => {
        if (settled) return;
        settled = true;
        resolve({ status: res.statusCode ?? 0, ended, bytes });
      };
      res.on('data', (c: Buffer) => {
        bytes += c.length;
      });
      res.on('end', () => settle('end'));
      res.on('aborted', () => settle('aborted'));
      res.on('error', () => settle('aborted'));
    })
      .on('error', reject)
      .end();
  });
}

/** A whole response's headers and body as sent (not decompressed). */
function rawBody(
  path: string,
  headers: Record<string, string> = {},
): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    request(`${origin}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      res.on('error', reject);
    })
      .on('error', reject)
      .end();
  });
}

const TERMINATOR = '\r\n0\r\n\r\n';

for (const spooled of [false, true]) {
  const how = spooled ? 'spooled' : 'streamed';
  /** The test route's path, spooled or not, with the given parameters. */
  const path = (query = ''): string =>
    `/export?${[spooled ? 'spooled=true' : '', query].filter((p) => p !== '').join('&')}`;
  const noSpoolLeft = async (): Promise<void> => {
    if (spooled) expect(await spoolFiles()).toEqual([]);
  };

  describe(`a ${how} export that fails after its headers were sent`, () => {
    it('ends a complete export with the terminating chunk (what a cut one lacks)', async () => {
      const raw = await rawExchange(path());
      expect(raw).toMatch(/^HTTP\/1\.1 200 /);
      expect(raw.toLowerCase()).toContain('transfer-encoding: chunked');
      expect(raw.endsWith(TERMINATOR)).toBe(true);
      expect(await clientOutcome(path())).toMatchObject({ status: 200, ended: 'end' });
      await noSpoolLeft();
    });

    for (const [encoding, decompress] of [
      ['gzip', gunzipSync],
      ['br', brotliDecompressSync],
    ] as const) {
      it(`is compressed as it streams when the client accepts ${encoding}`, async () => {
        const res = await rawBody(path(), { 'Accept-Encoding': encoding });
        expect(res.headers['content-encoding']).toBe(encoding);
        expect(decompress(res.body).toString()).toBe(`${FIRST}Lyon,522000\n`);
        await noSpoolLeft();
      });
    }

    it('is sent gzipped as a file with compressed=true', async () => {
      const res = await rawBody(path('compressed=true'));
      expect(res.headers['content-type']).toBe('application/gzip');
      expect(res.headers['content-disposition']).toContain('cities.csv.gz');
      expect(gunzipSync(res.body).toString()).toBe(`${FIRST}Lyon,522000\n`);
      await noSpoolLeft();
    });

    for (const [name, query, headers] of [
      ['plain', '', {}],
      ['compressed by the client', '', { 'Accept-Encoding': 'gzip' }],
      ['gzipped file (compressed=true)', '&compressed=true', {}],
    ] as const) {
      it(`drops the connection without the terminating chunk, and logs it: ${name}`, async () => {
        lines.length = 0;
        const raw = await rawExchange(path(`fails=true${query}`), headers);
        expect(raw).toMatch(/^HTTP\/1\.1 200 /);
        expect(raw.toLowerCase()).toContain('transfer-encoding: chunked');
        // Some of the file went out before the failure, and the body was never terminated.
        expect(raw.length).toBeGreaterThan(1000);
        expect(raw.endsWith(TERMINATOR)).toBe(false);
        expect(raw).not.toContain(TERMINATOR);
        expect(lines).toEqual([
          `error export of cities as csv failed after ${FIRST.length} bytes, its response cut: Code: 32, e.displayText() = DB::Exception: Attempt to read after eof`,
        ]);
        await noSpoolLeft();
      });
    }

    it('is seen by an HTTP client as an aborted response, not a clean end', async () => {
      const outcome = await clientOutcome(path('fails=true'));
      expect(outcome.status).toBe(200);
      expect(outcome.ended).toBe('aborted');
      expect(outcome.bytes).toBeGreaterThan(0);
      await noSpoolLeft();
    });

    it('logs nothing when the client itself went away', async () => {
      lines.length = 0;
      await new Promise<void>((resolve, reject) => {
        const req = request(`${origin}${path('fails=true')}`, (res) => {
          res.once('data', () => {
            req.destroy();
            resolve();
          });
        });
        req.on('error', (e: NodeJS.ErrnoException) => (e.code === 'ECONNRESET' ? undefined : reject(e)));
        req.end();
      });
      await new Promise((r) => setTimeout(r, 200));
      expect(lines).toEqual([]);
      await noSpoolLeft();
    });
  });
}
