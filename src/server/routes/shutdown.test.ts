import { type ChildProcess, spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/*
 * The server process stops cleanly on SIGTERM and SIGINT: in-flight requests finish, the process exits
 * with code 0, and its database opens again afterwards. DuckDB allows one process per database file, so
 * these servers run on a copy of the test server's data folder (the same folder global-setup uses);
 * the copy's datasets are up to date, so nothing is ingested again.
 */

const SOURCE_DIR = resolve(process.env.TEST_DATA_DIR ?? '.data-test');

interface Running {
  readonly child: ChildProcess;
  readonly origin: string;
  readonly output: () => string;
  readonly exited: Promise<number | null>;
}

let dataDir = '';

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'explore-shutdown-'));
  await cp(SOURCE_DIR, dataDir, {
    recursive: true,
    filter: (path) => !path.startsWith(join(SOURCE_DIR, 'tmp')),
  });
});

afterAll(async () => {
  if (dataDir !== '') await rm(dataDir, { recursive: true, force: true });
});

async function startServer(): Promise<Running> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  const exited = new Promise<number | null>((done) => child.once('exit', (code) => done(code)));
  const origin = await new Promise<string>((resolveOrigin, reject) => {
    const timer = setTimeout(() => reject(new Error(`The server did not start in 60 s:\n${output}`)), 60_000);
    const onData = (chunk: Buffer): void => {
      output += chunk.toString();
      const match = /Explore API: (http:\/\/\S+?)\/api\/explore\/v2\.1\//.exec(output);
      if (match) {
        clearTimeout(timer);
        resolveOrigin(match[1]!);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`The server exited with code ${code}:\n${output}`));
    });
  });
  return { child, origin, output: () => output, exited };
}

/** Exit code of the process, or a failure if it is still running after `ms`. */
async function exitWithin(server: Running, ms: number): Promise<number | null> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      server.child.kill('SIGKILL');
      reject(new Error(`The server did not stop within ${ms} ms:\n${server.output()}`));
    }, ms);
  });
  try {
    return await Promise.race([server.exited, late]);
  } finally {
    clearTimeout(timer);
  }
}

interface Answer {
  readonly status: number;
  readonly body: string;
}

/**
 * Sends a GET on a connection of its own and resolves once the request has been written to the socket,
 * with the answer still to come.
 */
async function sendOnNewConnection(url: string): Promise<Promise<Answer>> {
  const req = request(url, { agent: false });
  const answer = new Promise<Answer>((done, fail) => {
    req.once('error', fail);
    req.once('response', (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.once('end', () => done({ status: res.statusCode ?? 0, body }));
      res.once('error', fail);
    });
  });
  await new Promise<void>((written) => req.end(() => written()));
  return answer;
}

/** A query over all 3,000,000 flights that takes a second or more: flights per minute and airport. */
const SLOW_QUERY =
  "/api/explore/v2.1/catalog/datasets/flights/records?select=count(*) as n&group_by=date_format(date, 'yyyy-MM-dd HH:mm'), origin&limit=20000";

describe('server shutdown', () => {
  // One more try in CI: twice, on a machine loaded by other suites at once, the in-flight request was
  // answered 503 (cause not yet seen: the answer's body is now in the failure message).
  it('finishes in-flight requests and exits with 0 on SIGTERM', {
    retry: process.env.CI ? 1 : 0,
  }, async () => {
    const server = await startServer();
    const warm = await fetch(`${server.origin}/api/explore/v2.1/catalog/datasets?limit=0`);
    expect(((await warm.json()) as { total_count: number }).total_count).toBe(11);

    // A request that reaches the server after SIGTERM is answered 503, as it should be, so the signal
    // must wait until the slow request has been read; a fixed sleep was outrun on a loaded CI machine.
    // The slow request's bytes are in the kernel before a second connection is even opened, and the
    // server reads a connection accepted earlier no later than one accepted after it: once the second
    // request is answered, the slow one has passed routing and is in flight.
    const inFlight = await sendOnNewConnection(`${server.origin}${SLOW_QUERY}`);
    const probe = await fetch(`${server.origin}/api/explore/v2.1/`);
    expect(probe.status).toBe(200);
    await probe.arrayBuffer();
    server.child.kill('SIGTERM');
    const res = await inFlight;
    expect(res.status, `answer: ${res.body.slice(0, 300)}\nserver log:\n${server.output()}`).toBe(200);
    const body = JSON.parse(res.body) as { results: { n: number }[] };
    expect(body.results).toHaveLength(20_000);
    expect(body.results.every((r) => r.n >= 1)).toBe(true);

    // The client keeps its connection alive after the answer; the server must not wait for it to go.
    expect(await exitWithin(server, 10_000)).toBe(0);
    expect(server.output()).toContain('SIGTERM received, stopping');
    expect(server.output()).not.toMatch(/ error /);
    await expect(fetch(`${server.origin}/api/explore/v2.1/`)).rejects.toThrow();
  });

  it('exits with 0 on SIGINT, quietly after a client gave up on a query, and reopens its database', async () => {
    const server = await startServer();
    // Served from the catalog snapshot at once, then checked in the background: nothing to ingest.
    expect(server.output()).toMatch(/catalog: \d+ datasets served from /);
    for (let i = 0; i < 600 && !/catalog: .*checked in \d+ ms/.test(server.output()); i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(server.output()).toMatch(/catalog: .*checked in \d+ ms, 0 to ingest/);

    const controller = new AbortController();
    const abandoned = fetch(`${server.origin}${SLOW_QUERY}`, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    await expect(abandoned).rejects.toThrow();
    const after = await fetch(`${server.origin}/api/explore/v2.1/catalog/datasets/penguins/records?limit=0`);
    expect(((await after.json()) as { total_count: number }).total_count).toBe(344);

    // A connection that never sends a request must not hold the shutdown (Node would wait 60 s for it).
    const url = new URL(server.origin);
    const silent = connect(Number(url.port), url.hostname);
    await new Promise((r) => silent.once('connect', r));
    const silentClosed = new Promise((r) => silent.once('close', r));

    server.child.kill('SIGINT');
    expect(await exitWithin(server, 10_000)).toBe(0);
    await silentClosed;
    expect(server.output()).toContain('SIGINT received, stopping');
    // A cancelled query is not a server failure: nothing is logged as an error.
    expect(server.output()).not.toMatch(/ error /);
  });
});
