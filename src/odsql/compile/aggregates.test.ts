import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatasetSchema } from '../schema';
import { FIXTURE_SCHEMA, openFixture, type TestDb } from './test-db';

let db: TestDb;
beforeAll(async () => {
  db = await openFixture();
  await db.createTable('lists', LIST_SCHEMA, [
    { k: 1, tags: ['a', 'b'] },
    { k: 2, tags: [] },
    { k: 3, tags: null },
    { k: 4, tags: ['b'] },
  ]);
});
afterAll(() => db.close());

const LIST_SCHEMA: DatasetSchema = {
  fields: [
    { name: 'k', type: 'int' },
    { name: 'tags', type: 'text', multivalued: true },
  ],
};

const query = (
  q: { select?: string; where?: string[]; groupBy?: string; orderBy?: string; limit?: number },
  version: '2.0' | '2.1' = '2.1',
) => db.query(FIXTURE_SCHEMA, q, { version });

describe('aggregates without group_by', () => {
  it('collapse all records into one row, keyed by the expression as written', async () => {
    const out = await query({ select: 'count(*), COUNT(x), count(DISTINCT code), count(distinct tags)' });
    expect(out.rows).toEqual([
      { 'count(*)': 8, 'COUNT(x)': 7, 'count(DISTINCT code)': 7, 'count(distinct tags)': 3 },
    ]);
    expect(out.total).toBe(8);
  });

  it('compute sums, averages, extremes, medians and percentiles', async () => {
    const out = await query({
      select:
        'sum(n) AS sn, sum(x) AS sx, avg(n) AS an, min(n) AS mn, max(x) AS mx, median(n) AS md, ' +
        'percentile(n, 25) AS p25, percentile(n, 90) AS p90, ' +
        'percentile(x, 0) AS p0, percentile(x, 100) AS p100',
    });
    expect(out.rows).toHaveLength(1);
    const row = out.rows[0] ?? {};
    expect(row).toMatchObject({ sn: 145, sx: 124.5, mn: 0, mx: 100, md: 15, p25: 13, p0: -1.5, p100: 100 });
    expect(row.an).toBeCloseTo(145 / 7, 12);
    expect(row.p90).toBeCloseTo(36, 12);
  });

  it('take min and max of dates and datetimes', async () => {
    const out = await query({ select: 'min(d), max(d), min(dt), max(dt)' });
    expect(out.rows).toEqual([
      {
        'min(d)': '2019-12-31',
        'max(d)': '2022-06-15',
        'min(dt)': '2019-12-31T23:30:00+00:00',
        'max(dt)': '2022-06-15T08:15:30+00:00',
      },
    ]);
  });

  it('write aggregated datetimes in UTC with milliseconds in v2.0', async () => {
    const out = await query({ select: 'min(dt) AS a, max(dt) AS b' }, '2.0');
    expect(out.rows).toEqual([{ a: '2019-12-31T23:30:00.000Z', b: '2022-06-15T08:15:30.000Z' }]);
  });

  it('count only the filtered records', async () => {
    const out = await query({ select: 'count(*) AS c, sum(n) AS s', where: ['flag'] });
    expect(out.rows).toEqual([{ c: 4, s: 56 }]);
    expect(out.total).toBe(4);
  });

  it('give null (count 0) over no record', async () => {
    const out = await query({
      select: 'count(*) AS c, sum(n) AS s, avg(x) AS a, min(d) AS m',
      where: ['false'],
    });
    expect(out.rows).toEqual([{ c: 0, s: null, a: null, m: null }]);
  });

  it('combine with arithmetic and constants', async () => {
    const out = await query({
      select: 'sum(n) / count(n) AS mean, 2 * max(n) AS twice, 2 AS two, "hello" AS hello',
    });
    expect(out.rows).toEqual([{ mean: 145 / 7, twice: 90, two: 2, hello: 'hello' }]);
  });

  it('count distinct values of an ifnull() expression', async () => {
    const out = await query({ select: 'count(distinct ifnull(x, -1)) AS c' });
    expect(out.rows).toEqual([{ c: 8 }]);
  });

  it('give raw material for envelope() and bbox(), finished by the caller', async () => {
    const out = await query({ select: 'envelope(geo) AS e, bbox(geo) AS b, bbox(shape) AS s' });
    expect(out.columns).toEqual([
      { key: 'e', post: 'envelope' },
      { key: 'b', post: 'bbox' },
      { key: 's', post: 'bbox' },
    ]);
    const row = out.rows[0] ?? {};
    expect(row.b).toEqual([-74.006, 40.7128, 5.3745, 48.86]);
    expect(row.s).toEqual([-75, 40, 6, 49]);
    const positions = (row.e as number[][]).map((p) => p.join(' ')).sort();
    expect(positions).toEqual([
      '-74.006 40.7128',
      '1.444 43.6045',
      '2.2945 48.8584',
      '2.35 48.85',
      '2.36 48.86',
      '4.8593 45.7606',
      '5.3745 43.2951',
    ]);
  });

  it('give the vertices of shapes for envelope() and null without geometry', async () => {
    const shapes = await query({ select: 'envelope(shape) AS e', where: ['n = 0'] });
    expect(shapes.rows).toEqual([
      {
        e: [
          [1, 43],
          [2, 44],
        ],
      },
    ]);
    const none = await query({ select: 'bbox(geo) AS b', where: ['geo is null'] });
    expect(none.rows).toEqual([{ b: null }]);
  });
});

