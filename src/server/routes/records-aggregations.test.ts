import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, getJson } from '../testing/http';

/*
 * Aggregations on the records endpoint (conformance captures 03, 22–26 for v2.1, 35 for v2.0): totals
 * without group_by, group keys and their order, expression text as keys, range and geo_cluster buckets.
 */

interface Link {
  rel: string;
  href: string;
}
type Row = Record<string, unknown>;
interface Grouped<T = Row> {
  total_count?: number;
  results: T[];
}
interface GroupedV20<T = Row> {
  total_count?: number;
  links: Link[];
  records: { record: { fields: T } }[];
}

interface Penguin {
  species: string;
  island: string;
  flipper: number | null;
  mass: number | null;
  sex: string | null;
}

let penguins: Penguin[] = [];

beforeAll(async () => {
  const file = resolve('node_modules/vega-datasets/data/penguins.json');
  const raw = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>[];
  penguins = raw.map((p) => ({
    species: p.Species as string,
    island: p.Island as string,
    flipper: p['Flipper Length (mm)'] as number | null,
    mass: p['Body Mass (g)'] as number | null,
    // The descriptor of the default catalog declares `.` a missing value, like `NA`.
    sex: p.Sex === '.' ? null : (p.Sex as string | null),
  }));
});

const records = '/catalog/datasets/penguins/records';
const countBy = <K>(items: readonly Penguin[], key: (p: Penguin) => K): Map<K, number> => {
  const counts = new Map<K, number>();
  for (const p of items) counts.set(key(p), (counts.get(key(p)) ?? 0) + 1);
  return counts;
};

describe('aggregations without group_by', () => {
  it('answers one row, with total_count the number of matching records', async () => {
    const res = await getJson<Grouped>(records, { select: 'count(*) as total', limit: 1 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ total_count: 344, results: [{ total: 344 }] });

    const dream = penguins.filter((p) => p.island === 'Dream');
    const filtered = await getJson<Grouped>(records, {
      select: 'count(*) as total',
      where: 'island = "Dream"',
    });
    expect(filtered.body).toEqual({ total_count: dream.length, results: [{ total: dream.length }] });
  });

  it('keys unlabelled expressions by their text as sent, case and spacing kept', async () => {
    const masses = penguins.map((p) => p.mass).filter((m): m is number => m !== null);
    const res = await getJson<Grouped>(records, {
      select: 'Count(*), sum( body_mass_g ), min(body_mass_g), MAX(body_mass_g), count(sex)',
    });
    expect(res.body.total_count).toBe(344);
    expect(res.body.results).toHaveLength(1);
    const row = res.body.results[0]!;
    expect(Object.keys(row)).toEqual([
      'Count(*)',
      'sum( body_mass_g )',
      'min(body_mass_g)',
      'MAX(body_mass_g)',
      'count(sex)',
    ]);
    expect(row).toEqual({
      'Count(*)': 344,
      'sum( body_mass_g )': masses.reduce((a, b) => a + b, 0),
      'min(body_mass_g)': Math.min(...masses),
      'MAX(body_mass_g)': Math.max(...masses),
      'count(sex)': penguins.filter((p) => p.sex !== null).length,
    });
  });

  it('writes min and max of dates and datetimes like the fields', async () => {
    const dates = await getJson<Grouped>('/catalog/datasets/seattle-weather/records', {
      select: 'min(date) as first, max(date) as last',
    });
    expect(dates.body.results).toEqual([{ first: '2012-01-01', last: '2015-12-31' }]);
    const times = await getJson<Grouped>('/catalog/datasets/earthquakes/records', {
      select: 'max(time) as last',
      timezone: 'Europe/Paris',
    });
    expect(times.body.results).toEqual([{ last: '2018-02-07T02:26:13.840000+01:00' }]);
  });
});

