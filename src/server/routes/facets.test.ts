import { describe, expect, it } from 'vitest';
import { getJson } from '../testing/http';

/*
 * getDatasetsFacets and getRecordsFacets on the default catalog, and the refine and exclude
 * parameters of getDatasets and getRecords: facet counts must agree with the total_count of the same
 * filters.
 */

interface Value {
  readonly name: string;
  readonly value: string;
  readonly count?: number;
  readonly state: 'displayed' | 'refined' | 'excluded';
  readonly facets?: readonly Value[];
}
interface Facet {
  readonly name: string;
  readonly facets: readonly Value[];
}
interface FacetsBody {
  readonly links: readonly { rel: string; href: string }[];
  readonly facets: readonly Facet[];
}
interface ErrorBody {
  readonly error_code: string;
  readonly message: string;
}
type Params = Readonly<Record<string, string | number | readonly string[]>>;

async function facetsOf(
  path: string,
  params: Params = {},
  version: '2.0' | '2.1' = '2.1',
): Promise<FacetsBody> {
  const res = await getJson<FacetsBody>(path, params, version);
  expect(res.status, res.text).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
  return res.body;
}

const datasetFacets = (id: string, params: Params = {}): Promise<FacetsBody> =>
  facetsOf(`/catalog/datasets/${id}/facets`, params);

function facet(body: FacetsBody, name: string): readonly Value[] {
  const found = body.facets.find((f) => f.name === name);
  if (!found) throw new Error(`no facet ${name} in ${body.facets.map((f) => f.name).join(', ')}`);
  return found.facets;
}

/** `value state count` lines, children indented. */
function outline(values: readonly Value[], indent = ''): string[] {
  return values.flatMap((v) => [
    `${indent}${v.value} ${v.state}${v.count === undefined ? '' : ` ${v.count}`}`,
    ...outline(v.facets ?? [], `${indent}  `),
  ]);
}

const counts = (values: readonly Value[]): Record<string, number | undefined> =>
  Object.fromEntries(values.map((v) => [v.value, v.count]));

const sum = (values: readonly Value[]): number => values.reduce((n, v) => n + (v.count ?? 0), 0);

/** total_count of getRecords with the same parameters. */
async function total(id: string, params: Params = {}): Promise<number> {
  const res = await getJson<{ total_count: number }>(`/catalog/datasets/${id}/records`, {
    ...params,
    limit: 0,
  });
  expect(res.status, res.text).toBe(200);
  return res.body.total_count;
}

async function catalogTotal(params: Params = {}): Promise<number> {
  const res = await getJson<{ total_count: number }>('/catalog/datasets', { ...params, limit: 0 });
  expect(res.status, res.text).toBe(200);
  return res.body.total_count;
}

async function error(path: string, params: Params): Promise<ErrorBody & { status: number }> {
  const res = await getJson<ErrorBody>(path, params);
  expect(res.body.error_code).toEqual(expect.any(String));
  expect(res.body.message).toEqual(expect.any(String));
  expect(res.body.message.length).toBeGreaterThan(0);
  return { status: res.status, ...res.body };
}

const plus = (params: Params, key: string, value: string): Params => {
  const existing = params[key];
  const list = existing === undefined ? [] : Array.isArray(existing) ? existing : [String(existing)];
  return { ...params, [key]: [...list, value] };
};

describe('getRecordsFacets', () => {
  it('enumerates the annotated facets in field order, as name/count/state/value objects', async () => {
    const body = await datasetFacets('seattle-weather');
    expect(body.links).toEqual([
      {
        rel: 'self',
        href: expect.stringMatching(/\/api\/explore\/v2\.1\/catalog\/datasets\/seattle-weather\/facets$/),
      },
      {
        rel: 'dataset',
        href: expect.stringMatching(/\/api\/explore\/v2\.1\/catalog\/datasets\/seattle-weather$/),
      },
    ]);
    expect(body.facets.map((f) => f.name)).toEqual(['date', 'weather']);
    expect(facet(body, 'weather')).toEqual([
      { name: 'rain', count: 641, state: 'displayed', value: 'rain' },
      { name: 'sun', count: 640, state: 'displayed', value: 'sun' },
      { name: 'fog', count: 101, state: 'displayed', value: 'fog' },
      { name: 'drizzle', count: 53, state: 'displayed', value: 'drizzle' },
      { name: 'snow', count: 26, state: 'displayed', value: 'snow' },
    ]);
    expect(Object.keys(facet(body, 'weather')[0]!)).toEqual(['name', 'count', 'state', 'value']);
    // Date facets start at the year level, in chronological order.
    expect(outline(facet(body, 'date'))).toEqual([
      '2012 displayed 366',
      '2013 displayed 365',
      '2014 displayed 365',
      '2015 displayed 365',
    ]);
  });

  it('answers on v2.0 with the same shape and v2.0 links', async () => {
    const body = await facetsOf('/catalog/datasets/penguins/facets', { facet: 'species' }, '2.0');
    expect(body.links.map((l) => l.rel)).toEqual(['self', 'dataset']);
    expect(body.links[0]!.href).toMatch(/\/api\/explore\/v2\.0\/catalog\/datasets\/penguins\/facets$/);
    expect(outline(facet(body, 'species'))).toEqual([
      'Adelie displayed 152',
      'Gentoo displayed 124',
      'Chinstrap displayed 68',
    ]);
  });

  it('answers 404 for an unknown dataset', async () => {
    const res = await error('/catalog/datasets/no-such-dataset/facets', {});
    expect(res).toMatchObject({ status: 404, error_code: 'NotFoundResource' });
  });

  it('does not count records without a value', async () => {
    const sex = facet(await datasetFacets('penguins', { facet: 'sex' }), 'sex');
    expect(outline(sex)).toEqual(['MALE displayed 168', 'FEMALE displayed 165']);
    expect(await total('penguins', { where: 'sex is not null' })).toBe(sum(sex));
  });
});