describe('group_by', () => {
  it('groups by a field, key first, sorted by key, with labels', async () => {
    const out = await query({ select: 'count(*) AS c, sum(n)', groupBy: 'flag' });
    expect(out.rows).toEqual([
      { flag: null, c: 1, 'sum(n)': null },
      { flag: false, c: 3, 'sum(n)': 89 },
      { flag: true, c: 4, 'sum(n)': 56 },
    ]);
    expect(Object.keys(out.rows[0] ?? {})).toEqual(['flag', 'c', 'sum(n)']);
    expect(out.total).toBeUndefined();
  });

  it('keeps the null group in v2.1 and drops it in v2.0', async () => {
    const v21 = await query({ select: 'count(*) AS c', groupBy: 'year(d) AS y' });
    expect(v21.rows).toEqual([
      { y: null, c: 1 },
      { y: 2019, c: 1 },
      { y: 2020, c: 4 },
      { y: 2021, c: 1 },
      { y: 2022, c: 1 },
    ]);
    const v20 = await query({ select: 'count(*) AS c', groupBy: 'year(d) AS y' }, '2.0');
    expect(v20.rows).toEqual([
      { y: '2019', c: 1 },
      { y: '2020', c: 4 },
      { y: '2021', c: 1 },
      { y: '2022', c: 1 },
    ]);
  });

  it('groups by a condition, false for null values', async () => {
    const out = await query({ select: 'count(*) AS c', groupBy: 'x > 5 AS big' });
    expect(out.rows).toEqual([
      { big: false, c: 5 },
      { big: true, c: 3 },
    ]);
  });

  it('groups by several keys: the combinations present', async () => {
    const out = await query({ select: 'count(*) AS c', groupBy: 'flag, year(d) AS y' });
    expect(out.rows).toEqual([
      { flag: null, y: null, c: 1 },
      { flag: false, y: 2020, c: 1 },
      { flag: false, y: 2021, c: 1 },
      { flag: false, y: 2022, c: 1 },
      { flag: true, y: 2019, c: 1 },
      { flag: true, y: 2020, c: 3 },
    ]);
  });

  it('sorts text keys in reading order: case folded, then the text itself', async () => {
    const out = await query({ select: 'count(*) AS c', groupBy: 'code' });
    expect(out.rows.map((r) => r.code)).toEqual(['BE', 'FR', 'fr', 'FR ', 'SECRET', 'UK', 'US']);
    expect(out.rows[1]).toEqual({ code: 'FR', c: 2 });
  });

  it('groups each value of a multivalued field, records without values in the null group', async () => {
    const out = await query({ select: 'count(*) AS c', groupBy: 'tags' });
    expect(out.rows).toEqual([
      { tags: null, c: 2 },
      { tags: 'blue', c: 3 },
      { tags: 'green', c: 3 },
      { tags: 'red', c: 3 },
    ]);
    const lists = await db.query(LIST_SCHEMA, { table: 'lists', select: 'count(*) AS c', groupBy: 'tags' });
    expect(lists.rows).toEqual([
      { tags: null, c: 2 },
      { tags: 'a', c: 1 },
      { tags: 'b', c: 2 },
    ]);
    const v20 = await db.query(
      LIST_SCHEMA,
      { table: 'lists', select: 'count(*) AS c', groupBy: 'tags' },
      { version: '2.0' },
    );
    expect(v20.rows).toEqual([
      { tags: 'a', c: 1 },
      { tags: 'b', c: 2 },
    ]);
  });

  it('groups by functions, arithmetic and ifnull()', async () => {
    const out = await query({
      select: 'count(*) AS c',
      groupBy: 'lower(code) AS lc',
      where: ['code like "fr"'],
    });
    expect(out.rows).toEqual([
      { lc: 'fr', c: 3 },
      { lc: 'fr ', c: 1 },
    ]);
    const months = await query({
      select: 'count(*) AS c',
      groupBy: "date_format(d, 'yyyy-MM') AS m",
      where: ['year(d) = 2020'],
    });
    expect(months.rows).toEqual([
      { m: '2020-01', c: 1 },
      { m: '2020-02', c: 1 },
      { m: '2020-03', c: 2 },
    ]);
    const sums = await query({ select: 'count(*) AS c', groupBy: 'n + 1 AS k', where: ['n < 15'] });
    expect(sums.rows).toEqual([
      { k: 1, c: 1 },
      { k: 13, c: 1 },
      { k: 15, c: 1 },
    ]);
    const fallback = await query({ select: 'count(*) AS c', groupBy: 'ifnull(flag, false) AS f' });
    expect(fallback.rows).toEqual([
      { f: false, c: 4 },
      { f: true, c: 4 },
    ]);
  });

  it('lets select repeat a group key, by expression or label', async () => {
    const out = await query({
      select: 'year(d), count(*) AS c',
      groupBy: 'year(d)',
      where: ['d is not null'],
    });
    expect(out.rows[0]).toEqual({ 'year(d)': 2019, c: 1 });
    const labelled = await query({
      select: 'code AS k, count(*) AS c',
      groupBy: 'code AS k',
      where: ['code = "US"'],
    });
    expect(labelled.rows).toEqual([{ k: 'US', c: 1 }]);
  });

  it('renders date keys as ISO text in v2.1 and epoch milliseconds in v2.0', async () => {
    const v21 = await query({ select: 'count(*) AS c', groupBy: 'd, dt', where: ['n = 12'] });
    expect(v21.rows).toEqual([{ d: '2020-03-04', dt: '2020-03-04T23:30:00+00:00', c: 1 }]);
    const v20 = await query({ select: 'count(*) AS c', groupBy: 'd, dt', where: ['n = 12'] }, '2.0');
    expect(v20.rows).toEqual([
      { d: Date.parse('2020-03-04T00:00:00Z'), dt: Date.parse('2020-03-04T23:30:00Z'), c: 1 },
    ]);
  });

  it('renders a geo_point key as "[lat, lon]" text in v2.0', async () => {
    const v20 = await query({ select: 'count(*) AS c', groupBy: 'geo', where: ['n = 0'] }, '2.0');
    expect(v20.rows).toEqual([{ geo: '[43.6045, 1.444]', c: 1 }]);
  });

  it('has no total_count, and pages with limit', async () => {
    const out = await query({ select: 'count(*) AS c', groupBy: 'code', limit: 2 });
    expect(out.rows).toEqual([
      { code: 'BE', c: 1 },
      { code: 'FR', c: 2 },
    ]);
    expect(out.total).toBeUndefined();
  });
});

