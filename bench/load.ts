import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';
import { percentile } from './stats';

/*
 * A bounded load generator for the fairness figures (issue 13). It only ever targets the loopback
 * interface (any other host is refused before a single request), runs for a fixed duration and stops by
 * itself. Clients are told apart by their source address (127.0.0.x, all loopback on Linux): the server
 * counts per-client limits by address when no API key comes with a request.
 */

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1', '[::1]']);

/** The origin, checked to be loopback; throws otherwise. */
export function loopbackOrigin(origin: string): URL {
  const url = new URL(origin);
  if (!LOOPBACK.has(url.hostname) || url.protocol !== 'http:') {
    throw new Error(`The load generator only targets http on loopback, not ${origin}`);
  }
  return url;
}

export interface Answer {
  readonly status: number;
  readonly ms: number;
  readonly bytes: number;
}

/** A client: one source address, keep-alive connections. */
export class Client {
  private readonly agent: Agent;

  constructor(
    private readonly origin: URL,
    readonly address: string,
  ) {
    this.agent = new Agent({ keepAlive: true, maxSockets: 64 });
  }

  get(path: string): Promise<Answer> {
    const started = performance.now();
    return new Promise((resolve) => {
      const req = request(
        {
          host: this.origin.hostname,
          port: this.origin.port,
          path,
          agent: this.agent,
          localAddress: this.address,
        },
        (res) => {
          let bytes = 0;
          res.on('data', (chunk: Buffer) => {
            bytes += chunk.length;
          });
          res.on('end', () =>
            resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, bytes }),
          );
          res.on('error', () => resolve({ status: 0, ms: performance.now() - started, bytes }));
        },
      );
      req.on('error', () => resolve({ status: 0, ms: performance.now() - started, bytes: 0 }));
      req.end();
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

/** A small deterministic generator (mulberry32), so that runs send the same mix. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const API = '/api/explore/v2.1';
const q = (s: string) => encodeURIComponent(s);

/**
 * The heavy query of issue 13: text matching with many wildcards over flights' 3M records. The n-th one
 * sent varies the letter and the number of wildcards, so that each runs in the engine: the same text
 * sent again would be answered by the result cache or share a run in flight, which would understate
 * what a client sending expensive queries costs the others.
 */
export function heavyPath(n: number): string {
  const letter = 'abcdefghijklmnopqrstuvwxyz'[n % 26]!;
  const pattern = `*${`${letter}*`.repeat(10 + (Math.floor(n / 26) % 10))}`;
  return `${API}/catalog/datasets/flights/records?limit=10&where=${q(`origin like '${pattern}'`)}`;
}
let heavySent = 0;
export const CHEAP_PAGE = `${API}/catalog/datasets/penguins/records?limit=1`;
export const CHEAP_FACETS = `${API}/catalog/datasets/penguins/facets`;

type Kind = 'catalog' | 'page' | 'facets' | 'aggregation' | 'export';

const SMALL = ['penguins', 'airports', 'movies', 'seattle-weather', 'us-zip-codes', 'earthquakes'];

/** One request of the realistic mix: what a visitor's explorer and API scripts send. */
function pick(rand: () => number): { kind: Kind; path: string } {
  const r = rand();
  const datasetId = rand() < 0.35 ? 'flights' : SMALL[Math.floor(rand() * SMALL.length)]!;
  const ds = `${API}/catalog/datasets/${datasetId}`;
  if (r < 0.1)
    return { kind: 'catalog', path: `${API}/catalog/datasets?limit=20&offset=${Math.floor(rand() * 3) * 5}` };
  if (r < 0.15) return { kind: 'catalog', path: `${API}/catalog/facets` };
  if (r < 0.4) return { kind: 'page', path: `${ds}/records?limit=20&offset=${Math.floor(rand() * 50) * 20}` };
  if (r < 0.47)
    return {
      kind: 'page',
      path: `${API}/catalog/datasets/flights/records?limit=20&where=${q(`origin = "${['SFO', 'LAX', 'ORD', 'JFK'][Math.floor(rand() * 4)]}"`)}&order_by=${q('delay desc')}`,
    };
  if (r < 0.52)
    return { kind: 'page', path: `${API}/catalog/datasets/flights/records?limit=20&where=${q('"sfo"')}` };
  if (r < 0.68) return { kind: 'facets', path: `${ds}/facets` };
  if (r < 0.73)
    return { kind: 'facets', path: `${API}/catalog/datasets/flights/facets?refine=${q('origin:SFO')}` };
  if (r < 0.85)
    return {
      kind: 'aggregation',
      path: `${API}/catalog/datasets/flights/records?select=${q('count(*) as n, avg(delay) as d')}&group_by=${q(rand() < 0.5 ? 'origin' : 'destination')}&limit=20`,
    };
  return { kind: 'export', path: `${ds}/exports/csv?limit=100` };
}

export interface KindFigure {
  readonly kind: string;
  readonly count: number;
  readonly errors: number;
  readonly p50: number;
  readonly p99: number;
  /** Statuses of the failed answers (0: no answer), for the report. */
  readonly failures: Readonly<Record<string, number>>;
}

export interface LoadFigures {
  readonly seconds: number;
  readonly connections: number;
  readonly heavyConnections: number;
  readonly requests: number;
  readonly perSecond: number;
  readonly errors: number;
  readonly kinds: readonly KindFigure[];
  /** The heavy client's answers by status (200 run, 429 over its limit, 503 busy). */
  readonly heavy: Readonly<Record<string, number>>;
}

function figure(kind: string, answers: readonly Answer[], ok: (status: number) => boolean): KindFigure {
  const ms = answers.map((a) => a.ms);
  const failures: Record<string, number> = {};
  for (const a of answers) if (!ok(a.status)) failures[a.status] = (failures[a.status] ?? 0) + 1;
  return {
    kind,
    count: answers.length,
    failures,
    errors: answers.filter((a) => !ok(a.status)).length,
    p50: percentile(ms, 50),
    p99: percentile(ms, 99),
  };
}

/**
 * `connections` loops of the realistic mix from as many client addresses, plus `heavyConnections` loops
 * from one more client sending only the heavy query (it waits `Retry-After` when told to), for
 * `seconds`; then every loop stops.
 */
export async function loadRun(
  origin: string,
  options: { seconds: number; connections: number; heavyConnections: number },
): Promise<LoadFigures> {
  const url = loopbackOrigin(origin);
  const deadline = performance.now() + options.seconds * 1000;
  const byKind = new Map<Kind, Answer[]>();
  const heavy: Record<string, number> = {};
  const clients: Client[] = [];
  const loops: Promise<void>[] = [];
  for (let i = 0; i < options.connections; i++) {
    const client = new Client(url, `127.0.0.${10 + (i % 200)}`);
    clients.push(client);
    const rand = seeded(1000 + i);
    loops.push(
      (async () => {
        while (performance.now() < deadline) {
          const { kind, path } = pick(rand);
          const answer = await client.get(path);
          const list = byKind.get(kind) ?? [];
          list.push(answer);
          byKind.set(kind, list);
        }
      })(),
    );
  }
  const heavyClient = new Client(url, '127.0.0.2');
  clients.push(heavyClient);
  for (let i = 0; i < options.heavyConnections; i++) {
    loops.push(
      (async () => {
        while (performance.now() < deadline) {
          const answer = await heavyClient.get(heavyPath(heavySent++));
          heavy[answer.status] = (heavy[answer.status] ?? 0) + 1;
          if (answer.status === 429 || answer.status === 503) await new Promise((r) => setTimeout(r, 1000));
        }
      })(),
    );
  }
  const started = performance.now();
  await Promise.all(loops);
  const elapsed = (performance.now() - started) / 1000;
  for (const c of clients) c.close();
  const kinds = [...byKind.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([kind, answers]) => figure(kind, answers, (s) => s === 200));
  const requests = kinds.reduce((n, k) => n + k.count, 0);
  return {
    seconds: options.seconds,
    connections: options.connections,
    heavyConnections: options.heavyConnections,
    requests,
    perSecond: requests / elapsed,
    errors: kinds.reduce((n, k) => n + k.errors, 0),
    kinds,
    heavy,
  };
}

export interface HeavyFigures {
  readonly heavyInFlight: number;
  readonly seconds: number;
  readonly cheap: KindFigure;
  readonly baseline: KindFigure;
  readonly heavy: Readonly<Record<string, number>>;
}

/** A cheap client's page and facets requests, one after the other, until the deadline. */
async function cheapLoop(client: Client, seconds: number): Promise<Answer[]> {
  const deadline = performance.now() + seconds * 1000;
  const answers: Answer[] = [];
  let i = 0;
  while (performance.now() < deadline)
    answers.push(await client.get(i++ % 2 === 0 ? CHEAP_PAGE : CHEAP_FACETS));
  return answers;
}

/**
 * Issue 13's scenario: `inFlight` heavy queries kept in flight by one client (each answered one is sent
 * again at once), while another client asks for a cheap page and facets; against the same cheap client
 * alone just before.
 */
export async function heavyScenario(
  origin: string,
  inFlight: number,
  seconds: number,
): Promise<HeavyFigures> {
  const url = loopbackOrigin(origin);
  const cheap = new Client(url, '127.0.0.1');
  const baseline = await cheapLoop(cheap, Math.min(10, seconds));
  const heavyClient = new Client(url, '127.0.0.2');
  const heavy: Record<string, number> = {};
  const deadline = performance.now() + seconds * 1000 + 2000;
  const loops = Array.from({ length: inFlight }, async () => {
    while (performance.now() < deadline) {
      const answer = await heavyClient.get(heavyPath(heavySent++));
      heavy[answer.status] = (heavy[answer.status] ?? 0) + 1;
      // A well-behaved client waits before trying again when told to (Retry-After), shortened here.
      if (answer.status === 429 || answer.status === 503) await new Promise((r) => setTimeout(r, 1000));
    }
  });
  // The heavy queries start first, so that the cheap requests meet full heavy lanes.
  await new Promise((r) => setTimeout(r, 1000));
  const answers = await cheapLoop(cheap, seconds);
  await Promise.all(loops);
  cheap.close();
  heavyClient.close();
  return {
    heavyInFlight: inFlight,
    seconds,
    cheap: figure('cheap page and facets, another client', answers, (s) => s === 200),
    baseline: figure('the same alone', baseline, (s) => s === 200),
    heavy,
  };
}

export interface SlowReaderFigures {
  readonly stalled: number;
  readonly small: KindFigure;
  readonly memoryAboveIdleMiB: number;
}

/** Starts a download and never reads past its head: the server's writes block at once. */
function stalledDownload(url: URL, path: string): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host: url.hostname, port: Number(url.port), localAddress: '127.0.0.3' }, () => {
      socket.write(`GET ${path} HTTP/1.1\r\nHost: ${url.host}\r\n\r\n`);
    });
    socket.once('error', reject);
    socket.once('data', () => {
      socket.pause();
      resolve(socket);
    });
  });
}

/**
 * Issue 13's slow readers: two whole exports of flights nobody reads, then small exports (10 rows of
 * airports) from another client, one after the other; and the server's memory with the two stalled.
 */
export async function slowReaderScenario(
  origin: string,
  memoryMiB: () => number,
  samples = 20,
): Promise<SlowReaderFigures> {
  const url = loopbackOrigin(origin);
  const idle = memoryMiB();
  const stalled = await Promise.all(
    [1, 2].map(() => stalledDownload(url, `${API}/catalog/datasets/flights/exports/csv`)),
  );
  try {
    await new Promise((r) => setTimeout(r, 1000));
    const client = new Client(url, '127.0.0.1');
    const answers: Answer[] = [];
    for (let i = 0; i < samples; i++)
      answers.push(await client.get(`${API}/catalog/datasets/airports/exports/csv?limit=10`));
    client.close();
    return {
      stalled: stalled.length,
      small: figure('small export beside two stalled ones', answers, (s) => s === 200),
      memoryAboveIdleMiB: memoryMiB() - idle,
    };
  } finally {
    for (const s of stalled) s.destroy();
  }
}
