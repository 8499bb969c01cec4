import { describe, expect, it } from 'vitest';
import { getJson } from '../testing/http';
import { v1 } from './testing';

/*
 * records/1.0/analyze over HTTP, in the shapes ods-widgets reads (odsChart, odsAnalysis, odsAggregation,
 * odsCrossTable): `[{x, <serie>: value}]`, compared with the v2 aggregations of the same records.
 */

type Row = { x?: unknown } & Record<string, unknown>;

async function analyze(params: Record<string, string | readonly string[]>): Promise<Row[]> {
  const res = await v1<Row[]>('records/1.0/analyze/', params);
  if (res.status !== 200) throw new Error(`analyze answered ${res.status}: ${res.text}`);
  return res.body;
}

async function v2Groups(dataset: string, params: Record<string, string>): Promise<Record<string, unknown>[]> {
  const res = await getJson<{ results: Record<string, unknown>[] }>(`/catalog/datasets/${dataset}/records`, {
    limit: params.group_by ? 1000 : 1,
    ...params,
  });
  if (res.status !== 200) throw new Error(res.text);
  return res.body.results;
}

describe('analyze: x as a field', () => {
  it('counts and averages per value like a v2 group_by', async () => {
    const rows = await analyze({
      dataset: 'penguins',
      x: 'species',
      'y.n.func': 'COUNT',
      'y.mass.func': 'AVG',
      'y.mass.expr': 'body_mass_g',
    });
    const v2 = await v2Groups('penguins', {
      select: 'count(*) as n, avg(body_mass_g) as mass',
      group_by: 'species',
      order_by: 'species',
    });
    expect(rows).toEqual(v2.map((g) => ({ x: g.species, n: g.n, mass: g.mass })));
  });

  it('sorts on a series, descending with -, and keeps maxpoints groups', async () => {
    const rows = await analyze({
      dataset: 'penguins',
      x: 'island',
      'y.serie1.func': 'COUNT',
      sort: '-serie1',
      maxpoints: '2',
    });
    expect(rows.map((r) => r.x)).toEqual(['Biscoe', 'Dream']);
    expect(rows.map((r) => r.serie1)).toEqual([168, 124]);
    const ascending = await analyze({
      dataset: 'penguins',
      x: 'island',
      'y.serie1.func': 'COUNT',
      sort: 'serie1',
    });
    expect(ascending.map((r) => r.serie1)).toEqual([52, 124, 168]);
  });

  it('filters with q, refine and exclude like a records search', async () => {
    const rows = await analyze({
      dataset: 'penguins',
      x: 'species',
      'y.n.func': 'COUNT',
      q: 'body_mass_g > 4000',
      'refine.island': 'Biscoe',
    });
    const v2 = await v2Groups('penguins', {
      select: 'count(*) as n',
      group_by: 'species',
      where: 'body_mass_g > 4000 and island = "Biscoe"',
      order_by: 'species',
    });
    expect(rows).toEqual(v2.map((g) => ({ x: g.species, n: g.n })));
  });

  it('computes SUM, MIN, MAX, STDDEV, SUMSQUARES and cumulative series', async () => {
    const [row] = await analyze({
      dataset: 'penguins',
      'y.sum.func': 'SUM',
      'y.sum.expr': 'flipper_length_mm',
      'y.min.func': 'MIN',
      'y.min.expr': 'flipper_length_mm',
      'y.max.func': 'MAX',
      'y.max.expr': 'flipper_length_mm',
      'y.sd.func': 'STDDEV',
      'y.sd.expr': 'flipper_length_mm',
      'y.sq.func': 'SUMSQUARES',
      'y.sq.expr': 'flipper_length_mm',
    });
    const exported = await getJson<{ flipper_length_mm: number | null }[]>(
      '/catalog/datasets/penguins/exports/json',
      {
        select: 'flipper_length_mm',
      },
    );
    const values = exported.body.map((r) => r.flipper_length_mm).filter((v): v is number => v !== null);
    const mean = values.reduce((a, b) => a + b, 0) / values.length;
    expect(row).toMatchObject({
      sum: values.reduce((a, b) => a + b, 0),
      min: Math.min(...values),
      max: Math.max(...values),
      sq: values.reduce((a, b) => a + b * b, 0),
    });
    const sd = Math.sqrt(values.reduce((a, b) => a + (b - mean) ** 2, 0) / values.length);
    expect(row?.sd as number).toBeCloseTo(sd, 6);
    expect(row).not.toHaveProperty('x');

    const cumulative = await analyze({
      dataset: 'penguins',
      x: 'species',
      'y.n.func': 'COUNT',
      'y.n.cumulative': 'true',
    });
    expect(cumulative.map((r) => r.n)).toEqual([152, 152 + 68, 344]);
  });
});