describe('aggregations with group_by, v2.1', () => {
  it('answers results only, group key first, groups sorted by key, the null group kept', async () => {
    const res = await getJson<Grouped>(records, { select: 'count(*)', group_by: 'sex' });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['results']);
    const counts = countBy(penguins, (p) => p.sex);
    expect(res.body.results).toEqual([
      { sex: null, 'count(*)': counts.get(null) },
      { sex: 'FEMALE', 'count(*)': counts.get('FEMALE') },
      { sex: 'MALE', 'count(*)': counts.get('MALE') },
    ]);
    for (const row of res.body.results) expect(Object.keys(row)).toEqual(['sex', 'count(*)']);
  });

  it('puts the group key first even when select names it later', async () => {
    const res = await getJson<Grouped>(records, { select: 'count(*) as n, species', group_by: 'species' });
    for (const row of res.body.results) expect(Object.keys(row)).toEqual(['species', 'n']);
    expect(res.body.results.map((r) => r.species)).toEqual(['Adelie', 'Chinstrap', 'Gentoo']);
  });

  it('groups by several keys, with labels, order_by on an aggregate, limit and offset', async () => {
    const res = await getJson<Grouped>(records, {
      select: 'count(*) as n',
      group_by: 'species as s, island',
      order_by: 'n desc',
      limit: 2,
      offset: 1,
    });
    const pairs = [...countBy(penguins, (p) => `${p.species}|${p.island}`)]
      .map(([key, n]) => ({ s: key.split('|')[0], island: key.split('|')[1], n }))
      .sort((a, b) => b.n - a.n);
    expect(res.body.results).toEqual(pairs.slice(1, 3));
  });

  it('keys an unlabelled group expression by its text and writes equal-width ranges as closed bounds', async () => {
    const res = await getJson<Grouped<Record<string, string | number>>>(records, {
      select: 'count(*)',
      group_by: 'RANGE(flipper_length_mm,10)',
    });
    const key = 'RANGE(flipper_length_mm,10)';
    const buckets = new Map<string, number>();
    for (const p of penguins) {
      if (p.flipper === null) continue;
      const low = Math.floor(p.flipper / 10) * 10;
      const label = `[${low}, ${low + 9}]`;
      buckets.set(label, (buckets.get(label) ?? 0) + 1);
    }
    const expected = [...buckets]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([label, n]) => ({ [key]: label, 'count(*)': n }));
    expect(res.body.results.filter((r) => r[key] !== null)).toEqual(expected);
    expect(res.body.results[0]).toEqual({ [key]: '[170, 179]', 'count(*)': buckets.get('[170, 179]') });
    for (const row of res.body.results) expect(Object.keys(row)).toEqual([key, 'count(*)']);
  });

  it('writes static ranges with open ends as [*, b] and [a, *]', async () => {
    const res = await getJson<Grouped>(records, {
      select: 'count(*) as n',
      group_by: 'range(flipper_length_mm, *, 190, 210, *) as flipper',
    });
    const known = penguins.map((p) => p.flipper).filter((f): f is number => f !== null);
    expect(res.body.results).toEqual([
      { flipper: '[*, 189]', n: known.filter((f) => f < 190).length },
      { flipper: '[190, 209]', n: known.filter((f) => f >= 190 && f < 210).length },
      { flipper: '[210, *]', n: known.filter((f) => f >= 210).length },
    ]);
  });

  it('groups by date parts as integers', async () => {
    const res = await getJson<Grouped>('/catalog/datasets/seattle-weather/records', {
      select: 'count(*) as days',
      group_by: 'year(date) as year',
    });
    expect(res.body.results).toEqual([
      { year: 2012, days: 366 },
      { year: 2013, days: 365 },
      { year: 2014, days: 365 },
      { year: 2015, days: 365 },
    ]);
  });

  it('clusters geo points into {cluster_centroid: {lat, lon}} covering every record', async () => {
    const key = 'geo_cluster(coordinates, 2)';
    const res = await getJson<Grouped<Record<string, unknown> & { n: number }>>(
      '/catalog/datasets/airports/records',
      {
        select: 'count(*) as n',
        group_by: key,
        limit: 20_000,
      },
    );
    expect(res.status).toBe(200);
    expect(res.body.results.length).toBeGreaterThan(1);
    let total = 0;
    for (const row of res.body.results) {
      expect(Object.keys(row)).toEqual([key, 'n']);
      const cluster = row[key] as { cluster_centroid: { lat: number; lon: number } };
      expect(Object.keys(cluster)).toEqual(['cluster_centroid']);
      expect(Object.keys(cluster.cluster_centroid)).toEqual(['lat', 'lon']);
      expect(Math.abs(cluster.cluster_centroid.lat)).toBeLessThanOrEqual(90);
      expect(Math.abs(cluster.cluster_centroid.lon)).toBeLessThanOrEqual(180);
      total += row.n;
    }
    expect(total).toBe(3376);
  });

  it('refuses a plain field that is neither grouped nor aggregated', async () => {
    const res = await getJson<{ error_code: string; message: string }>(records, {
      select: 'island, count(*)',
      group_by: 'species',
    });
    expect(res.status).toBe(400);
    expect(res.body.error_code).toBe('ODSQLError');
    expect(res.body.message).toContain('island');
    expect(res.body.message).toMatch(/Clause\(s\) containing the error\(s\): select\.$/);
  });
});

describe('aggregations, v2.0', () => {
  it('wraps groups as {record: {fields}} with self, dataset and datasets links and no total_count', async () => {
    const res = await getJson<GroupedV20>(records, { select: 'count(*) as n', group_by: 'species' }, '2.0');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['links', 'records']);
    expect(res.body.links.map((l) => l.rel)).toEqual(['self', 'dataset', 'datasets']);
    expect(res.body.links[1]?.href).toBe(`${api('2.0')}/catalog/datasets/penguins`);
    const counts = countBy(penguins, (p) => p.species);
    expect(res.body.records).toEqual(
      ['Adelie', 'Chinstrap', 'Gentoo'].map((s) => ({
        record: { fields: { species: s, n: counts.get(s) } },
      })),
    );
  });

  it('leaves out the null group and writes date parts as strings', async () => {
    const sex = await getJson<GroupedV20>(records, { select: 'count(*) as n', group_by: 'sex' }, '2.0');
    expect(sex.body.records.map((r) => r.record.fields.sex)).toEqual(['FEMALE', 'MALE']);
    const years = await getJson<GroupedV20>(
      '/catalog/datasets/seattle-weather/records',
      { select: 'count(*) as n', group_by: 'year(date) as y', limit: 1 },
      '2.0',
    );
    expect(years.body.records).toEqual([{ record: { fields: { y: '2012', n: 366 } } }]);
  });

  it('writes datetime aggregates in UTC with milliseconds', async () => {
    const res = await getJson<GroupedV20>(
      '/catalog/datasets/earthquakes/records',
      { select: 'max(time) as last', group_by: 'status', order_by: 'status' },
      '2.0',
    );
    for (const item of res.body.records)
      expect(item.record.fields.last).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
  });

  it('clusters geo points in the same object form', async () => {
    const res = await getJson<GroupedV20>(
      '/catalog/datasets/airports/records',
      { select: 'count(*)', group_by: 'GEO_CLUSTER(coordinates,1)', limit: 1 },
      '2.0',
    );
    const fields = res.body.records[0]?.record.fields ?? {};
    expect(Object.keys(fields)).toEqual(['GEO_CLUSTER(coordinates,1)', 'count(*)']);
    expect(fields['GEO_CLUSTER(coordinates,1)']).toEqual({
      cluster_centroid: { lat: expect.any(Number), lon: expect.any(Number) },
    });
  });
});