describe('the facet parameter', () => {
  it('enumerates only the named facets, in the order given, annotated or not', async () => {
    const body = await datasetFacets('penguins', { facet: ['island', 'flipper_length_mm', 'species'] });
    expect(body.facets.map((f) => f.name)).toEqual(['island', 'flipper_length_mm', 'species']);
    const flipper = facet(body, 'flipper_length_mm');
    expect(flipper.every((v) => v.state === 'displayed' && Number.isInteger(Number(v.value)))).toBe(true);
    expect(sum(flipper)).toBe(await total('penguins', { where: 'flipper_length_mm is not null' }));
  });

  it('accepts facet(name=…, sort=…, limit=…)', async () => {
    const body = await datasetFacets('seattle-weather', {
      facet: 'facet(name="weather", sort="alphanum", limit=2)',
    });
    expect(outline(facet(body, 'weather'))).toEqual(['drizzle displayed 53', 'fog displayed 101']);
  });

  it('sorts by count, value and number in both directions', async () => {
    const weather = async (sort: string): Promise<string[]> =>
      facet(
        await datasetFacets('seattle-weather', { facet: `facet(name="weather", sort="${sort}")` }),
        'weather',
      ).map((v) => v.value);
    expect(await weather('-count')).toEqual(['rain', 'sun', 'fog', 'drizzle', 'snow']);
    expect(await weather('count')).toEqual(['snow', 'drizzle', 'fog', 'sun', 'rain']);
    expect(await weather('alphanum')).toEqual(['drizzle', 'fog', 'rain', 'snow', 'sun']);
    expect(await weather('-alphanum')).toEqual(['sun', 'snow', 'rain', 'fog', 'drizzle']);

    const years = async (sort: string): Promise<number[]> =>
      facet(
        await datasetFacets('disasters', { facet: `facet(name="year", sort="${sort}", limit=5)` }),
        'year',
      ).map((v) => Number(v.value));
    const all = facet(await datasetFacets('disasters', { facet: 'facet(name="year", limit=1000)' }), 'year');
    const numbers = all.map((v) => Number(v.value));
    const ascending = [...numbers].sort((a, b) => a - b);
    expect(await years('num')).toEqual(ascending.slice(0, 5));
    expect(await years('-num')).toEqual([...ascending].reverse().slice(0, 5));
    const byCount = [...all].sort((a, b) => b.count! - a.count! || Number(a.value) - Number(b.value));
    expect(await years('-count')).toEqual(byCount.slice(0, 5).map((v) => Number(v.value)));
  });

  it('defaults to the facetsort annotation: -count for text, alphanum for dates', async () => {
    const body = await datasetFacets('movies', { facet: ['mpaa_rating', 'release_date'] });
    const ratings = facet(body, 'mpaa_rating');
    expect(ratings.map((v) => v.count)).toEqual([...ratings.map((v) => v.count!)].sort((a, b) => b - a));
    const years = facet(body, 'release_date').map((v) => v.value);
    expect(years).toEqual([...years].sort());
  });

  it('breaks count ties by value and gives no limit slot to records without a value', async () => {
    const keywords = facet(
      await facetsOf('/catalog/facets', { facet: 'facet(name="keyword", sort="-count")' }),
      'keyword',
    );
    const reading = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' });
    const expected = [...keywords].sort((a, b) => b.count! - a.count! || reading(a.value, b.value));
    expect(keywords.map((v) => v.value)).toEqual(expected.map((v) => v.value));
    expect(new Set(keywords.map((v) => v.count)).size).toBeLessThan(keywords.length);
    const sex = facet(
      await datasetFacets('penguins', { facet: 'facet(name="sex", sort="alphanum", limit=2)' }),
      'sex',
    );
    expect(outline(sex)).toEqual(['FEMALE displayed 165', 'MALE displayed 168']);
  });

  it('sorts text values as people read them: case and accents folded', async () => {
    const keywords = facet(
      await facetsOf('/catalog/facets', { facet: 'facet(name="keyword", sort="alphanum", limit=100)' }),
      'keyword',
    ).map((v) => v.value);
    expect(keywords.indexOf('aviation')).toBeLessThan(keywords.indexOf('United States'));
    expect(keywords.indexOf('airports')).toBeLessThan(keywords.indexOf('Antarctica'));
    expect(keywords).toEqual([...keywords].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    const reversed = facet(
      await facetsOf('/catalog/facets', { facet: 'facet(name="keyword", sort="-alphanum", limit=100)' }),
      'keyword',
    ).map((v) => v.value);
    expect(reversed).toEqual([...keywords].reverse());
  });

  it('lists a refined value even beyond the limit', async () => {
    const types = facet(
      await datasetFacets('earthquakes', { facet: 'facet(name="types", limit=2)', refine: 'types:dyfi' }),
      'types',
    );
    expect(outline(types)).toEqual([
      'geoserve displayed 1707',
      'origin displayed 1707',
      `dyfi refined ${await total('earthquakes', { refine: 'types:dyfi' })}`,
    ]);
    const hail = {
      facet: 'facet(name="weather", sort="alphanum", disjunctive=true)',
      refine: 'weather:hail',
    };
    expect(outline(facet(await datasetFacets('seattle-weather', hail), 'weather'))).toEqual([
      'drizzle displayed 53',
      'fog displayed 101',
      'hail refined 0',
      'rain displayed 641',
      'snow displayed 26',
      'sun displayed 640',
    ]);
  });

  it('limits a facet to 100 values by default', async () => {
    const states = facet(await datasetFacets('us-zip-codes', { facet: 'state' }), 'state');
    expect(states.length).toBeLessThan(100);
    expect(sum(states)).toBe(await total('us-zip-codes', { where: 'state is not null' }));
    const zips = facet(await datasetFacets('us-zip-codes', { facet: 'zip_code' }), 'zip_code');
    expect(zips).toHaveLength(100);
    const many = facet(
      await datasetFacets('us-zip-codes', { facet: 'facet(name="zip_code", limit=250)' }),
      'zip_code',
    );
    expect(many).toHaveLength(250);
  });
});

describe('refine and exclude', () => {
  it('refines on a value: only records having it are counted', async () => {
    const body = await datasetFacets('seattle-weather', { refine: 'weather:sun' });
    expect(facet(body, 'weather')).toEqual([{ name: 'sun', count: 640, state: 'refined', value: 'sun' }]);
    expect(sum(facet(body, 'date'))).toBe(640);
    expect(await total('seattle-weather', { refine: 'weather:sun' })).toBe(640);
  });

  it('accepts quoted values and back-quoted facet names', async () => {
    const expected = await datasetFacets('seattle-weather', { refine: 'weather:sun' });
    for (const refine of [
      'weather:"sun"',
      "weather:'sun'",
      '`weather`:sun',
      '`weather`:"sun"',
      ' weather : sun ',
    ]) {
      expect(await datasetFacets('seattle-weather', { refine }), refine).toEqual(expected);
      expect(await total('seattle-weather', { refine }), refine).toBe(640);
    }
    const quoted = await datasetFacets('movies', { refine: 'mpaa_rating:"PG-13"', facet: 'mpaa_rating' });
    expect(facet(quoted, 'mpaa_rating')).toEqual([
      {
        name: 'PG-13',
        count: await total('movies', { where: 'mpaa_rating = "PG-13"' }),
        state: 'refined',
        value: 'PG-13',
      },
    ]);
  });

  it('excludes a value: listed as excluded with no count, after the others', async () => {
    const body = await datasetFacets('seattle-weather', { exclude: 'weather:rain' });
    expect(facet(body, 'weather')).toEqual([
      { name: 'sun', count: 640, state: 'displayed', value: 'sun' },
      { name: 'fog', count: 101, state: 'displayed', value: 'fog' },
      { name: 'drizzle', count: 53, state: 'displayed', value: 'drizzle' },
      { name: 'snow', count: 26, state: 'displayed', value: 'snow' },
      { name: 'rain', state: 'excluded', value: 'rain' },
    ]);
    expect(sum(facet(body, 'date'))).toBe(1461 - 641);
    expect(await total('seattle-weather', { exclude: 'weather:rain' })).toBe(1461 - 641);
  });

  it('lists several excluded values in the order given', async () => {
    const body = await datasetFacets('seattle-weather', { exclude: ['weather:snow', 'weather:fog'] });
    expect(outline(facet(body, 'weather'))).toEqual([
      'rain displayed 641',
      'sun displayed 640',
      'drizzle displayed 53',
      'snow excluded',
      'fog excluded',
    ]);
    expect(await total('seattle-weather', { exclude: ['weather:snow', 'weather:fog'] })).toBe(
      1461 - 26 - 101,
    );
  });

  it('combines a refine and an exclude on the same facet', async () => {
    const params = { refine: 'weather:sun', exclude: 'weather:rain' };
    expect(outline(facet(await datasetFacets('seattle-weather', params), 'weather'))).toEqual([
      'sun refined 640',
      'rain excluded',
    ]);
    expect(await total('seattle-weather', params)).toBe(640);

    // On a disjunctive facet the other values stay enumerated, counted without the refine but with the exclude.
    const quake = { refine: 'types:dyfi', exclude: 'types:moment-tensor' };
    const types = facet(await datasetFacets('earthquakes', { ...quake, facet: 'types' }), 'types');
    const unrefined = counts(
      facet(await datasetFacets('earthquakes', { exclude: quake.exclude, facet: 'types' }), 'types'),
    );
    expect(types.at(-1)).toEqual({ name: 'moment-tensor', state: 'excluded', value: 'moment-tensor' });
    expect(types.find((v) => v.value === 'dyfi')?.state).toBe('refined');
    expect(counts(types)).toEqual({ ...unrefined, 'moment-tensor': undefined });
    expect(types.find((v) => v.value === 'dyfi')?.count).toBe(await total('earthquakes', quake));
    expect(await total('earthquakes', quake)).toBe(
      (await total('earthquakes', { refine: 'types:dyfi' })) -
        (await total('earthquakes', {
          refine: ['types:dyfi', 'types:moment-tensor'],
          facet: 'facet(name="types", disjunctive=false)',
        })),
    );
  });

  it('ANDs several refines on one facet that is not disjunctive', async () => {
    const both = { refine: ['weather:sun', 'weather:rain'] };
    expect(await total('seattle-weather', both)).toBe(0);
    expect(outline(facet(await datasetFacets('seattle-weather', both), 'weather'))).toEqual([
      'rain refined 0',
      'sun refined 0',
    ]);
    expect(facet(await datasetFacets('seattle-weather', both), 'date')).toEqual([]);

    // A multivalued facet made conjunctive: records having both values.
    const conjunctive = {
      facet: 'facet(name="types", disjunctive=false)',
      refine: ['types:dyfi', 'types:moment-tensor'],
    };
    const n = await total('earthquakes', conjunctive);
    expect(n).toBeGreaterThan(0);
    expect(n).toBeLessThan(await total('earthquakes', { refine: 'types:moment-tensor' }));
    const types = facet(await datasetFacets('earthquakes', conjunctive), 'types');
    expect(types.filter((v) => v.state === 'refined').map((v) => [v.value, v.count])).toEqual([
      ['dyfi', n],
      ['moment-tensor', n],
    ]);
    expect(Math.max(...types.map((v) => v.count ?? 0))).toBe(n);
  });

  it('ORs several refines on a disjunctive facet and keeps enumerating its other values', async () => {
    // earthquakes.types is annotated disjunctive.
    const all = counts(facet(await datasetFacets('earthquakes', { facet: 'types' }), 'types'));
    const either = { refine: ['types:dyfi', 'types:moment-tensor'] };
    const body = await datasetFacets('earthquakes', either);
    const types = facet(body, 'types');
    expect(counts(types)).toEqual(all);
    expect(types.filter((v) => v.state === 'refined').map((v) => v.value)).toEqual(['dyfi', 'moment-tensor']);
    const n = await total('earthquakes', either);
    const both = await total('earthquakes', { ...either, facet: 'facet(name="types", disjunctive=false)' });
    expect(n).toBe(all.dyfi! + all['moment-tensor']! - both);
    // The other facets count the records having either value.
    expect(sum(facet(body, 'net'))).toBe(n);

    // facet(disjunctive=true) makes a single-valued facet disjunctive.
    const weather = {
      facet: 'facet(name="weather", disjunctive=true)',
      refine: ['weather:sun', 'weather:rain'],
    };
    expect(outline(facet(await datasetFacets('seattle-weather', weather), 'weather'))).toEqual([
      'rain refined 641',
      'sun refined 640',
      'fog displayed 101',
      'drizzle displayed 53',
      'snow displayed 26',
    ]);
    expect(await total('seattle-weather', weather)).toBe(641 + 640);
  });

  it('counts each value of a multivalued field', async () => {
    const types = facet(await datasetFacets('earthquakes', { facet: 'types' }), 'types');
    const records = await total('earthquakes');
    expect(types.find((v) => v.value === 'origin')?.count).toBe(records);
    expect(sum(types)).toBeGreaterThan(records);
    for (const v of types.slice(0, 8)) {
      expect(await total('earthquakes', { refine: `types:${v.value}` }), v.value).toBe(v.count);
    }
    const excluded = await total('earthquakes', { exclude: 'types:dyfi' });
    expect(excluded).toBe(records - types.find((v) => v.value === 'dyfi')!.count!);
  });

  it('compares numbers as numbers', async () => {
    const years = facet(await datasetFacets('disasters', { facet: 'year', refine: 'year:1900.0' }), 'year');
    expect(years).toEqual([
      {
        name: '1900',
        count: await total('disasters', { where: 'year = 1900' }),
        state: 'refined',
        value: '1900',
      },
    ]);
    const excluded = facet(await datasetFacets('disasters', { facet: 'year', exclude: 'year:1900' }), 'year');
    expect(excluded.at(-1)).toEqual({ name: '1900', state: 'excluded', value: '1900' });
  });

  it('applies on getRecords to any field a facet can be built on, annotated or not', async () => {
    const where = await total('seattle-weather', { where: 'wind = 3.1' });
    expect(await total('seattle-weather', { facet: 'wind', refine: 'wind:3.1' })).toBe(where);
    // As v1 and the official client's README do: no `facet` needed.
    expect(await total('seattle-weather', { refine: 'wind:3.1' })).toBe(where);
    expect(where).toBeGreaterThan(0);
  });
});

describe('hierarchical date facets', () => {
  it('drills down seattle-weather.date: years, then months, then days', async () => {
    const year = facet(await datasetFacets('seattle-weather', { refine: 'date:2012' }), 'date');
    expect(year).toHaveLength(1);
    expect(year[0]).toMatchObject({ name: '2012', value: '2012', count: 366, state: 'refined' });
    const months = year[0]!.facets!;
    expect(months.map((m) => m.name)).toEqual([
      '01',
      '02',
      '03',
      '04',
      '05',
      '06',
      '07',
      '08',
      '09',
      '10',
      '11',
      '12',
    ]);
    expect(months[1]).toEqual({ name: '02', count: 29, state: 'displayed', value: '2012/02' });
    expect(sum(months)).toBe(366);

    const month = facet(await datasetFacets('seattle-weather', { refine: 'date:2012/02' }), 'date');
    expect(month[0]).toMatchObject({ value: '2012', count: 29, state: 'refined' });
    expect(month[0]!.facets).toHaveLength(1);
    expect(month[0]!.facets![0]).toMatchObject({ name: '02', value: '2012/02', count: 29, state: 'refined' });
    const days = month[0]!.facets![0]!.facets!;
    expect(days).toHaveLength(29);
    expect(days[28]).toEqual({ name: '29', count: 1, state: 'displayed', value: '2012/02/29' });

    const day = facet(await datasetFacets('seattle-weather', { refine: 'date:2012/02/29' }), 'date');
    expect(outline(day)).toEqual(['2012 refined 1', '  2012/02 refined 1', '    2012/02/29 refined 1']);
    expect(day[0]!.facets![0]!.facets![0]!.facets).toBeUndefined();
    expect(await total('seattle-weather', { refine: 'date:2012/02/29' })).toBe(1);
    expect(await total('seattle-weather', { refine: 'date:2012/02' })).toBe(29);
    expect(await total('seattle-weather', { refine: 'date:2012' })).toBe(366);
  });

  it('lists an excluded year without count, and an excluded month under its year', async () => {
    expect(outline(facet(await datasetFacets('seattle-weather', { exclude: 'date:2013' }), 'date'))).toEqual([
      '2012 displayed 366',
      '2014 displayed 365',
      '2015 displayed 365',
      '2013 excluded',
    ]);
    const date = facet(await datasetFacets('seattle-weather', { exclude: 'date:2012/03' }), 'date');
    expect(date[0]).toMatchObject({ value: '2012', count: 366 - 31, state: 'displayed' });
    expect(date[0]!.facets).toHaveLength(12);
    expect(date[0]!.facets!.at(-1)).toEqual({ name: '03', state: 'excluded', value: '2012/03' });
    expect(outline(date.slice(1))).toEqual([
      '2013 displayed 365',
      '2014 displayed 365',
      '2015 displayed 365',
    ]);
    expect(await total('seattle-weather', { exclude: 'date:2012/03' })).toBe(1461 - 31);

    const both = facet(
      await datasetFacets('seattle-weather', { refine: 'date:2012/03', exclude: 'date:2012/03/05' }),
      'date',
    );
    const march = both[0]!.facets![0]!;
    expect(march).toMatchObject({ value: '2012/03', count: 30, state: 'refined' });
    expect(march.facets).toHaveLength(31);
    expect(march.facets!.at(-1)).toEqual({ name: '05', state: 'excluded', value: '2012/03/05' });
  });

  it('drills down flights.date (datetime, 3,000,000 records)', async () => {
    const years = facet(await datasetFacets('flights', { facet: 'date' }), 'date');
    expect(outline(years)).toEqual(['2001 displayed 3000000']);
    const months = facet(await datasetFacets('flights', { refine: 'date:2001' }), 'date')[0]!.facets!;
    expect(months.map((m) => m.value).slice(0, 6)).toEqual([
      '2001/01',
      '2001/02',
      '2001/03',
      '2001/04',
      '2001/05',
      '2001/06',
    ]);
    expect(sum(months)).toBe(3_000_000);
    const january = months[0]!;
    const days = facet(await datasetFacets('flights', { refine: 'date:2001/01' }), 'date')[0]!.facets![0]!
      .facets!;
    expect(days.map((d) => d.name)).toEqual(
      Array.from({ length: 31 }, (_, i) => String(i + 1).padStart(2, '0')),
    );
    expect(sum(days)).toBe(january.count);
    expect(await total('flights', { refine: 'date:2001/01' })).toBe(january.count);
    expect(await total('flights', { refine: 'date:2001/01/05' })).toBe(days[4]!.count);
    expect(await total('flights', { where: "date >= date'2001-01-05' and date < date'2001-01-06'" })).toBe(
      days[4]!.count,
    );
  });

  it('cuts years, months and days in the request timezone', async () => {
    const tz = 'America/Los_Angeles';
    const utcDay = facet(await datasetFacets('flights', { refine: 'date:2001/01/05' }), 'date');
    const laDay = facet(await datasetFacets('flights', { refine: 'date:2001/01/05', timezone: tz }), 'date');
    const count = (tree: readonly Value[]): number | undefined => tree[0]?.facets?.[0]?.facets?.[0]?.count;
    expect(count(laDay)).not.toBe(count(utcDay));
    expect(await total('flights', { refine: 'date:2001/01/05', timezone: tz })).toBe(count(laDay));
    expect(
      await total('flights', { where: "date >= date'2001-01-05' and date < date'2001-01-06'", timezone: tz }),
    ).toBe(count(laDay));

    // The first UTC hours of 2001 are still 2000 in Los Angeles.
    const years = facet(await datasetFacets('flights', { facet: 'date', timezone: tz }), 'date');
    expect(years.map((y) => y.value)).toEqual(['2000', '2001']);
    expect(sum(years)).toBe(3_000_000);
    expect(years[0]!.count).toBe(await total('flights', { where: "date < date'2001-01-01'", timezone: tz }));

    // Days around a daylight saving change (Paris moved to summer time on 2001-03-25).
    const paris = { refine: 'date:2001/03', timezone: 'Europe/Paris' };
    const march = facet(await datasetFacets('flights', paris), 'date')[0]!.facets![0]!;
    expect(march.facets).toHaveLength(31);
    expect(sum(march.facets!)).toBe(march.count);
    expect(await total('flights', paris)).toBe(march.count);
    for (const day of [24, 25, 26]) {
      const expected = await total('flights', {
        where: `date >= date'2001-03-${day}' and date < date'2001-03-${day + 1}'`,
        timezone: 'Europe/Paris',
      });
      expect(march.facets!.find((d) => d.name === String(day))?.count, String(day)).toBe(expected);
    }

    // Date fields (no time of day) do not move with the timezone.
    const kiritimati = { refine: 'date:2012/03', timezone: 'Pacific/Kiritimati' };
    expect(await datasetFacets('seattle-weather', kiritimati)).toEqual(
      await datasetFacets('seattle-weather', { refine: 'date:2012/03' }),
    );
  });

  it('keeps the flights facets fast', async () => {
    const started = performance.now();
    const body = await datasetFacets('flights', {
      refine: ['date:2001/03', 'origin:LAX'],
      exclude: 'destination:SFO',
    });
    expect(body.facets.map((f) => f.name)).toEqual(['date', 'origin', 'destination']);
    expect(performance.now() - started).toBeLessThan(5000);
    const n = await total('flights', { refine: ['date:2001/03', 'origin:LAX'], exclude: 'destination:SFO' });
    expect(facet(body, 'origin')).toEqual([{ name: 'LAX', count: n, state: 'refined', value: 'LAX' }]);
    expect(sum(facet(body, 'destination'))).toBe(n);
    expect(facet(body, 'destination').at(-1)).toEqual({ name: 'SFO', state: 'excluded', value: 'SFO' });
  });
});

describe('hierarchical text facets', () => {
  it('splits values on the separator given with facet(hierarchical=true, separator=…)', async () => {
    const spec = 'facet(name="types", hierarchical=true, separator="-")';
    const top = facet(await datasetFacets('earthquakes', { facet: spec }), 'types');
    expect(top.map((v) => v.value)).toContain('phase');
    expect(top.map((v) => v.value)).not.toContain('phase-data');
    expect(top.every((v) => v.facets === undefined)).toBe(true);

    const refined = facet(
      await datasetFacets('earthquakes', { facet: spec, refine: 'types:phase' }),
      'types',
    );
    const phase = refined.find((v) => v.value === 'phase')!;
    const n = await total('earthquakes', { facet: spec, refine: 'types:phase' });
    expect(phase).toEqual({
      name: 'phase',
      count: n,
      state: 'refined',
      value: 'phase',
      facets: [{ name: 'data', count: n, state: 'displayed', value: 'phase-data' }],
    });
    expect(n).toBe(await total('earthquakes', { refine: 'types:phase-data' }));
  });
});

describe('agreement with total_count', () => {
  const cases: { id: string; facet: string; params: Params }[] = [
    { id: 'seattle-weather', facet: 'weather', params: { where: 'temp_max > 25' } },
    { id: 'seattle-weather', facet: 'weather', params: { refine: 'date:2014', exclude: 'weather:sun' } },
    { id: 'penguins', facet: 'island', params: { refine: 'species:Adelie', exclude: 'sex:MALE' } },
    {
      id: 'movies',
      facet: 'mpaa_rating',
      params: { where: 'running_time_min > 120', refine: 'release_date:2000' },
    },
    { id: 'flights', facet: 'origin', params: { refine: 'date:2001/06/30', where: 'delay > 60' } },
  ];
  for (const c of cases) {
    it(`${c.id} ${c.facet} with ${JSON.stringify(c.params)}`, async () => {
      const all = `facet(name="${c.facet}", limit=5000)`;
      const values = facet(await datasetFacets(c.id, { ...c.params, facet: all }), c.facet);
      const shown = values.filter((v) => v.state !== 'excluded');
      expect(shown.length).toBeGreaterThan(0);
      expect(sum(shown)).toBe(
        await total(c.id, { ...c.params, where: plusWhere(c.params, `${c.facet} is not null`) }),
      );
      for (const v of shown.slice(0, 4)) {
        expect(await total(c.id, plus(c.params, 'refine', `${c.facet}:"${v.value}"`)), v.value).toBe(v.count);
      }
    });
  }
});

function plusWhere(params: Params, condition: string): string[] {
  const where = params.where;
  return [...(where === undefined ? [] : Array.isArray(where) ? where : [String(where)]), condition];
}

describe('getDatasetsFacets', () => {
  it('enumerates the catalog facets over dataset metadata', async () => {
    const body = await facetsOf('/catalog/facets');
    expect(body.links).toEqual([
      { rel: 'self', href: expect.stringMatching(/\/api\/explore\/v2\.1\/catalog\/facets$/) },
      { rel: 'source', href: expect.stringMatching(/\/api\/explore\/v2\.1\/catalog$/) },
    ]);
    expect(body.facets.map((f) => f.name)).toEqual([
      'features',
      'theme',
      'keyword',
      'publisher',
      'language',
      'license',
      'modified',
    ]);
    const datasets = await catalogTotal();
    expect(outline(facet(body, 'language'))).toEqual([`en displayed ${datasets}`]);
    expect(sum(facet(body, 'modified'))).toBe(datasets);
    expect(facet(body, 'modified').every((v) => /^\d{4}$/.test(v.value))).toBe(true);
    for (const name of ['features', 'theme', 'keyword', 'publisher', 'license']) {
      const values = facet(body, name);
      expect(values.length, name).toBeGreaterThan(0);
      // alphanum, in reading order.
      expect(
        values.map((v) => v.value),
        name,
      ).toEqual(
        [...values.map((v) => v.value)].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })),
      );
    }
    expect(facet(body, 'features').map((v) => v.value)).toEqual(
      expect.arrayContaining(['analyze', 'geo', 'timeserie']),
    );
  });

  it('agrees with getDatasets for refine and exclude', async () => {
    const all = await catalogTotal();
    const features = facet(await facetsOf('/catalog/facets'), 'features');
    for (const v of features) {
      expect(await catalogTotal({ refine: `features:${v.value}` }), v.value).toBe(v.count);
      expect(await catalogTotal({ exclude: `features:${v.value}` }), v.value).toBe(all - v.count!);
    }
    const themes = facet(await facetsOf('/catalog/facets', { facet: 'theme' }), 'theme');
    const theme = themes[0]!;
    expect(await catalogTotal({ refine: `theme:"${theme.value}"` })).toBe(theme.count);

    const excluded = await facetsOf('/catalog/facets', { exclude: 'features:geo' });
    expect(facet(excluded, 'features').at(-1)).toEqual({ name: 'geo', state: 'excluded', value: 'geo' });
    expect(sum(facet(excluded, 'language'))).toBe(await catalogTotal({ exclude: 'features:geo' }));

    const refined = await facetsOf('/catalog/facets', {
      refine: 'features:geo',
      where: 'records_count > 1000',
    });
    expect(sum(facet(refined, 'modified'))).toBe(
      await catalogTotal({ refine: 'features:geo', where: 'records_count > 1000' }),
    );
  });

  it('drills down modified by date', async () => {
    const years = facet(await facetsOf('/catalog/facets', { facet: 'modified' }), 'modified');
    const year = years[0]!;
    const refined = facet(
      await facetsOf('/catalog/facets', { facet: 'modified', refine: `modified:${year.value}` }),
      'modified',
    );
    expect(refined).toHaveLength(1);
    expect(refined[0]).toMatchObject({
      name: year.value,
      value: year.value,
      count: year.count,
      state: 'refined',
    });
    const months = refined[0]!.facets!;
    expect(months.length).toBeGreaterThan(0);
    expect(months.every((m) => m.value === `${year.value}/${m.name}` && /^\d\d$/.test(m.name))).toBe(true);
    expect(sum(months)).toBe(year.count);
    expect(await catalogTotal({ refine: `modified:${year.value}` })).toBe(year.count);
    expect(await catalogTotal({ refine: `modified:${months[0]!.value}` })).toBe(months[0]!.count);
  });
});

