import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DATASET_FORMATS } from '../exports/formats/index';
import {
  KEYS,
  RESTRICTED_ATTACHMENT,
  RESTRICTED_ID,
  RESTRICTED_KEYWORD,
  RESTRICTED_THEME,
} from '../testing/access-fixture';
import { getHead, type RawAnswer, rawRequest } from '../testing/raw-http';
import { type SmallServer, startSmallServer } from '../testing/small-server';

/*
 * Access control whatever form the request takes. Every endpoint family is asked about the restricted
 * dataset in every request form a client or a proxy may send (origin, absolute, dot segments, repeated
 * slashes, encoded separators, HTTP/1.0, no Host), with no key, a wrong key, a valid key that does not
 * grant it, and one that does. No answer may hold a restricted byte unless the key grants it, each status
 * is exact, and none is a 500. Then generated targets and headers (fast-check) look for what the list
 * missed.
 */

/** Bytes only the restricted dataset holds: its records, metadata and attachment. */
const SECRETS = ['Grace', 'Payroll (restricted)', RESTRICTED_THEME, RESTRICTED_KEYWORD, 'payroll.csv'];
const R = RESTRICTED_ID;

type Scope = 'dataset' | 'catalog';
interface Probe {
  readonly path: string;
  readonly scope: Scope;
}

const V2_PREFIXES = [
  { prefix: '/api/explore/v2.1', version: '2.1' },
  { prefix: '/api/explore/v2.0', version: '2.0' },
  { prefix: '/api/v2', version: '2.0' },
] as const;
const CATALOG_EXPORTS = ['json', 'csv', 'xls', 'rdf', 'ttl', 'data.json', 'rss', 'dcat'];

function v2Probes(): Probe[] {
  const probes: Probe[] = [];
  for (const { prefix, version } of V2_PREFIXES) {
    const ds = `${prefix}/catalog/datasets/${R}`;
    const dataset = [
      ds,
      `${ds}/records`,
      `${ds}/records?where=salary%3E5000&select=employee,salary`,
      `${ds}/records?group_by=department&select=count(*)`,
      `${ds}/records/0123456789abcdef`,
      `${ds}/facets`,
      `${ds}/facets?facet=department`,
      `${ds}/attachments`,
      `${ds}/attachments/${RESTRICTED_ATTACHMENT}`,
      `${ds}/exports`,
      `${ds}/not-a-route`,
      ...DATASET_FORMATS[version].map((f) => `${ds}/exports/${f}`),
      ...(version === '2.0' ? [`${ds}/aggregates?select=count(*)`] : []),
    ];
    const catalog = [
      prefix,
      `${prefix}/catalog`,
      `${prefix}/catalog/exports`,
      `${prefix}/catalog/datasets`,
      `${prefix}/catalog/datasets?where=search(%22payroll%22)`,
      `${prefix}/catalog/facets`,
      ...CATALOG_EXPORTS.map((f) => `${prefix}/catalog/exports/${f}`),
    ];
    probes.push(...dataset.map((path) => ({ path, scope: 'dataset' as const })));
    probes.push(...catalog.map((path) => ({ path, scope: 'catalog' as const })));
  }
  return probes;
}

const V1_DATASET = [
  `/api/records/1.0/search/?dataset=${R}`,
  `/api/records/1.0/search?dataset=${R}&q=Grace`,
  `/api/records/1.0/analyze/?dataset=${R}&x=department&y.n.func=COUNT`,
  `/api/records/1.0/download/?dataset=${R}`,
  `/api/records/1.0/download/?dataset=${R}&format=json`,
  `/api/records/1.0/download/?dataset=${R}&format=geojson`,
  `/api/records/1.0/boundingbox/?dataset=${R}`,
  `/api/records/1.0/geocluster/?dataset=${R}&clusterprecision=3`,
  `/api/records/1.0/geopreview/?dataset=${R}`,
  `/api/records/1.0/geopolygon/?dataset=${R}`,
  `/api/datasets/1.0/${R}/`,
  `/api/datasets/1.0/${R}/records/0123456789abcdef`,
];
const V1_CATALOG = [
  '/api/datasets/1.0/search/',
  '/api/datasets/1.0/search/?q=payroll',
  '/api/datasets/1.0/search/?format=csv',
];

