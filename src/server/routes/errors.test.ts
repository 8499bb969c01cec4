import { describe, expect, it } from 'vitest';
import { api, getJson, type JsonResponse, origin } from '../testing/http';

/*
 * Errors and limits (spec §7–§8, conformance captures 29–31): exact bodies and wording, paging bounds,
 * parameter validation, and that no request ever gets a 500 or shows server internals.
 */

interface ErrorBody {
  error_code: string;
  message: string;
}

const records = '/catalog/datasets/penguins/records';
const LIMIT_101 = 'Invalid value for limit API parameter: 101 was found but -1 <= limit <= 100 is expected.';

/** A 400 with the interface's error body, pretty-printed with error_code first. */
function expectError(res: JsonResponse<ErrorBody>, status: number, code: string): void {
  expect(res.status, res.text).toBe(status);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  expect(Object.keys(res.body)).toEqual(['error_code', 'message']);
  expect(res.body.error_code).toBe(code);
  expect(res.body.message.length).toBeGreaterThan(0);
  expect(res.text).toBe(JSON.stringify(res.body, null, 2));
}

/** Server internals that must never reach a client: engine names, SQL, stack frames. */
function expectNoInternals(text: string, sent: readonly string[] = []): void {
  let shown = text;
  for (const s of sent) shown = shown.split(JSON.stringify(s).slice(1, -1)).join('').split(s).join('');
  expect(shown).not.toMatch(/duckdb/i);
  expect(shown).not.toMatch(/Binder Error|Parser Error|Catalog Error|Conversion Error/);
  expect(shown).not.toMatch(/\bSELECT\s|\sFROM\s/);
  expect(shown).not.toMatch(/\bat [\w.<>]+ \(|\.ts:\d+|node_modules/);
}

describe('limits', () => {
  it('refuses limit 101 with the exact message of the real service', async () => {
    const res = await getJson<ErrorBody>(records, { limit: 101 });
    expectError(res, 400, 'InvalidRESTParameterError');
    expect(res.body.message).toBe(LIMIT_101);
    expect(res.text).toBe(`{\n  "error_code": "InvalidRESTParameterError",\n  "message": "${LIMIT_101}"\n}`);
    const catalog = await getJson<ErrorBody>('/catalog/datasets', { limit: 101 });
    expect(catalog.body.message).toBe(LIMIT_101);
    const v20 = await getJson<ErrorBody>(records, { limit: 101 }, '2.0');
    expect(v20.body).toEqual({ error_code: 'InvalidRESTParameterError', message: LIMIT_101 });
  });

  it('accepts limit -1 to 100 without group_by', async () => {
    for (const limit of [-1, 0, 1, 100]) {
      const res = await getJson<{ results: unknown[] }>(records, { limit });
      expect(res.status).toBe(200);
      expect(res.body.results).toHaveLength(limit === -1 ? 100 : limit);
    }
  });

  it('allows limit up to 20,000 with group_by', async () => {
    const ok = await getJson<{ results: unknown[] }>(records, { group_by: 'species', limit: 20_000 });
    expect(ok.status).toBe(200);
    expect(ok.body.results).toHaveLength(3);
    const tooMany = await getJson<ErrorBody>(records, { group_by: 'species', limit: 20_001 });
    expectError(tooMany, 400, 'InvalidRESTParameterError');
    expect(tooMany.body.message).toBe(
      'Invalid value for limit API parameter: 20001 was found but -1 <= limit <= 20000 is expected.',
    );
  });

  it('keeps offset + limit below 10,000 without group_by', async () => {
    const edge = await getJson<{ results: unknown[] }>('/catalog/datasets/flights/records', {
      limit: 100,
      offset: 9_899,
      select: 'delay',
    });
    expect(edge.status).toBe(200);
    expect(edge.body.results).toHaveLength(100);
    const beyond = await getJson<ErrorBody>('/catalog/datasets/flights/records', {
      limit: 100,
      offset: 9_900,
    });
    expectError(beyond, 400, 'InvalidRESTParameterError');
    expect(beyond.body.message).toBe(
      'Invalid value for offset API parameter: 9900 was found but 0 <= offset <= 9899 (offset + limit < 10000; an export gives more) is expected.',
    );
    const catalog = await getJson<ErrorBody>('/catalog/datasets', { offset: 10_000 });
    expectError(catalog, 400, 'InvalidRESTParameterError');
  });

  it('keeps offset + limit within 20,000 with group_by', async () => {
    const edge = await getJson<{ results: unknown[] }>(records, {
      group_by: 'species',
      limit: 10,
      offset: 19_990,
    });
    expect(edge.status).toBe(200);
    expect(edge.body.results).toEqual([]);
    const beyond = await getJson<ErrorBody>(records, { group_by: 'species', limit: 10, offset: 19_991 });
    expectError(beyond, 400, 'InvalidRESTParameterError');
    expect(beyond.body.message).toContain('offset + limit <= 20000');
  });

  it('refuses limits and offsets that are not integers in range', async () => {
    const cases: [string, string][] = [
      ['limit', '1.5'],
      ['limit', 'ten'],
      ['limit', '1e2'],
      ['limit', '-2'],
      ['limit', '0x10'],
      ['offset', '-1'],
      ['offset', '2.0'],
      ['offset', 'abc'],
      ['offset', '99999999999999999999'],
    ];
    for (const [name, value] of cases) {
      const res = await getJson<ErrorBody>(records, { [name]: value });
      expectError(res, 400, 'InvalidRESTParameterError');
      expect(res.body.message).toMatch(new RegExp(`^Invalid value for ${name} API parameter: `));
    }
    const negative = await getJson<ErrorBody>(records, { offset: -1 });
    expect(negative.body.message).toMatch(
      /^Invalid value for offset API parameter: -1 was found but 0 <= offset/,
    );
  });
});

describe('parameter validation', () => {
  it('refuses an unknown lang and accepts the known ones in any case', async () => {
    const bad = await getJson<ErrorBody>(records, { lang: 'xx' });
    expectError(bad, 400, 'InvalidRESTParameterError');
    expect(bad.body.message).toBe(
      'Invalid value for lang API parameter: xx was found but one of en, fr, nl, pt, it, ar, de, es, ca, eu, sv is expected.',
    );
    for (const lang of ['en', 'FR', 'de', 'sv'])
      expect((await getJson(records, { lang, limit: 0 })).status).toBe(200);
  });

  it('refuses an unknown time zone', async () => {
    for (const timezone of ['Mars/Olympus_Mons', 'UTC+2', '../../etc/passwd', "Europe/Paris'"]) {
      const res = await getJson<ErrorBody>(records, { timezone });
      expectError(res, 400, 'InvalidRESTParameterError');
      expect(res.body.message).toMatch(/^Invalid value for timezone API parameter: /);
    }
    expect((await getJson(records, { timezone: 'Pacific/Chatham', limit: 0 })).status).toBe(200);
  });

  it('refuses a single-valued parameter given twice, and combines repeated where clauses', async () => {
    for (const name of ['limit', 'offset', 'select', 'order_by', 'group_by', 'lang', 'timezone']) {
      const value = {
        limit: '1',
        offset: '0',
        select: 'species',
        order_by: 'species',
        group_by: 'species',
        lang: 'en',
        timezone: 'UTC',
      }[name] as string;
      const res = await getJson<ErrorBody>(records, { [name]: [value, value] });
      expectError(res, 400, 'InvalidRESTParameterError');
      expect(res.body.message).toMatch(
        new RegExp(`^Invalid value for ${name} API parameter: .* a single value is expected\\.$`),
      );
    }
    const both = await getJson<{ total_count: number }>(records, {
      where: ['species = "Adelie"', 'island = "Dream"'],
      limit: 0,
    });
    expect(both.status).toBe(200);
    expect(both.body.total_count).toBe(56);
  });

  it('refuses a bad include_links value', async () => {
    const res = await getJson<ErrorBody>(records, { include_links: 'maybe' });
    expectError(res, 400, 'InvalidRESTParameterError');
  });
});

describe('not found', () => {
  it('answers an unknown dataset with the exact body of the real service', async () => {
    for (const path of [
      '/catalog/datasets/does-not-exist',
      '/catalog/datasets/does-not-exist/records',
      '/catalog/datasets/does-not-exist/attachments',
    ]) {
      const res = await getJson<ErrorBody>(path);
      expectError(res, 404, 'NotFoundResource');
      expect(res.text).toBe(
        '{\n  "error_code": "NotFoundResource",\n  "message": "The requested dataset does-not-exist does not exist."\n}',
      );
    }
    const v20 = await getJson<ErrorBody>('/catalog/datasets/does-not-exist', {}, '2.0');
    expect(v20.body.message).toBe('The requested dataset does-not-exist does not exist.');
  });

  it('answers unknown API paths with a JSON 404', async () => {
    for (const url of [
      `${api()}/no/such/path`,
      `${api()}/catalog/datasets/penguins/nope`,
      `${origin()}/api/explore/v9.9/catalog/datasets`,
      `${origin()}/api/v2/catalog/nothing`,
    ]) {
      const res = await fetch(url);
      const text = await res.text();
      expect(res.status, url).toBe(404);
      expect(res.headers.get('content-type')).toMatch(/^application\/json/);
      expect(JSON.parse(text)).toMatchObject({ error_code: 'NotFoundResource' });
    }
  });

  it('answers 404 to methods other than GET on the interface', async () => {
    const res = await fetch(`${api()}/catalog/datasets`, { method: 'DELETE' });
    expect(res.status).toBe(404);
    const listed = await getJson<{ total_count: number }>('/catalog/datasets', { limit: 0 });
    expect(listed.body.total_count).toBe(11);
  });
});

describe('ODSQL errors', () => {
  it('names an unknown field in select with the wording of the real service', async () => {
    const res = await getJson<ErrorBody>(records, { select: 'no_such_field' });
    expectError(res, 400, 'ODSQLError');
    expect(res.body.message).toBe(
      'ODSQL query is malformed: Unknown field: no_such_field. Clause(s) containing the error(s): select.',
    );
  });

  it('names the clause in error for where, group_by and order_by', async () => {
    for (const clause of ['where', 'group_by', 'order_by']) {
      const res = await getJson<ErrorBody>(records, { [clause]: 'no_such_field' });
      expectError(res, 400, 'ODSQLError');
      expect(res.body.message).toBe(
        `ODSQL query is malformed: Unknown field: no_such_field. Clause(s) containing the error(s): ${clause}.`,
      );
    }
  });

  it('reports a syntax error with the token, its position and the clause', async () => {
    const res = await getJson<ErrorBody>(records, { where: 'species = "Adelie" and and island = "Dream"' });
    expectError(res, 400, 'ODSQLError');
    expect(res.body.message).toMatch(/^ODSQL syntax exception: unexpected and at position 23 /);
    expect(res.body.message).toContain('species = "Adelie" and and island = "Dream"');
    expect(res.body.message).toMatch(/Clause\(s\) containing the error\(s\): where\.$/);

    const unclosed = await getJson<ErrorBody>(records, { select: 'avg(body_mass_g' });
    expect(unclosed.body.message).toMatch(
      /^ODSQL syntax exception: unexpected end of input at position 15 in avg\(body_mass_g, expected .+\. Clause\(s\) containing the error\(s\): select\.$/,
    );
    const order = await getJson<ErrorBody>(records, { order_by: 'species sideways' });
    expect(order.body.message).toMatch(
      /^ODSQL syntax exception: unexpected sideways at position 8 in species sideways, /,
    );
    expect(order.body.message).toMatch(/order_by\.$/);
  });

  it('reports type errors as ODSQLError', async () => {
    const res = await getJson<ErrorBody>(records, { select: 'sum(species)' });
    expectError(res, 400, 'ODSQLError');
    expect(res.body.message).toMatch(/^ODSQL query is malformed: .*species.*select\.$/);
  });

  it('reports errors on the catalog list the same way', async () => {
    const res = await getJson<ErrorBody>('/catalog/datasets', { where: 'no_such_meta > 1' });
    expectError(res, 400, 'ODSQLError');
    expect(res.body.message).toBe(
      'ODSQL query is malformed: Unknown field: no_such_meta. Clause(s) containing the error(s): where.',
    );
  });
});

describe('no internal errors', () => {
  const requests: [string, Record<string, string>][] = [
    [records, { where: 'species > 5' }],
    [records, { select: 'body_mass_g / 0 as x' }],
    [records, { select: '9223372036854775807 * 9223372036854775807 as x' }],
    [records, { select: '99999999999999999999999999999999 as x' }],
    [records, { group_by: 'range(body_mass_g, 0)' }],
    [records, { order_by: 'random(99999999999999999999)' }],
    [records, { select: 'count(count(*))' }],
    [records, { select: 'count(*)', order_by: 'species' }],
    [records, { where: 'count(*) > 1' }],
    [records, { select: 'exclude(*)' }],
    [records, { where: 'body_mass_g in [5000..3000]' }],
    [records, { where: "species = date'garbage'" }],
    ['/catalog/datasets/seattle-weather/records', { where: "date > date'2012-13-45'" }],
    ['/catalog/datasets/seattle-weather/records', { where: 'now(days=99999999999) < date' }],
    ['/catalog/datasets/seattle-weather/records', { group_by: 'range(date, 1 ms)', limit: '20000' }],
    ['/catalog/datasets/airports/records', { where: "within_distance(coordinates, geom'POINT(1 2', 1km)" }],
    ['/catalog/datasets/airports/records', { where: 'in_bbox(coordinates, 100, 200, 300, 400)' }],
    ['/catalog/datasets/airports/records', { group_by: 'geo_cluster(coordinates, 99)' }],
    ['/catalog/datasets/london-boroughs/records', { where: "intersects(shape, geom'POINT(1e400 0)')" }],
    [
      '/catalog/datasets/london-boroughs/records',
      { where: "within(centroid, geom'POLYGON((0 0, 1 1, 0 0))')" },
    ],
    ['/catalog/datasets/earthquakes/records', { order_by: 'types' }],
    ['/catalog/datasets/earthquakes/records', { group_by: 'types', select: 'count(*)' }],
    ['/catalog/datasets', { select: 'count(*) as n', group_by: 'keyword' }],
    ['/catalog/datasets', { order_by: 'metas' }],
    ['/catalog/datasets/penguins', { select: 'lower(title)' }],
    ['/catalog/datasets/penguins/records/%00', {}],
    ['/catalog/datasets/%E2%80%AE', {}],
  ];

  it('answers every odd request with a 200 or a clean 4xx', async () => {
    for (const [path, params] of requests) {
      const res = await getJson<ErrorBody>(path, params);
      expect(res.status, `${path} ${JSON.stringify(params)}: ${res.text}`).toBeLessThan(500);
      expect(res.body, path).toBeDefined();
      if (res.status >= 400) expect(Object.keys(res.body)).toEqual(['error_code', 'message']);
      expectNoInternals(res.text, Object.values(params));
    }
  });

  it('answers malformed percent-encodings with a 400', async () => {
    for (const query of ['where=species%ZZ', 'where=%E0%A4%A', 'select=%C0%AF', '%ZZ=1']) {
      const res = await fetch(`${api()}${records}?${query}`);
      const text = await res.text();
      expect(res.status, query).toBeLessThan(500);
      if (res.status !== 200) {
        expect(res.status, query).toBe(400);
        expect(Object.keys(JSON.parse(text) as object)).toEqual(['error_code', 'message']);
      }
      expectNoInternals(text);
    }
    const path = await fetch(`${api()}/catalog/datasets/pen%ZZguins`);
    expect(path.status).toBe(400);
    expect(JSON.parse(await path.text())).toEqual({
      error_code: 'InvalidRESTParameterError',
      message: 'The request path is not a valid URL (malformed percent-encoding).',
    });
  });

  it('answers an overlong path segment and an oversized request with the error body', async () => {
    const segment = await fetch(`${api()}/catalog/datasets/${'a'.repeat(1001)}/records`);
    expect(segment.status).toBe(400);
    expect(JSON.parse(await segment.text())).toEqual({
      error_code: 'InvalidRESTParameterError',
      message: 'The request path has a segment longer than 1000 characters.',
    });
    const huge = await fetch(`${api()}${records}?where=${'a'.repeat(140_000)}`);
    expect(huge.status).toBe(400);
    expect(JSON.parse(await huge.text())).toEqual({
      error_code: 'InvalidRESTParameterError',
      message: 'The request is too large: its URL and headers exceed 128 KB.',
    });
  });
});
