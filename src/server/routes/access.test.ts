import { beforeAll, describe, expect, it } from 'vitest';
import {
  KEYS,
  RESTRICTED_ATTACHMENT,
  RESTRICTED_ID,
  RESTRICTED_KEYWORD,
  RESTRICTED_THEME,
} from '../testing/access-fixture';
import { origin } from '../testing/http';

/*
 * API keys and restricted datasets on the shared test server: the default catalog (public) plus one
 * restricted dataset, with the keys of testing/access-fixture.ts.
 */

interface Answer {
  readonly status: number;
  readonly text: string;
  readonly body: unknown;
  readonly headers: Headers;
}

async function call(path: string, options: { key?: string; header?: string } = {}): Promise<Answer> {
  const url = new URL(`${origin()}${path}`);
  if (options.key !== undefined) url.searchParams.set('apikey', options.key);
  const headers: Record<string, string> = {};
  if (options.header !== undefined) headers.authorization = options.header;
  const res = await fetch(url, { headers });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, text, body, headers: res.headers };
}

const VERSIONS = ['/api/explore/v2.1', '/api/explore/v2.0', '/api/v2'] as const;
const ds = `/catalog/datasets/${RESTRICTED_ID}`;

/** Every address under a dataset (the export one covers routes keyed by `:dataset_id`, present or not). */
function datasetPaths(recordId: string): string[] {
  return [
    ds,
    `${ds}/records`,
    `${ds}/records?where=salary>5000&group_by=department`,
    `${ds}/records/${recordId}`,
    `${ds}/facets`,
    `${ds}/attachments`,
    `${ds}/attachments/${RESTRICTED_ATTACHMENT}`,
    `${ds}/exports/csv`,
    `${ds}/exports/json?limit=1`,
  ];
}

let recordId = '';

beforeAll(async () => {
  const res = await call(`/api/explore/v2.1${ds}/records?include_links=true&limit=1`, {
    key: KEYS.granted.key,
  });
  expect(res.status).toBe(200);
  recordId = (res.body as { results: { _id: string }[] }).results[0]!._id;
});

function expectUnauthorized(res: Answer, path: string): void {
  expect(res.status, path).toBe(401);
  expect(res.headers.get('www-authenticate'), path).toBe('Apikey realm="Explore API"');
  expect(res.body, path).toMatchObject({ error_code: 'Unauthorized' });
  expect((res.body as { message: string }).message.length).toBeGreaterThan(0);
  // A 401 says nothing of the dataset but its id.
  expect(res.text).not.toContain('Finance');
  expect(res.text).not.toContain('Payroll');
}