const PROBES: readonly Probe[] = [
  ...v2Probes(),
  ...V1_DATASET.map((path) => ({ path, scope: 'dataset' as const })),
  ...V1_CATALOG.map((path) => ({ path, scope: 'catalog' as const })),
];

type KeyKind = 'none' | 'wrong' | 'other' | 'granted';
const KEY_HEADERS: Readonly<Record<KeyKind, Readonly<Record<string, string>>>> = {
  none: {},
  wrong: { Authorization: 'Apikey not-a-key-of-this-server' },
  other: { Authorization: `Apikey ${KEYS.other.key}` },
  granted: { Authorization: `Apikey ${KEYS.granted.key}` },
};

/**
 * The status a probe must get: a wrong key 401 everywhere; a dataset restricted to other keys 401; else
 * what the route answers the granted key (the catalog answers every valid caller alike).
 */
function expectedStatus(probe: Probe, key: KeyKind, granted: number): number {
  if (key === 'wrong') return 401;
  if (probe.scope === 'catalog' || key === 'granted') return granted;
  return 401;
}

interface Form {
  readonly name: string;
  /** The target and head options of a probe's path written in this form. */
  readonly write: (path: string) => { target: string; host?: string | null; version?: '1.0' | '1.1' };
}

/** Forms that name the same route as the origin form: each must get the origin form's answer. */
const SAME_ROUTE_FORMS: readonly Form[] = [
  { name: 'origin', write: (path) => ({ target: path }) },
  { name: 'absolute', write: (path) => ({ target: `http://any-host${path}` }) },
  { name: 'absolute https, other Host', write: (path) => ({ target: `https://[::1]:9${path}`, host: 'x' }) },
  { name: 'dot segments', write: (path) => ({ target: path.replace('/api/', '/api/zz/../') }) },
  { name: 'encoded dot segments', write: (path) => ({ target: path.replace('/api/', '/api/./zz/%2E%2e/') }) },
  { name: 'repeated slashes', write: (path) => ({ target: path.replace(/\/(?=[^?]*$|[^?]*\?)/g, '//') }) },
  { name: 'HTTP/1.0', write: (path) => ({ target: path, version: '1.0' }) },
];

let server: SmallServer;