describe('order_by with group_by', () => {
  it('orders by an aggregate, by its label, and by a key', async () => {
    const byCount = await query({ select: 'count(*) AS c', groupBy: 'flag', orderBy: 'count(*) DESC' });
    expect(byCount.rows.map((r) => r.flag)).toEqual([true, false, null]);
    const byLabel = await query({ select: 'count(*) AS c', groupBy: 'flag', orderBy: 'c desc' });
    expect(byLabel.rows.map((r) => r.flag)).toEqual([true, false, null]);
    const byKey = await query({ select: 'count(*) AS c', groupBy: 'flag', orderBy: 'flag DESC' });
    expect(byKey.rows.map((r) => r.flag)).toEqual([true, false, null]);
    const byKeyLabel = await query({
      select: 'count(*) AS c',
      groupBy: 'year(d) AS y',
      orderBy: 'y desc',
      limit: 2,
    });
    expect(byKeyLabel.rows.map((r) => r.y)).toEqual([2022, 2021]);
  });

  it('sorts nulls last both ways', async () => {
    const asc = await query({ select: 'sum(n) AS s', groupBy: 'flag', orderBy: 's' });
    expect(asc.rows.map((r) => r.s)).toEqual([56, 89, null]);
    const desc = await query({ select: 'sum(n) AS s', groupBy: 'flag', orderBy: 's desc' });
    expect(desc.rows.map((r) => r.s)).toEqual([89, 56, null]);
  });

  it('breaks ties on aggregates with the following keys, then the group keys', async () => {
    const out = await query({
      select: 'count(*) AS total',
      groupBy: 'code',
      orderBy: 'total desc, code desc',
    });
    expect(out.rows.map((r) => r.code)).toEqual(['FR', 'US', 'UK', 'SECRET', 'FR ', 'fr', 'BE']);
    const keys = await query({ select: 'count(*) AS total', groupBy: 'code', orderBy: 'total desc' });
    expect(keys.rows.map((r) => r.code)).toEqual(['FR', 'BE', 'fr', 'FR ', 'SECRET', 'UK', 'US']);
  });

  it('orders by an aggregate that is not selected', async () => {
    const out = await query({ select: 'count(*) AS c', groupBy: 'flag', orderBy: 'max(x) desc' });
    expect(out.rows.map((r) => r.flag)).toEqual([false, true, null]);
  });

  it('orders then limits', async () => {
    const out = await query({
      select: 'code, count(*) AS c',
      groupBy: 'code',
      orderBy: 'count(*) desc',
      limit: 1,
    });
    expect(out.rows).toEqual([{ code: 'FR', c: 2 }]);
  });
});