describe('a restricted dataset', () => {
  it('answers 401 on every dataset address without a key, in every version', async () => {
    for (const version of VERSIONS) {
      for (const path of datasetPaths(recordId)) {
        expectUnauthorized(await call(`${version}${path}`), `${version}${path}`);
      }
    }
  });

  it('answers 401 to a valid key that does not grant it', async () => {
    for (const path of datasetPaths(recordId)) {
      const res = await call(`/api/explore/v2.1${path}`, { key: KEYS.other.key });
      expectUnauthorized(res, path);
      expect((res.body as { message: string }).message).toContain('does not give access');
    }
  });

  it('is readable with a key that grants it, as a parameter or an Authorization header', async () => {
    for (const version of VERSIONS) {
      for (const path of datasetPaths(recordId)) {
        const byParam = await call(`${version}${path}`, { key: KEYS.granted.key });
        expect(byParam.status, `${version}${path}`).toBe(200);
        const byHeader = await call(`${version}${path}`, { header: `Apikey ${KEYS.granted.key}` });
        expect(byHeader.status, `${version}${path}`).toBe(200);
        // The same answer, but for the usage counts, which the first read moved.
        const uncounted = (text: string): string => text.replace(/"explore":\{[^}]*\}/g, '"explore":{}');
        expect(uncounted(byHeader.text)).toBe(uncounted(byParam.text));
        expect(byHeader.headers.get('www-authenticate')).toBeNull();
      }
    }
    const records = await call(`/api/explore/v2.1${ds}/records?order_by=salary`, {
      header: `apikey ${KEYS.all.key}`,
    });
    expect(records.body).toMatchObject({
      total_count: 3,
      results: [{ employee: 'Alan' }, { employee: 'Ada' }, { employee: 'Grace' }],
    });
    const file = await call(`/api/explore/v2.1${ds}/attachments/${RESTRICTED_ATTACHMENT}`, {
      key: KEYS.granted.key,
    });
    expect(file.text).toContain('Finance,Ada,5200');
    const csv = await call(`/api/explore/v2.1${ds}/exports/csv?order_by=salary`, { key: KEYS.granted.key });
    expect(csv.text).toContain('Parks;Alan;4300');
    const object = await call(`/api/explore/v2.1${ds}`, { key: KEYS.granted.key });
    expect(object.body).toMatchObject({ dataset_id: RESTRICTED_ID, visibility: 'restricted' });
  });

  it('is not reached through an encoded id, a record path or an unknown sub-path', async () => {
    const encoded = RESTRICTED_ID.replace('a', '%61');
    expectUnauthorized(await call(`/api/explore/v2.1/catalog/datasets/${encoded}/records`), encoded);
    expectUnauthorized(await call(`/api/explore/v2.1${ds}/no-such-route`), 'sub-path');
    // An unknown dataset is still a 404, with or without a key.
    expect((await call('/api/explore/v2.1/catalog/datasets/no-such-dataset')).status).toBe(404);
  });
});

describe('the catalog', () => {
  const list = (query: string, key?: string): Promise<Answer> =>
    call(`/api/explore/v2.1/catalog/datasets?${query}`, key === undefined ? {} : { key });

  it('lists and counts a restricted dataset only for the keys that grant it', async () => {
    const anonymous = await list('limit=100&select=dataset_id');
    expect(anonymous.body).toMatchObject({ total_count: 11 });
    expect(anonymous.text).not.toContain(RESTRICTED_ID);
    const other = await list('limit=100&select=dataset_id', KEYS.other.key);
    expect(other.text).toBe(anonymous.text);
    const granted = await list('limit=100&select=dataset_id', KEYS.granted.key);
    expect(granted.body).toMatchObject({ total_count: 12 });
    expect(granted.text).toContain(RESTRICTED_ID);
    const v20 = await call('/api/explore/v2.0/catalog/datasets?limit=100', { key: KEYS.granted.key });
    expect(v20.body).toMatchObject({ total_count: 12 });
  });

  it('leaks it through no filter, search, aggregation or count', async () => {
    const queries = [
      `where=dataset_id="${RESTRICTED_ID}"`,
      `where=search("payroll")`,
      `refine=theme:"${RESTRICTED_THEME}"`,
      'select=count(*) as n',
      'select=sum(records_count) as n',
      'group_by=theme&select=count(*) as n',
    ];
    for (const q of queries) {
      const anonymous = await list(q);
      const granted = await list(q, KEYS.granted.key);
      expect(anonymous.status, q).toBe(200);
      expect(granted.status, q).toBe(200);
      expect(anonymous.text, q).not.toContain(RESTRICTED_ID);
      expect(anonymous.text, q).not.toContain(RESTRICTED_THEME);
      expect(anonymous.text, q).not.toBe(granted.text);
    }
    const count = (a: Answer): number => (a.body as { results: { n: number }[] }).results[0]!.n;
    expect(count(await list('select=count(*) as n'))).toBe(11);
    expect(count(await list('select=count(*) as n', KEYS.granted.key))).toBe(12);
    expect(count(await list('select=sum(records_count) as n', KEYS.granted.key))).toBe(
      count(await list('select=sum(records_count) as n')) + 3,
    );
  });

  it('shows its facet values only to the keys that grant it', async () => {
    const facets = (key?: string): Promise<Answer> =>
      call('/api/explore/v2.1/catalog/facets?facet=theme&facet=keyword', key === undefined ? {} : { key });
    const anonymous = await facets();
    expect(anonymous.status).toBe(200);
    expect(anonymous.text).not.toContain(RESTRICTED_THEME);
    expect(anonymous.text).not.toContain(RESTRICTED_KEYWORD);
    const granted = await facets(KEYS.granted.key);
    expect(granted.text).toContain(RESTRICTED_THEME);
    expect(granted.text).toContain(RESTRICTED_KEYWORD);
    // Facet counts of values it shares with public datasets are not raised for anonymous callers either.
    const features = async (key?: string): Promise<number> => {
      const res = await call(
        '/api/explore/v2.1/catalog/facets?facet=features',
        key === undefined ? {} : { key },
      );
      const groups = (res.body as { facets: { name: string; facets: { name: string; count: number }[] }[] })
        .facets;
      return groups.find((g) => g.name === 'features')?.facets.find((v) => v.name === 'analyze')?.count ?? 0;
    };
    expect(await features(KEYS.granted.key)).toBe((await features()) + 1);
  });
});

