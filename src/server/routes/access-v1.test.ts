import { describe, expect, it } from 'vitest';
import { KEYS, RESTRICTED_ID, RESTRICTED_THEME } from '../testing/access-fixture';
import { origin } from '../testing/http';

/* API keys and the restricted dataset of the shared test server, through the legacy v1.0 interface. */

async function call(
  path: string,
  options: { key?: string; header?: string } = {},
): Promise<{ status: number; text: string; body: unknown }> {
  const url = new URL(`${origin()}${path}`);
  if (options.key !== undefined) url.searchParams.set('apikey', options.key);
  const res = await fetch(url, {
    headers: options.header === undefined ? {} : { authorization: options.header },
  });
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, text, body };
}

const LOOKUP = `/api/datasets/1.0/${RESTRICTED_ID}/`;
const RECORDS = `/api/records/1.0/search/?dataset=${RESTRICTED_ID}&facet=department`;
const SEARCH = '/api/datasets/1.0/search/?rows=100';

describe('v1.0 and restricted datasets', () => {
  it('answers 401 to the lookup and the records search without a key, or with a key not granting it', async () => {
    for (const options of [{}, { key: KEYS.other.key }, { header: `Apikey ${KEYS.other.key}` }]) {
      for (const path of [LOOKUP, RECORDS, `/api/datasets/1.0/${RESTRICTED_ID}`]) {
        const res = await call(path, options);
        expect(res.status, path).toBe(401);
        expect(res.body, path).toMatchObject({ error_code: 'Unauthorized' });
        expect(res.text).not.toContain('Finance');
      }
    }
  });

  it('reads it with a key that grants it', async () => {
    const lookup = await call(LOOKUP, { key: KEYS.granted.key });
    expect(lookup.status).toBe(200);
    expect(lookup.text).toContain(RESTRICTED_ID);
    const records = await call(RECORDS, { header: `Apikey ${KEYS.granted.key}` });
    expect(records.status).toBe(200);
    expect(records.body).toMatchObject({ nhits: 3 });
    expect(records.text).toContain('Finance');
    // The key is not echoed in `parameters`.
    expect(records.text).not.toContain(KEYS.granted.key);
    expect(records.text).not.toContain('apikey');
  });

  it('leaves it out of the datasets search, its hits and its facets, for callers it is hidden from', async () => {
    const facets = `${SEARCH}&facet=theme`;
    const anonymous = await call(facets);
    expect(anonymous.status).toBe(200);
    expect(anonymous.body).toMatchObject({ nhits: 11 });
    expect(anonymous.text).not.toContain(RESTRICTED_ID);
    expect(anonymous.text).not.toContain(RESTRICTED_THEME);
    expect((await call(facets, { key: KEYS.other.key })).text).toBe(anonymous.text);
    const granted = await call(facets, { key: KEYS.granted.key });
    expect(granted.body).toMatchObject({ nhits: 12 });
    expect(granted.text).toContain(RESTRICTED_ID);
    expect(granted.text).toContain(RESTRICTED_THEME);
    expect(granted.text).not.toContain(KEYS.granted.key);
    const byQuery = await call('/api/datasets/1.0/search/?q=payroll');
    expect(byQuery.body).toMatchObject({ nhits: 0 });
    expect((await call('/api/datasets/1.0/search/?q=payroll', { key: KEYS.all.key })).body).toMatchObject({
      nhits: 1,
    });
  });

  it('answers 401 to a wrong key on a public dataset', async () => {
    for (const path of [SEARCH, '/api/datasets/1.0/penguins/', '/api/records/1.0/search/?dataset=penguins']) {
      const res = await call(path, { key: 'not-a-known-key-0123456789' });
      expect(res.status, path).toBe(401);
      expect(res.body, path).toMatchObject({ error_code: 'Unauthorized' });
    }
  });
});
