import { describe, expect, it } from 'vitest';
import { api, getJsonAt, type JsonResponse, origin } from '../testing/http';

/*
 * Query shapes over their bounds (odsql/limits.ts, http/limits.ts) are refused with a 400 before any
 * engine sees them: 25,000 sort keys once made the engine work for half a minute and answer a retryable
 * 503. Every refusal must come at once, on v2.0, v2.1, exports and v1 alike; a query at the bounds runs.
 */

interface ErrorBody {
  error_code: string;
  message: string;
}

type Params = Readonly<Record<string, string | number | readonly string[]>>;

/** Well under a second: the refusal reads the request, not the records. */
const AT_ONCE_MS = 1_000;

const list = (n: number, item: string): string => Array(n).fill(item).join(',');
const times = (n: number, value: string): string[] => Array(n).fill(value);

async function timed<T>(call: () => Promise<JsonResponse<T>>): Promise<JsonResponse<T> & { ms: number }> {
  const started = performance.now();
  const res = await call();
  return { ...res, ms: performance.now() - started };
}

/** POST a v1 form: a body of up to a megabyte, where a URL stops at 128 KB. */
async function postForm<T>(address: string, params: Params): Promise<JsonResponse<T>> {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    for (const v of Array.isArray(value) ? value : [value]) body.append(key, String(v));
  }
  const res = await fetch(address, { method: 'POST', body });
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: JSON.parse(text) as T, text };
}

/** A 400 with the interface's body, answered at once. */
async function expectRefused(
  address: string,
  params: Params,
  code: 'ODSQLError' | 'InvalidRESTParameterError',
  message: RegExp,
  method: 'GET' | 'POST' = 'GET',
): Promise<void> {
  const res = await timed(() =>
    method === 'GET' ? getJsonAt<ErrorBody>(address, params) : postForm<ErrorBody>(address, params),
  );
  expect(res.status, res.text.slice(0, 300)).toBe(400);
  expect(res.body.error_code).toBe(code);
  expect(res.body.message).toMatch(message);
  expect(res.text.length).toBeLessThan(2_000);
  expect(res.ms).toBeLessThan(AT_ONCE_MS);
}

async function expectAnswered(address: string, params: Params): Promise<void> {
  const res = await getJsonAt(address, params);
  expect(res.status, res.text.slice(0, 300)).toBe(200);
}

const FLIGHTS = '/catalog/datasets/flights';
const PENGUINS = '/catalog/datasets/penguins';

describe('ODSQL clauses over their bounds', () => {
  const where = `delay IN (${list(25_000, '1')})`;

  for (const version of ['2.0', '2.1'] as const) {
    it(`refuses 25,000 sort keys, select items, group keys and IN values at once on v${version}`, async () => {
      const records = `${api(version)}${FLIGHTS}/records`;
      await expectRefused(
        records,
        { order_by: list(25_000, '1') },
        'ODSQLError',
        /^ODSQL syntax exception: order_by has 25000 sort keys, at most 10 are allowed \(position 20\) .*Clause\(s\) containing the error\(s\): order_by\.$/,
      );
      await expectRefused(
        records,
        { select: 'delay AS d', order_by: list(25_000, 'd') },
        'ODSQLError',
        /order_by has 25000 sort keys, at most 10 are allowed/,
      );
      await expectRefused(
        records,
        { select: list(25_000, '1') },
        'ODSQLError',
        /select has 25000 items, at most 500 are allowed .*: select\.$/,
      );
      await expectRefused(
        records,
        { select: 'count(*)', group_by: list(25_000, '1') },
        'ODSQLError',
        /group_by has 25000 keys, at most 10 are allowed .*: group_by\.$/,
      );
      await expectRefused(
        records,
        { where, select: 'count(*)' },
        'ODSQLError',
        /the IN list has 25000 values, at most 1000 are allowed .*: where\.$/,
      );
      await expectRefused(
        records,
        { where: `search(${list(10_000, 'origin')}, "x")` },
        'ODSQLError',
        /search\(\) has 10001 arguments, at most 1000 are allowed/,
      );
    });
  }

  it('refuses them on the aggregates endpoint of v2.0 and in exports', async () => {
    await expectRefused(
      `${api('2.0')}${FLIGHTS}/aggregates`,
      { select: 'count(*)', group_by: list(25_000, '1') },
      'ODSQLError',
      /group_by has 25000 keys/,
    );
    for (const format of ['json', 'csv', 'parquet']) {
      await expectRefused(
        `${api()}${FLIGHTS}/exports/${format}`,
        { order_by: list(25_000, '1') },
        'ODSQLError',
        /order_by has 25000 sort keys, at most 10 are allowed/,
      );
    }
    await expectRefused(
      `${api()}${FLIGHTS}/exports/csv`,
      { select: 'count(*)', group_by: list(25_000, '1') },
      'ODSQLError',
      /group_by has 25000 keys/,
    );
    await expectRefused(
      `${api()}/catalog/datasets`,
      { order_by: list(25_000, '1') },
      'ODSQLError',
      /order_by has 25000 sort keys/,
    );
  });

  it('runs a query at every bound', async () => {
    const records = `${api()}${PENGUINS}/records`;
    const keys = (n: number, item: string): string =>
      Array.from({ length: n }, (_, i) => item.replaceAll('#', String(i))).join(',');
    await expectAnswered(records, { order_by: list(10, 'body_mass_g desc'), offset: 300, limit: 5 });
    await expectAnswered(records, { select: keys(500, 'body_mass_g + # AS c#'), limit: 5 });
    await expectAnswered(records, {
      select: 'count(*)',
      group_by: keys(10, 'species AS k#'),
      order_by: keys(10, 'k#'),
      limit: 5,
    });
    // The largest dataset, with the keys of every kind its records have.
    await expectAnswered(`${api()}${FLIGHTS}/records`, {
      order_by: keys(10, 'delay + # desc'),
      offset: 9000,
      limit: 100,
    });
    await expectAnswered(`${api()}${FLIGHTS}/records`, {
      select: 'count(*)',
      group_by: keys(10, 'origin AS k#'),
      limit: 5,
    });
    await expectAnswered(records, { where: `body_mass_g IN (${list(1000, '3000')})` });
  });
});