describe('numeric ranges', () => {
  async function buckets(groupBy: string, where: string[] = []): Promise<unknown[][]> {
    const out = await query({ select: 'count(*) AS c', groupBy: `${groupBy} AS b`, where });
    return out.rows.map((r) => [r.b, r.c]);
  }

  it('labels equal-width integer buckets with closed bounds, as the service does', async () => {
    // n: 12, 30, null, 0, 45, 15, 14, 29.
    expect(await buckets('range(n, 15)')).toEqual([
      ['[0, 14]', 3],
      ['[15, 29]', 2],
      ['[30, 44]', 1],
      ['[45, 59]', 1],
    ]);
    const out = await query({ select: 'count(*)', groupBy: 'RANGE(n,15)' });
    expect(out.rows[0]).toEqual({ 'RANGE(n,15)': '[0, 14]', 'count(*)': 3 });
  });

  it('labels decimal buckets with half-open float bounds', async () => {
    // x: 2.5, null, 7.25, -1.5, 100, 0, 3.5, 12.75.
    expect(await buckets('range(x, 5)')).toEqual([
      ['[-5.0, 0.0[', 1],
      ['[0.0, 5.0[', 3],
      ['[5.0, 10.0[', 1],
      ['[10.0, 15.0[', 1],
      ['[100.0, 105.0[', 1],
    ]);
    expect(await buckets('range(x, 2.5)', ['x < 5'])).toEqual([
      ['[-2.5, 0.0[', 1],
      ['[0.0, 2.5[', 1],
      ['[2.5, 5.0[', 2],
    ]);
    expect(await buckets('range(n, 7.5)', ['n < 20'])).toEqual([
      ['[0.0, 7.5[', 1],
      ['[7.5, 15.0[', 2],
      ['[15.0, 22.5[', 1],
    ]);
  });

  it('labels static integer ranges with closed bounds and * ends, as the service does', async () => {
    expect(await buckets('RANGE(n,*,15,20,25,30,40,*)')).toEqual([
      ['[*, 14]', 3],
      ['[15, 19]', 1],
      ['[25, 29]', 1],
      ['[30, 39]', 1],
      ['[40, *]', 1],
    ]);
  });

  it('leaves values outside closed static ranges out', async () => {
    expect(await buckets('range(n, 10, 20, 30)')).toEqual([
      ['[10, 19]', 3],
      ['[20, 29]', 1],
    ]);
    expect(await buckets('range(n, *, 10)')).toEqual([['[*, 9]', 1]]);
    expect(await buckets('range(n, 30, *)')).toEqual([['[30, *]', 2]]);
  });

  it('reads the older bracket forms', async () => {
    expect(await buckets('range(n, ]10, 20, 30[)')).toEqual(await buckets('range(n, *, 10, 20, 30, *)'));
    expect(await buckets('range(n, [10, 20, 30])')).toEqual(await buckets('range(n, 10, 20, 30)'));
    expect(await buckets('range(x, [20.5[)')).toEqual([['[20.5, *[', 1]]);
  });

  it('labels static decimal ranges with half-open bounds', async () => {
    expect(await buckets('range(x, *, 0, 20.5, *)')).toEqual([
      ['[*, 0.0[', 1],
      ['[0.0, 20.5[', 5],
      ['[20.5, *[', 1],
    ]);
    expect(await buckets('range(n, *, -1.5, 12.5, *)')).toEqual([
      ['[-1.5, 12.5[', 2],
      ['[12.5, *[', 5],
    ]);
  });

  it('never returns a null bucket, in v2.1 either', async () => {
    const rows = await buckets('range(n, 100)');
    expect(rows).toEqual([['[0, 99]', 7]]);
  });

  it('orders buckets by count', async () => {
    const out = await query({
      select: 'count(*) AS c',
      groupBy: 'range(n, *, 10, 20, *) AS b',
      orderBy: 'c desc',
    });
    expect(out.rows).toEqual([
      { b: '[10, 19]', c: 3 },
      { b: '[20, *]', c: 3 },
      { b: '[*, 9]', c: 1 },
    ]);
  });
});