describe('bad input', () => {
  it('refuses an unknown facet name', async () => {
    const res = await error('/catalog/datasets/seattle-weather/facets', { facet: 'nope' });
    expect(res).toEqual({
      status: 400,
      error_code: 'InvalidRESTParameterError',
      message:
        'Invalid value for facet API parameter: nope was found but the name of a field of the dataset is expected.',
    });
    const catalog = await error('/catalog/facets', { facet: 'nope' });
    expect(catalog).toMatchObject({ status: 400, error_code: 'InvalidRESTParameterError' });
    expect(catalog.message).toContain(
      'one of features, theme, keyword, publisher, language, license, modified',
    );
  });

  it('refuses a field that cannot be a facet', async () => {
    const res = await error('/catalog/datasets/earthquakes/facets', { facet: 'coordinates' });
    expect(res).toMatchObject({ status: 400, error_code: 'InvalidRESTParameterError' });
    expect(res.message).toContain('coordinates is a geo_point_2d field');
  });

  it('refuses a malformed facet() expression', async () => {
    const res = await error('/catalog/datasets/seattle-weather/facets', {
      facet: 'facet(name="weather", sort="up")',
    });
    expect(res).toMatchObject({ status: 400, error_code: 'ODSQLError' });
    expect(res.message).toContain('sort must be one of count, -count, alphanum, -alphanum, num, -num');
    expect(res.message).toContain('Clause(s) containing the error(s): facet.');
  });

  it('refuses a malformed refine or exclude', async () => {
    for (const [kind, value] of [
      ['refine', 'weather'],
      ['refine', 'weather:'],
      ['exclude', 'weather:"sun'],
      ['refine', ':sun'],
    ] as const) {
      const res = await error('/catalog/datasets/seattle-weather/facets', { [kind]: value });
      expect(res, value).toMatchObject({ status: 400, error_code: 'ODSQLError' });
      expect(res.message, value).toContain(`Clause(s) containing the error(s): ${kind}.`);
      const records = await error('/catalog/datasets/seattle-weather/records', { [kind]: value });
      expect(records, value).toMatchObject({ status: 400, error_code: 'ODSQLError' });
    }
  });

  it('refuses a refine on a field that no facet can be built on', async () => {
    // A field that is not annotated as a facet is refined all the same, and then enumerated.
    const wind = await datasetFacets('seattle-weather', { refine: 'wind:3' });
    expect(facet(wind, 'wind')[0]).toMatchObject({ name: '3', state: 'refined' });
    const exclude = await error('/catalog/datasets/seattle-weather/facets', { exclude: 'nope:3' });
    expect(exclude).toMatchObject({ status: 400, error_code: 'InvalidRESTParameterError' });
    expect(exclude.message).toContain('nope is not a facet');
    for (const path of ['/catalog/facets', '/catalog/datasets']) {
      const catalog = await error(path, { refine: 'title:x' });
      expect(catalog, path).toMatchObject({ status: 400, error_code: 'InvalidRESTParameterError' });
      expect(catalog.message, path).toContain('title is not a facet (the facets are features, theme');
    }
  });

  it('refuses a refine value of the wrong kind for its facet', async () => {
    for (const refine of ['date:2012/13', 'date:2012/02/30', 'date:yesterday']) {
      const res = await error('/catalog/datasets/seattle-weather/facets', { refine });
      expect(res, refine).toMatchObject({ status: 400, error_code: 'InvalidRESTParameterError' });
      expect(res.message, refine).toContain('date:YYYY, date:YYYY/MM or date:YYYY/MM/DD is expected');
    }
    const number = await error('/catalog/datasets/disasters/facets', { refine: 'year:recent' });
    expect(number).toMatchObject({ status: 400, error_code: 'InvalidRESTParameterError' });
  });

  it('checks where, lang and timezone', async () => {
    const where = await error('/catalog/datasets/seattle-weather/facets', { where: 'no_such_field > 1' });
    expect(where).toMatchObject({ status: 400, error_code: 'ODSQLError' });
    expect(where.message).toContain('Unknown field: no_such_field');
    expect(
      (await error('/catalog/datasets/seattle-weather/facets', { timezone: 'Mars/Olympus' })).status,
    ).toBe(400);
    expect((await error('/catalog/facets', { lang: 'xx' })).status).toBe(400);
    expect(
      facet(await datasetFacets('seattle-weather', { lang: 'en', timezone: 'Europe/Paris' }), 'weather'),
    ).toHaveLength(5);
  });
});