async function ask(
  target: string,
  key: KeyKind,
  options: { host?: string | null; version?: '1.0' | '1.1'; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  const head = getHead(target, {
    ...options,
    host: options.host === undefined ? new URL(server.origin).host : options.host,
    headers: { ...KEY_HEADERS[key], ...options.headers },
  });
  return rawRequest(server.origin, head);
}

/** Runs `tasks` a few at a time. */
async function inPool<T>(tasks: readonly (() => Promise<T>)[], width = 8): Promise<T[]> {
  const results: T[] = new Array(tasks.length);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < tasks.length) {
      const i = next++;
      results[i] = await tasks[i]!();
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return results;
}

function leaked(answer: RawAnswer, scope: Scope): string[] {
  const secrets = scope === 'catalog' ? [...SECRETS, R] : SECRETS;
  return secrets.filter((s) => answer.body.includes(s));
}

function expectInterfaceError(answer: RawAnswer, what: string): void {
  expect(answer.headers['content-type'], what).toMatch(/^application\/json/);
  expect(Object.keys(JSON.parse(answer.body) as object), what).toEqual(['error_code', 'message']);
}

/**
 * A refusal with the interface's body, or an answer of another route the target names once read (the
 * explorer's page, or a public API answer: `datasets/<restricted>/..` is the catalog list). None holds a
 * restricted byte.
 */
function expectRefusedOrPage(answer: RawAnswer, what: string): void {
  if (answer.status === 200) {
    expect(answer.headers['content-type'], what).toMatch(/^(text\/html|application\/json)/);
  } else {
    expect([400, 401, 404], what).toContain(answer.status);
    expectInterfaceError(answer, what);
  }
  expect(leaked(answer, 'dataset'), what).toEqual([]);
}

/** The explorer as built (its page and the code it names): page paths answer it, as in production. */
const INDEX = '<!doctype html><html lang="en"><head></head><body><div id="root"></div></body></html>';
let staticDir: string;

beforeAll(async () => {
  staticDir = await mkdtemp(join(tmpdir(), 'request-forms-'));
  await mkdir(join(staticDir, '.vite'), { recursive: true });
  await writeFile(join(staticDir, 'index.html'), INDEX);
  await writeFile(
    join(staticDir, '.vite', 'manifest.json'),
    JSON.stringify({ 'index.html': { file: 'assets/i.js', isEntry: true } }),
  );
  server = await startSmallServer({ STATIC_DIR: staticDir });
});

afterAll(async () => {
  await server?.close();
  await rm(staticDir, { recursive: true, force: true });
});

describe('request forms and access', () => {
  it('lists a probe for every API route the server has', () => {
    // The server's route tree, with each line's full path rebuilt from its indentation.
    const tree = server.app.printRoutes({ commonPrefix: false });
    const routes = new Set<string>();
    const stack: string[] = [];
    for (const line of tree.split('\n')) {
      const match = /^([│ ]*)[├└]── (\S+) \(/.exec(line);
      if (!match) continue;
      const depth = match[1]!.length / 4;
      stack.length = depth;
      stack.push(match[2]!);
      routes.add(stack.join(''));
    }
    const covered = (route: string): boolean => {
      const pattern = new RegExp(`^${route.replace(/:[a-z_]+/g, '[^/?]+')}/?(?:\\?|$)`);
      return PROBES.some((p) => pattern.test(p.path));
    };
    const apiRoutes = [...routes].filter((r) => r.startsWith('/api'));
    expect(apiRoutes.length).toBeGreaterThan(40);
    expect(apiRoutes.filter((r) => !covered(r))).toEqual([]);
  });

  it('answers every endpoint, in every form and with every key, with the exact status and no restricted byte', async () => {
    const tasks: (() => Promise<string[]>)[] = [];
    for (const probe of PROBES) {
      tasks.push(async () => {
        const failures: string[] = [];
        // The granted key's answer on the origin form decides what the route itself answers.
        const reference = await ask(probe.path, 'granted');
        expect([200, 400, 404], `${probe.path} with the granted key`).toContain(reference.status);
        for (const key of ['none', 'wrong', 'other', 'granted'] as const) {
          const expected = expectedStatus(probe, key, reference.status);
          for (const form of SAME_ROUTE_FORMS) {
            // Every form with and without a key; the slower forms once per key kind that matters.
            if (form.name !== 'origin' && form.name !== 'absolute' && key === 'other') continue;
            const { target, ...options } = form.write(probe.path);
            const answer = await ask(target, key, options);
            const what = `${form.name} ${target} (${key} key): ${answer.status}`;
            if (answer.status !== expected) failures.push(`${what}, expected ${expected}`);
            if (key !== 'granted' && leaked(answer, probe.scope).length > 0)
              failures.push(`${what} holds ${leaked(answer, probe.scope).join(', ')}`);
            if (answer.status >= 400) expectInterfaceError(answer, what);
          }
        }
        return failures;
      });
    }
    const failures = (await inPool(tasks)).flat();
    expect(failures).toEqual([]);
  }, 120_000);

  it('reads the restricted records with the granted key in the absolute form (the checks can fail)', async () => {
    const answer = await ask(
      `http://portal.example/api/explore/v2.1/catalog/datasets/${R}/records`,
      'granted',
    );
    expect(answer.status).toBe(200);
    expect(answer.body).toContain('Grace');
    // RFC 9112 §3.2.2: the host of an absolute-form target is the request's host, so links name it.
    const dataset = await ask(`http://portal.example/api/explore/v2.0/catalog/datasets/${R}`, 'granted');
    expect(dataset.body).toContain(`"http://portal.example/api/explore/v2.0/catalog/datasets/${R}"`);
  });

  it('answers the reproduction of the report (absolute form, no key) with 401', async () => {
    const answer = await ask(`http://x/api/explore/v2.1/catalog/datasets/${R}/records`, 'none');
    expect(answer.status).toBe(401);
    expect(answer.headers['www-authenticate']).toBe('Apikey realm="Explore API"');
    expect(leaked(answer, 'dataset')).toEqual([]);
  });

  it('writes no restricted answer into the explorer page of the restricted dataset', async () => {
    for (const page of [
      `/datasets/${R}/table`,
      `/datasets/${R}/map`,
      `/datasets/${R}`,
      `/embed/${R}/table`,
    ]) {
      for (const target of [
        page,
        `http://x${page}?where=salary%3E0`,
        page.replace('/datasets/', '/x/../datasets/'),
      ]) {
        const answer = await ask(target, 'none');
        expect(answer.status, target).toBe(200);
        expect(answer.body, target).toContain('<div id="root">');
        expect(leaked(answer, 'dataset'), target).toEqual([]);
      }
    }
    // The same page of a public dataset carries its first records (so the check above can fail).
    const open = await ask('/datasets/auth-public-cities/table', 'none');
    expect(open.body).toContain('Lyon');
  });

  it('keeps encoded separators inside their segment: never the restricted dataset', async () => {
    const targets = [
      `/api/explore/v2.1/catalog/datasets%2F${R}/records`,
      `/api/explore/v2.1/catalog/datasets/${R}%2Frecords`,
      `/api/explore/v2.1/catalog%2Fdatasets%2F${R}%2Frecords`,
      `/api/explore/v2.1/catalog/datasets/x%2F..%2F${R}/records`,
      `/api/explore/v2.1/catalog/datasets/${R}%2F..%2F..%2Fdatasets/records`,
      `/api%2Fexplore/v2.1/catalog/datasets/${R}/records`,
    ];
    for (const key of ['none', 'other', 'granted'] as const) {
      for (const target of targets) expectRefusedOrPage(await ask(target, key), `${target} (${key})`);
    }
  });

  it('refuses a request without a valid Host, in HTTP/1.1 and 1.0, with the interface body', async () => {
    const path = '/api/explore/v2.1/catalog/datasets';
    for (const version of ['1.1', '1.0'] as const) {
      const answer = await ask(path, 'none', { host: null, version });
      expect(answer.status, version).toBe(400);
      expect(JSON.parse(answer.body)).toEqual({
        error_code: 'InvalidRESTParameterError',
        message: 'The request has no Host header: HTTP/1.1 requires one.',
      });
    }
    for (const host of ['a b', 'evil.example/x', 'u@evil', 'x:99999', '']) {
      const answer = await ask(path, 'none', { host });
      expect(answer.status, host).toBe(400);
      expectInterfaceError(answer, host);
    }
  });

  it('refuses targets that are no path, and request lines that are no HTTP/1.x, with a 400', async () => {
    for (const target of [
      '*',
      'example.org:443',
      'api/explore/v2.1/catalog/datasets',
      'ftp://x/api/explore/v2.1',
    ]) {
      const answer = await ask(target, 'none');
      expect(answer.status, target).toBe(400);
      expectInterfaceError(answer, target);
    }
    const old = await rawRequest(server.origin, `GET /api/explore/v2.1/catalog/datasets/${R}/records`);
    expect(old.status).toBe(400);
    expect(old.body).not.toContain('Grace');
  });

  it('checks input in every form: a NUL in where is a 400, absolute or not', async () => {
    for (const target of [
      `/api/explore/v2.1/catalog/datasets/auth-public-cities/records?where=city%00`,
      `http://x/api/explore/v2.1/catalog/datasets/auth-public-cities/records?where=city%00`,
      `http://x/api/explore/v2.1/catalog/datasets?where=title%00`,
    ]) {
      const answer = await ask(target, 'none');
      expect(answer.status, target).toBe(400);
      expect(JSON.parse(answer.body).message, target).toMatch(/control characters such as U\+0000/);
    }
  });

  it('finds nothing else with generated targets and headers', async () => {
    type Mutation =
      | { kind: 'absolute'; scheme: string; host: string }
      | { kind: 'dots'; at: number; segment: string }
      | { kind: 'slash'; at: number }
      | { kind: 'encode'; at: number }
      | { kind: 'trailing' }
      | { kind: 'query'; extra: string };
    const datasetPaths = PROBES.filter((p) => p.scope === 'dataset').map((p) => p.path);
    const mutation = fc.oneof(
      fc.record({
        kind: fc.constant('absolute' as const),
        scheme: fc.constantFrom('http', 'https', 'HTTP'),
        host: fc.domain(),
      }),
      fc.record({
        kind: fc.constant('dots' as const),
        at: fc.nat(),
        segment: fc.constantFrom('.', '..', '%2e', '%2E%2E', 'a/..', 'x/%2e%2e'),
      }),
      fc.record({ kind: fc.constant('slash' as const), at: fc.nat() }),
      fc.record({ kind: fc.constant('encode' as const), at: fc.nat() }),
      fc.record({ kind: fc.constant('trailing' as const) }),
      fc.record({
        kind: fc.constant('query' as const),
        extra: fc.constantFrom('apikey=wrong', 'apikey=', 'dataset=auth-public-cities', 'x=%2F..'),
      }),
    );
    const header = fc.constantFrom<Record<string, string>>(
      {},
      { 'X-Forwarded-Host': 'evil.example' },
      { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '10.0.0.1' },
      { 'X-Original-URL': `/api/explore/v2.1/catalog/datasets/auth-public-cities/records` },
      { 'X-Rewrite-URL': '/api/explore/v2.1/catalog/datasets' },
      { Forwarded: 'for=1.2.3.4;host=evil;proto=https' },
      { authorization: `Apikey ${KEYS.other.key}` },
      { Authorization: 'Bearer x' },
    );
    const slashes = (p: string): number[] => [...p.split('?')[0]!.matchAll(/\//g)].map((m) => m.index);
    const apply = (path: string, m: Mutation): string => {
      const [pathPart = '', query] = path.split(/\?(.*)/s);
      const at = (n: number): number => slashes(pathPart)[n % slashes(pathPart).length]!;
      switch (m.kind) {
        case 'absolute':
          return `${m.scheme}://${m.host}${path}`;
        case 'dots': {
          const i = at(m.at);
          return `${pathPart.slice(0, i)}/${m.segment}${pathPart.slice(i)}${query === undefined ? '' : `?${query}`}`;
        }
        case 'slash': {
          const i = at(m.at);
          return `${pathPart.slice(0, i)}/${pathPart.slice(i)}${query === undefined ? '' : `?${query}`}`;
        }
        case 'encode': {
          const letters = [...pathPart.matchAll(/[a-z0-9.-]/g)].map((x) => x.index);
          const i = letters[m.at % letters.length]!;
          const encoded = `%${pathPart.charCodeAt(i).toString(16).toUpperCase()}`;
          return `${pathPart.slice(0, i)}${encoded}${pathPart.slice(i + 1)}${query === undefined ? '' : `?${query}`}`;
        }
        case 'trailing':
          return `${pathPart}/${query === undefined ? '' : `?${query}`}`;
        case 'query':
          return `${path}${query === undefined ? '?' : '&'}${m.extra}`;
      }
    };
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...datasetPaths),
        fc.array(mutation, { minLength: 1, maxLength: 4 }),
        header,
        async (path, mutations, headers) => {
          // Absolute form first if any: the other mutations then apply to its path.
          const ordered = [...mutations].sort(
            (a, b) => Number(b.kind === 'absolute') - Number(a.kind === 'absolute'),
          );
          const absolute = ordered.find((m) => m.kind === 'absolute');
          let target = path;
          for (const m of ordered) if (m.kind !== 'absolute') target = apply(target, m);
          if (absolute) target = apply(target, absolute);
          const answer = await ask(target, 'none', { headers });
          const what = `${target} ${JSON.stringify(headers)}: ${answer.status} ${answer.body.slice(0, 200)}`;
          expectRefusedOrPage(answer, what);
        },
      ),
      { numRuns: 400 },
    );
  }, 120_000);
});

describe('quotas in every form', () => {
  let quoted: SmallServer;
  beforeAll(async () => {
    quoted = await startSmallServer({ QUOTA_ANONYMOUS_CALLS: '3', QUOTA_PERIOD: 'day' });
  });
  afterAll(async () => {
    await quoted?.close();
  });

  it('counts absolute-form and dot-segment calls against the anonymous quota', async () => {
    const path = '/api/explore/v2.1/catalog/datasets/auth-public-cities/records';
    const targets = [
      `http://x${path}`,
      path.replace('/api/', '/api/a/../'),
      `http://y${path}`,
      `http://z${path}`,
    ];
    const statuses: number[] = [];
    for (const target of targets) {
      statuses.push((await rawRequest(quoted.origin, getHead(target, { host: 'h' }))).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });
});

describe('behind a proxy (PUBLIC_URL)', () => {
  let proxied: SmallServer;
  beforeAll(async () => {
    proxied = await startSmallServer({ PUBLIC_URL: 'https://data.example.org/portal/' });
  });
  afterAll(async () => {
    await proxied?.close();
  });

  it('builds links on PUBLIC_URL and needs no Host', async () => {
    const path = '/api/explore/v2.1/catalog/datasets/auth-public-cities/records?limit=1&include_links=true';
    for (const host of [null, 'evil.example', 'a b'] as const) {
      const answer = await rawRequest(proxied.origin, getHead(path, { host }));
      expect(answer.status, String(host)).toBe(200);
      expect(answer.body).not.toContain('evil.example');
      const body = JSON.parse(answer.body) as { links: { href: string }[] };
      expect(body.links[0]?.href).toBe(`https://data.example.org/portal${path}`);
    }
  });
});

describe('behind trusted proxies (TRUST_PROXY)', () => {
  let behind: SmallServer;
  beforeAll(async () => {
    behind = await startSmallServer({ TRUST_PROXY: '127.0.0.1,::1', QUOTA_ANONYMOUS_CALLS: '1' });
  });
  afterAll(async () => {
    await behind?.close();
  });

  it('counts the quota per forwarded client and builds links on the forwarded scheme and host', async () => {
    const path = '/api/explore/v2.0/catalog/datasets/auth-public-cities';
    const from = (client: string): Promise<RawAnswer> =>
      rawRequest(
        behind.origin,
        getHead(path, {
          headers: {
            'X-Forwarded-For': client,
            'X-Forwarded-Proto': 'https',
            'X-Forwarded-Host': 'data.example.org',
          },
        }),
      );
    const first = await from('203.0.113.7');
    expect(first.status).toBe(200);
    expect(first.body).toContain(`"https://data.example.org${path}"`);
    expect((await from('203.0.113.8')).status).toBe(200);
    expect((await from('203.0.113.7')).status).toBe(429);
  });

  it('refuses a malformed forwarded host rather than echo it', async () => {
    const answer = await rawRequest(
      behind.origin,
      getHead('/api/explore/v2.1/catalog/datasets', {
        headers: { 'X-Forwarded-For': '203.0.113.9', 'X-Forwarded-Host': 'evil"/><script>' },
      }),
    );
    expect(answer.status).toBe(400);
    expect(answer.body).not.toContain('<script>');
  });
});