describe('analyze: x as a date', () => {
  it('groups by year and month parts, as odsChart time scales ask', async () => {
    const rows = await analyze({
      dataset: 'seattle-weather',
      x: ['date.year', 'date.month'],
      'y.serie1-1.func': 'AVG',
      'y.serie1-1.expr': 'temp_max',
      sort: 'x.date.year,x.date.month',
    });
    expect(rows).toHaveLength(48);
    expect(rows[0]!.x).toEqual({ year: 2012, month: 1 });
    expect(rows[47]!.x).toEqual({ year: 2015, month: 12 });
    const v2 = await v2Groups('seattle-weather', {
      select: 'avg(temp_max) as t',
      where: "date >= date'2012-01-01' and date < date'2012-02-01'",
    });
    expect(rows[0]!['serie1-1']).toBeCloseTo(v2[0]!.t as number, 10);
  });

  it('takes the legacy precision and periodic parameters, weekdays from Monday = 0', async () => {
    const months = await analyze({
      dataset: 'seattle-weather',
      x: 'date',
      precision: 'month',
      'y.n.func': 'COUNT',
    });
    expect(months).toHaveLength(48);
    expect(months[1]).toEqual({ x: { year: 2012, month: 2 }, n: 29 });
    const weekdays = await analyze({
      dataset: 'seattle-weather',
      x: 'date',
      precision: 'day',
      periodic: 'weekday',
      'y.n.func': 'COUNT',
    });
    expect(weekdays.map((r) => r.x)).toEqual([0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday })));
    expect(weekdays.reduce((a, r) => a + (r.n as number), 0)).toBe(1461);
    // 2012-01-01 was a Sunday: the first of the 1461 days falls on weekday 6.
    const sundays = await v2Groups('seattle-weather', {
      select: 'count(*) as n',
      where: "date_format(date, 'e') = '7'",
    });
    expect(weekdays[6]!.n).toBe(sundays[0]!.n);
  });

  it('names each axis when the axes are different fields (series breakdowns, cross tables)', async () => {
    const rows = await analyze({
      dataset: 'seattle-weather',
      x: ['date.year', 'weather'],
      'y.n.func': 'COUNT',
      sort: 'x.date.year,x.weather',
    });
    expect(rows[0]).toEqual({ x: { date: { year: 2012 }, weather: 'drizzle' }, n: expect.any(Number) });
  });
});

describe('analyze: JSONP and errors', () => {
  it('answers JSONP with a callback', async () => {
    const res = await v1('records/1.0/analyze/', {
      dataset: 'penguins',
      'y.n.func': 'COUNT',
      callback: 'done',
    });
    expect(res.headers.get('content-type')).toContain('application/javascript');
    // The JSON inside is the service's text (`", "` and `": "`, conformance capture 03).
    expect(res.text).toBe('/**/ typeof done === \'function\' && done([{"n": 344}]);');
  });

  it('refuses unknown functions, fields and sorts with the interface error body', async () => {
    for (const [params, parameter] of [
      [{ 'y.n.func': 'MEDIAN', 'y.n.expr': 'body_mass_g' }, 'y.n.func'],
      [{ x: 'nope', 'y.n.func': 'COUNT' }, 'x'],
      [{ x: 'species.year', 'y.n.func': 'COUNT' }, 'x'],
      [{ 'y.n.func': 'AVG' }, 'y.n.expr'],
      [{ 'y.n.func': 'AVG', 'y.n.expr': 'body_mass_g) as a, count(*' }, 'y.n.expr'],
      [{ x: 'species', 'y.n.func': 'COUNT', sort: 'other' }, 'sort'],
    ] as const) {
      const res = await v1<{ error_code: string; message: string }>('records/1.0/analyze/', {
        dataset: 'penguins',
        ...params,
      });
      expect(res.status, JSON.stringify(params)).toBe(400);
      expect(res.body.error_code).toBe('InvalidRESTParameterError');
      expect(res.body.message).toContain(parameter);
    }
    const unknownField = await v1<{ error_code: string; message: string }>('records/1.0/analyze/', {
      dataset: 'penguins',
      'y.n.func': 'AVG',
      'y.n.expr': 'nope',
    });
    expect(unknownField.status).toBe(400);
    expect(unknownField.body).toEqual({
      error_code: 'ODSQLError',
      message: 'Invalid y.<serie>.expr parameter: Unknown field: nope.',
    });
  });
});

describe('maxpoints', () => {
  it('counts the groups of records that have a value on the axis: none is taken by the records without', async () => {
    // 275 movies have no genre, with the lowest average gross: a group that would sort first and be dropped.
    const res = await v1<unknown[]>('records/1.0/analyze/', {
      dataset: 'movies',
      x: 'major_genre',
      'y.gross.expr': 'worldwide_gross',
      'y.gross.func': 'AVG',
      sort: 'gross',
      maxpoints: '10',
    });
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(10);
  });
});