describe('repeated parameters over their bounds', () => {
  it('refuses 1,000 facet parameters, 1,001 refines or excludes and 101 where clauses', async () => {
    for (const path of [`${PENGUINS}/facets`, `${PENGUINS}/records`, `${PENGUINS}/exports/csv`]) {
      await expectRefused(
        `${api()}${path}`,
        { facet: times(1000, 'species') },
        'InvalidRESTParameterError',
        /^The facet API parameter is given 1000 times, at most 100 are allowed\.$/,
      );
    }
    await expectRefused(
      `${api('2.0')}/catalog/facets`,
      { facet: times(1000, 'theme') },
      'InvalidRESTParameterError',
      /facet API parameter is given 1000 times/,
    );
    await expectRefused(
      `${api()}${PENGUINS}/facets`,
      { refine: times(1001, 'species:Adelie') },
      'InvalidRESTParameterError',
      /^The refine API parameter is given 1001 times, at most 1000 are allowed\.$/,
    );
    await expectRefused(
      `${api()}${PENGUINS}/records`,
      { exclude: times(1001, 'species:Adelie') },
      'InvalidRESTParameterError',
      /^The exclude API parameter is given 1001 times, at most 1000 are allowed\.$/,
    );
    await expectRefused(
      `${api()}${PENGUINS}/records`,
      { where: times(101, 'body_mass_g > 0') },
      'InvalidRESTParameterError',
      /^The where API parameter is given 101 times, at most 100 are allowed\.$/,
    );
  });

  it('answers at the bounds', async () => {
    const facets = await getJsonAt<{ facets: { name: string }[] }>(`${api()}${PENGUINS}/facets`, {
      facet: times(100, 'species'),
      refine: times(1000, 'species:Adelie'),
      where: times(100, 'body_mass_g > 0'),
    });
    expect(facets.status, facets.text.slice(0, 300)).toBe(200);
    expect(facets.body.facets.map((f) => f.name)).toEqual(['species']);
  });
});