describe('geo_cluster()', () => {
  it('groups points into cells and gives each cluster its centroid', async () => {
    const out = await query({ select: 'count(*) AS c', groupBy: 'GEO_CLUSTER(geo,1)' });
    expect(out.rows).toHaveLength(2);
    const [america, europe] = out.rows;
    expect(america).toEqual({
      'GEO_CLUSTER(geo,1)': { cluster_centroid: { lat: 40.7128, lon: -74.006 } },
      c: 1,
    });
    expect(europe?.c).toBe(6);
    const key = europe?.['GEO_CLUSTER(geo,1)'] as
      | { cluster_centroid: { lat: number; lon: number } }
      | undefined;
    const centroid = key?.cluster_centroid ?? { lat: Number.NaN, lon: Number.NaN };
    expect(Object.keys(centroid)).toEqual(['lat', 'lon']);
    expect(centroid.lat).toBeCloseTo((48.8584 + 45.7606 + 43.6045 + 48.85 + 48.86 + 43.2951) / 6, 10);
    expect(centroid.lon).toBeCloseTo((2.2945 + 4.8593 + 1.444 + 2.35 + 2.36 + 5.3745) / 6, 10);
  });

  it('splits clusters at higher zoom levels and with a smaller radius', async () => {
    const coarse = await query({ select: 'count(*) AS c', groupBy: 'geo_cluster(geo, 5) AS g' });
    const fine = await query({ select: 'count(*) AS c', groupBy: 'geo_cluster(geo, 12) AS g' });
    const small = await query({ select: 'count(*) AS c', groupBy: 'geo_cluster(geo, 5, radius=1) AS g' });
    expect(coarse.rows.length).toBeLessThan(fine.rows.length);
    expect(coarse.rows.length).toBeLessThan(small.rows.length);
    expect(fine.rows.map((r) => r.c).reduce((a, b) => Number(a) + Number(b), 0)).toBe(7);
  });
});