describe('the catalog exports', () => {
  it('leave a restricted dataset out for callers it is hidden from', async () => {
    for (const format of ['csv', 'json']) {
      for (const version of VERSIONS) {
        const path = `${version}/catalog/exports/${format}`;
        const anonymous = await call(path);
        expect(anonymous.status, path).toBe(200);
        expect(anonymous.text, path).toContain('penguins');
        expect(anonymous.text, path).not.toContain(RESTRICTED_ID);
        expect(anonymous.text, path).not.toContain(RESTRICTED_THEME);
        expect((await call(path, { key: KEYS.other.key })).text, path).not.toContain(RESTRICTED_ID);
        expect((await call(path, { key: KEYS.granted.key })).text, path).toContain(RESTRICTED_ID);
      }
    }
  });
});

describe('keys', () => {
  it('answers 401 with a JSON body to a wrong key, even on a public dataset', async () => {
    for (const options of [
      { key: 'not-a-known-key-0123456789' },
      { header: 'Apikey not-a-known-key-0123456789' },
      { key: KEYS.granted.key, header: `Apikey ${KEYS.other.key}` },
    ]) {
      for (const path of [
        '/api/explore/v2.1/catalog/datasets',
        '/api/explore/v2.0/catalog/datasets/penguins',
      ]) {
        const res = await call(path, options);
        expect(res.status, path).toBe(401);
        expect(res.headers.get('content-type')).toMatch(/^application\/json/);
        expect(res.headers.get('www-authenticate')).toBe('Apikey realm="Explore API"');
        expect(res.body).toMatchObject({ error_code: 'Unauthorized' });
        expect(res.text).not.toContain('not-a-known-key');
      }
    }
  });

  it('leaves other Authorization schemes and an empty apikey alone', async () => {
    const basic = await call('/api/explore/v2.1/catalog/datasets/penguins', { header: 'Basic dXNlcjpwYXNz' });
    expect(basic.status).toBe(200);
    const empty = await call('/api/explore/v2.1/catalog/datasets/penguins?apikey=');
    expect(empty.status).toBe(200);
  });

  it('never echoes the key in links', async () => {
    const paths = [
      `/api/explore/v2.1${ds}/records?limit=1&include_links=true`,
      `/api/explore/v2.0${ds}/records?limit=1`,
      `/api/explore/v2.0${ds}/records?group_by=department`,
      '/api/explore/v2.0/catalog/datasets?limit=2',
      `/api/explore/v2.0${ds}/records/${recordId}`,
    ];
    for (const path of paths) {
      const res = await call(path, { key: KEYS.granted.key });
      expect(res.status, path).toBe(200);
      expect(res.text, path).toContain('"links"');
      expect(res.text, path).not.toContain(KEYS.granted.key);
      expect(res.text, path).not.toContain('apikey');
    }
  });
});