describe('v1 parameters over their bounds', () => {
  const v1 = (path: string): string => `${origin()}/api/${path}`;
  const search = v1('records/1.0/search/');

  it('refuses 25,000 sort keys or fields, 1,000 facets, 1,001 refines and 101 q parameters', async () => {
    for (const method of ['GET', 'POST'] as const) {
      await expectRefused(
        search,
        { dataset: 'penguins', sort: list(method === 'GET' ? 20_000 : 25_000, 'sex') },
        'InvalidRESTParameterError',
        /^The sort API parameter has 2[05]000 sort keys, at most 10 are allowed\.$/,
        method,
      );
    }
    await expectRefused(
      search,
      { dataset: 'penguins', sort: times(1000, 'sex') },
      'InvalidRESTParameterError',
      /^The sort API parameter is given 1000 times, at most 10 are allowed\.$/,
    );
    await expectRefused(
      search,
      { dataset: 'penguins', fields: list(25_000, 'sex') },
      'InvalidRESTParameterError',
      /^The fields API parameter has 25000 fields, at most 500 are allowed\.$/,
      'POST',
    );
    await expectRefused(
      search,
      { dataset: 'penguins', facet: times(1000, 'species') },
      'InvalidRESTParameterError',
      /^The facet API parameter is given 1000 times, at most 100 are allowed\.$/,
    );
    await expectRefused(
      search,
      { dataset: 'penguins', 'refine.species': times(600, 'Adelie'), 'refine.island': times(401, 'Biscoe') },
      'InvalidRESTParameterError',
      /^The refine.<facet> API parameter is given 1001 times, at most 1000 are allowed\.$/,
    );
    await expectRefused(
      search,
      { dataset: 'penguins', 'exclude.species': times(1001, 'Adelie') },
      'InvalidRESTParameterError',
      /exclude.<facet> API parameter is given 1001 times/,
    );
    const named: Record<string, string> = { dataset: 'penguins' };
    for (let i = 0; i < 101; i++) named[`refine.f${i}`] = 'x';
    await expectRefused(
      search,
      named,
      'InvalidRESTParameterError',
      /^The facet, refine.<facet> and exclude.<facet> API parameters name 101 facets, at most 100 are allowed\.$/,
    );
    const qs: Record<string, string> = { dataset: 'penguins' };
    for (let i = 0; i < 101; i++) qs[`q.f${i}`] = 'body_mass_g>0';
    await expectRefused(
      search,
      qs,
      'InvalidRESTParameterError',
      /^The q.<name> API parameter is given 101 times, at most 100 are allowed\.$/,
    );
    await expectRefused(
      v1('datasets/1.0/search/'),
      { facet: times(1000, 'theme') },
      'InvalidRESTParameterError',
      /facet API parameter is given 1000 times/,
    );
    await expectRefused(
      v1('records/1.0/download/'),
      { dataset: 'penguins', sort: list(25_000, 'sex') },
      'InvalidRESTParameterError',
      /sort API parameter has 25000 sort keys/,
      'POST',
    );
  });

  it('refuses analyze axes, series and sort keys over their bounds', async () => {
    const analyze = v1('records/1.0/analyze/');
    const series = { 'y.n.func': 'COUNT' };
    await expectRefused(
      analyze,
      { dataset: 'penguins', x: times(11, 'species'), ...series },
      'InvalidRESTParameterError',
      /^The x API parameter is given 11 times, at most 10 are allowed\.$/,
    );
    const many: Record<string, string> = { dataset: 'penguins', x: 'species' };
    for (let i = 0; i < 101; i++) many[`y.s${i}.func`] = 'COUNT';
    await expectRefused(
      analyze,
      many,
      'InvalidRESTParameterError',
      /^The y.<name>.func API parameters give 101 series, at most 100 are allowed\.$/,
    );
    await expectRefused(
      analyze,
      { dataset: 'penguins', x: 'species', ...series, sort: list(25_000, 'x') },
      'InvalidRESTParameterError',
      /^The sort API parameter has 25000 sort keys, at most 10 are allowed\.$/,
    );
    // The same key named again is no second sort key: 5 times three axes are three keys, not 15.
    await expectAnswered(analyze, {
      dataset: 'penguins',
      x: ['species', 'island', 'sex'],
      ...series,
      sort: list(5, 'x'),
    });
  });

  it('refuses a form body repeating one name 120,000 times at once', async () => {
    // Read by appending to a list each time, such a body took minutes of the server's only thread.
    await expectRefused(
      search,
      { dataset: 'penguins', facet: times(120_000, 'a') },
      'InvalidRESTParameterError',
      /^The facet API parameter is given 120000 times, at most 100 are allowed\.$/,
      'POST',
    );
  });

  it('answers at the bounds', async () => {
    await expectAnswered(search, {
      dataset: 'penguins',
      sort: list(10, '-body_mass_g'),
      fields: list(500, 'species'),
      facet: times(100, 'species'),
      'refine.species': times(1000, 'Adelie'),
    });
  });
});
