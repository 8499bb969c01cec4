import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KEYS, RESTRICTED_ID } from '../testing/access-fixture';
import { origin } from '../testing/http';
import { type SmallServer, startSmallServer } from '../testing/small-server';

/*
 * Call quotas on a server of their own (3 calls a day per key, 2 per anonymous address), whose clock the
 * tests move to turn the day.
 */

const DAY_25 = Date.UTC(2026, 0, 25, 13, 30);
const DAY_26 = Date.UTC(2026, 0, 26);
const DAY_27 = Date.UTC(2026, 0, 27);

let now = DAY_25;
let server: SmallServer;

beforeAll(async () => {
  server = await startSmallServer(
    { QUOTA_CALLS: '3', QUOTA_ANONYMOUS_CALLS: '2', QUOTA_PERIOD: 'day' },
    () => now,
  );
});

afterAll(async () => {
  await server?.close();
});

async function call(path: string, key?: string): Promise<{ status: number; text: string; headers: Headers }> {
  const res = await fetch(`${server.origin}${path}`, {
    headers: key === undefined ? {} : { authorization: `Apikey ${key}` },
  });
  return { status: res.status, text: await res.text(), headers: res.headers };
}

function quotaHeaders(headers: Headers): [string | null, string | null, string | null] {
  return [
    headers.get('x-ratelimit-limit'),
    headers.get('x-ratelimit-remaining'),
    headers.get('x-ratelimit-reset'),
  ];
}

const LIST = '/api/explore/v2.1/catalog/datasets?select=dataset_id';
/** `X-RateLimit-Reset` on the Explore API v2: a UTC date-time (conformance capture 01). */
const reset = (at: number): string => `${new Date(at).toISOString().slice(0, 19).replace('T', ' ')}+00:00`;

describe('call quotas', () => {
  it('lets exactly N anonymous calls through, then answers 429 with the anonymous body', async () => {
    now = DAY_25;
    const first = await call(LIST);
    expect(first.status).toBe(200);
    expect(quotaHeaders(first.headers)).toEqual(['2', '1', reset(DAY_26)]);
    // Errors are calls too, and carry the headers.
    const missing = await call('/api/explore/v2.1/catalog/datasets/no-such-dataset');
    expect(missing.status).toBe(404);
    expect(quotaHeaders(missing.headers)).toEqual(['2', '0', reset(DAY_26)]);
    const over = await call(LIST);
    expect(over.status).toBe(429);
    expect(over.headers.get('content-type')).toMatch(/^application\/json/);
    expect(over.text).toBe(
      JSON.stringify({
        errorcode: 10005,
        reset_time: '2026-01-26T00:00:00Z',
        limit_time_unit: 'day',
        call_limit: 2,
        error: 'You have exceeded the requests limit for anonymous users.',
      }),
    );
    expect(quotaHeaders(over.headers)).toEqual(['2', '0', reset(DAY_26)]);
    expect(over.headers.get('retry-after')).toBe(String((DAY_26 - DAY_25) / 1000));
    // A wrong key is charged to the address: no key guessing once the anonymous quota is spent.
    expect((await call(LIST, 'not-a-known-key-0123456789')).status).toBe(429);
  });

  it('counts each key apart, and answers 429 with the domain body', async () => {
    now = DAY_25;
    for (let i = 3; i > 0; i--) {
      const res = await call(`/api/explore/v2.1/catalog/datasets/${RESTRICTED_ID}/records`, KEYS.granted.key);
      expect(res.status).toBe(200);
      expect(quotaHeaders(res.headers)).toEqual(['3', String(i - 1), reset(DAY_26)]);
    }
    const over = await call(LIST, KEYS.granted.key);
    expect(over.status).toBe(429);
    expect(JSON.parse(over.text)).toEqual({
      errorcode: 10002,
      reset_time: '2026-01-26T00:00:00Z',
      limit_time_unit: 'day',
      call_limit: 3,
      error: 'Too many requests on the domain. Please contact the domain administrator.',
    });
    expect(Object.keys(JSON.parse(over.text))).toEqual([
      'errorcode',
      'reset_time',
      'limit_time_unit',
      'call_limit',
      'error',
    ]);
    // Another key still has its own calls, whatever it asks (a 401 is a call as well).
    const other = await call(`/api/explore/v2.1/catalog/datasets/${RESTRICTED_ID}`, KEYS.other.key);
    expect(other.status).toBe(401);
    expect(quotaHeaders(other.headers)).toEqual(['3', '2', reset(DAY_26)]);
  });

  it('resets when the period turns, not before', async () => {
    now = DAY_26 - 1;
    expect((await call(LIST)).status).toBe(429);
    expect((await call(LIST, KEYS.granted.key)).status).toBe(429);
    now = DAY_26;
    const anonymous = await call(LIST);
    expect(anonymous.status).toBe(200);
    expect(quotaHeaders(anonymous.headers)).toEqual(['2', '1', reset(DAY_27)]);
    const keyed = await call(LIST, KEYS.granted.key);
    expect(keyed.status).toBe(200);
    expect(quotaHeaders(keyed.headers)).toEqual(['3', '2', reset(DAY_27)]);
    expect(keyed.text).toContain(RESTRICTED_ID);
  });

  it('leaves the explorer pages and CORS preflights uncounted', async () => {
    now = DAY_27 + 1000;
    const preflight = await fetch(`${server.origin}${LIST}`, {
      method: 'OPTIONS',
      headers: { origin: 'http://example.org', 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBeLessThan(300);
    const page = await call('/some/page');
    expect(page.headers.get('x-ratelimit-limit')).toBeNull();
    const first = await call(LIST);
    expect(quotaHeaders(first.headers)).toEqual(['2', '1', reset(DAY_27 + 86_400_000)]);
  });

  it('writes the reset as Unix seconds on the v1 API, as its documentation does', async () => {
    now = DAY_27 + 2000;
    const v1 = await call('/api/datasets/1.0/search/?rows=0');
    expect(v1.headers.get('x-ratelimit-reset')).toBe(String((DAY_27 + 86_400_000) / 1000));
  });

  it('is off by default: the shared test server sends no quota header', async () => {
    const res = await fetch(`${origin()}/api/explore/v2.1/catalog/datasets?limit=1`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-ratelimit-limit')).toBeNull();
    expect(res.headers.get('x-ratelimit-remaining')).toBeNull();
  });
});
