import { describe, expect, it } from 'vitest';
import { getJson } from '../testing/http';
import {
  asV1,
  type V1FacetValue,
  type V1Record,
  type V2FacetValue,
  v1Fields,
  v1 as v1Get,
  v1Records,
  v20Records,
} from './testing';

/*
 * v1.0 records search over HTTP on the default catalog, compared with the v2.0 answers for the same
 * filters: counts, record ids and order, field values, facet counts.
 */

const ids = (records: readonly { recordid: string }[]): string[] => records.map((r) => r.recordid);
const v20Ids = (records: readonly { record: { id: string } }[]): string[] => records.map((r) => r.record.id);

describe('v1 records search: pages and records', () => {
  it('answers the first page as v2.0 does, in the v1 shape', async () => {
    const [v1, v2] = await Promise.all([
      v1Records({ dataset: 'penguins' }),
      v20Records('penguins', { limit: 10 }),
    ]);
    expect(v1.nhits).toBe(344);
    expect(v1.nhits).toBe(v2.total_count);
    expect(v1.parameters).toEqual({
      dataset: 'penguins',
      timezone: 'UTC',
      rows: 10,
      format: 'json',
    });
    expect(v1).not.toHaveProperty('facet_groups');
    expect(ids(v1.records)).toEqual(v20Ids(v2.records));
    v1.records.forEach((r, i) => {
      expect(r.datasetid).toBe('penguins');
      expect(r.fields).toEqual(v1Fields(v2.records[i]!.record.fields));
      expect(r.record_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d{6})?\+00:00$/);
      expect(r).not.toHaveProperty('geometry');
    });
    // Null fields are left out (penguins have missing measures).
    const page = await v1Records({ dataset: 'penguins', q: '#null(sex)', rows: 20 });
    expect(page.nhits).toBe(11);
    for (const r of page.records) expect(r.fields).not.toHaveProperty('sex');
  });

  it('pages with start and rows like offset and limit, up to 10,000 records', async () => {
    const [v1, v2] = await Promise.all([
      v1Records({ dataset: 'movies', start: 20, rows: 7 }),
      v20Records('movies', { offset: 20, limit: 7 }),
    ]);
    expect(ids(v1.records)).toEqual(v20Ids(v2.records));
    const big = await v1Records({ dataset: 'us-zip-codes', start: 9000, rows: 1000, fields: 'zip_code' });
    expect(big.records).toHaveLength(1000);
    const all = await v1Records({ dataset: 'penguins', rows: -1, fields: 'species' });
    expect(all.records).toHaveLength(344);
  });

  it.each([
    ['body_mass_g', 'body_mass_g DESC'],
    ['-body_mass_g', 'body_mass_g ASC'],
    ['species', 'species ASC'],
    ['-species', 'species DESC'],
  ])('sort=%s is order_by=%s (numbers descend by default, text ascends)', async (sort, orderBy) => {
    const [v1, v2] = await Promise.all([
      v1Records({ dataset: 'penguins', sort, rows: 30 }),
      v20Records('penguins', { order_by: orderBy, limit: 30 }),
    ]);
    expect(ids(v1.records)).toEqual(v20Ids(v2.records));
    expect(v1.parameters.sort).toEqual([sort]);
  });

  it('shows the requested fields, and the geometry of the geo field as GeoJSON [lon, lat]', async () => {
    const [v1, v2] = await Promise.all([
      v1Records({ dataset: 'airports', rows: 5 }),
      v20Records('airports', { limit: 5 }),
    ]);
    v1.records.forEach((r, i) => {
      const point = v2.records[i]!.record.fields.coordinates as { lat: number; lon: number };
      expect(r.fields.coordinates).toEqual([point.lat, point.lon]);
      expect(r.geometry).toEqual({ type: 'Point', coordinates: [point.lon, point.lat] });
    });
    const some = await v1Records({ dataset: 'airports', rows: 3, fields: 'iata,city' });
    for (const r of some.records) {
      expect(Object.keys(r.fields).sort()).toEqual(['city', 'iata']);
      expect(r.geometry?.type).toBe('Point');
    }
    const shapes = await v1Records({ dataset: 'london-boroughs', rows: 2, fields: 'name,shape' });
    for (const r of shapes.records) {
      const shape = r.fields.shape as { type: string };
      expect(['Polygon', 'MultiPolygon']).toContain(shape.type);
      // The first geo point field (the centroid) gives `geometry`.
      expect(r.geometry?.type).toBe('Point');
    }
  });

  it('writes datetimes and record timestamps in the requested time zone', async () => {
    const params = {
      dataset: 'flights',
      q: 'origin==SFO AND delay>300',
      sort: 'delay',
      timezone: 'Europe/Paris',
    };
    const [v1, v2] = await Promise.all([
      v1Records(params),
      v20Records('flights', {
        where: 'origin = "SFO" AND delay > 300',
        order_by: 'delay DESC',
        timezone: 'Europe/Paris',
      }),
    ]);
    expect(v1.nhits).toBe(v2.total_count);
    expect(ids(v1.records)).toEqual(v20Ids(v2.records));
    for (const [i, r] of v1.records.entries()) {
      expect(r.fields.date).toBe(v2.records[i]!.record.fields.date);
      expect(r.fields.date).toMatch(/\+0[12]:00$/);
      expect(r.record_timestamp).toMatch(/\+0[12]:00$/);
    }
  });
});

describe('v1 record lookup', () => {
  it('answers one record as records search shows it; 404 for an unknown id', async () => {
    const page = await v1Records({ dataset: 'airports', rows: 3, timezone: 'America/Chicago' });
    for (const r of page.records) {
      const one = await v1Get<V1Record>(`datasets/1.0/airports/records/${r.recordid}`, {
        timezone: 'America/Chicago',
      });
      expect(one.status).toBe(200);
      expect(one.body).toEqual(r);
    }
    const missing = await v1Get<{ error_code: string }>('datasets/1.0/airports/records/no-such-record');
    expect(missing.status).toBe(404);
    expect(missing.body.error_code).toBe('NotFoundResource');
  });
});

describe('v1 q compared with v2.0 where', () => {
  it.each([
    ['penguins', 'species:Adelie AND body_mass_g>=4000', 'species = "Adelie" AND body_mass_g >= 4000'],
    ['penguins', 'island==Dream OR island==Biscoe', 'island IN ("Dream", "Biscoe")'],
    ['penguins', 'NOT sex:male', 'NOT sex = "MALE"'],
    [
      'penguins',
      'body_mass_g:[3000 TO 3500[ AND NOT #null(sex)',
      'body_mass_g >= 3000 AND body_mass_g < 3500 AND sex IS NOT NULL',
    ],
    ['penguins', 'adelie dream', 'species = "Adelie" AND island = "Dream"'],
    ['movies', 'star wars', 'search("star") AND search("wars")'],
    ['movies', '"star wars"', '"star wars"'],
    ['movies', '#startswith(title, "Star")', 'startswith(title, "Star")'],
    ['movies', '#exact(mpaa_rating, "PG-13") AND imdb_rating>8', 'mpaa_rating = "PG-13" AND imdb_rating > 8'],
    ['movies', 'release_date:1998', "release_date >= date'1998-01-01' AND release_date < date'1999-01-01'"],
    ['seattle-weather', 'date:2014/07', "date >= date'2014-07-01' AND date < date'2014-08-01'"],
    ['seattle-weather', 'date<=2012/01/05', "date < date'2012-01-06'"],
    [
      'seattle-weather',
      'precipitation:[10 TO 20] AND weather:rain',
      'precipitation >= 10 AND precipitation <= 20 AND weather = "rain"',
    ],
    ['earthquakes', 'time>=2018-02-04T12:00:00 AND mag>4', "time >= date'2018-02-04T12:00:00' AND mag > 4"],
    [
      'airports',
      '#distance(coordinates, "37.62,-122.38", 20000)',
      "within_distance(coordinates, geom'POINT(-122.38 37.62)', 20km)",
    ],
    [
      'airports',
      '#polygon(coordinates, "(40,-75),(40,-73),(42,-73),(42,-75)")',
      'in_bbox(coordinates, 40, -75, 42, -73)',
    ],
    ['flights', 'origin==SFO AND delay>300', 'origin = "SFO" AND delay > 300'],
  ])('%s: %s', async (dataset, q, where) => {
    const [v1, v2] = await Promise.all([
      v1Records({ dataset, q, rows: 20 }),
      v20Records(dataset, { where, limit: 20 }),
    ]);
    expect(v1.nhits).toBeGreaterThan(0);
    expect(v1.nhits).toBe(v2.total_count);
    expect(ids(v1.records)).toEqual(v20Ids(v2.records));
    expect(v1.parameters.q).toBe(q);
  });

  it('counts known values: July 2014 in Seattle has 31 days, movies of 1998 their release dates', async () => {
    expect((await v1Records({ dataset: 'seattle-weather', q: 'date:2014/07', rows: 0 })).nhits).toBe(31);
    const movies = await v1Records({
      dataset: 'movies',
      q: 'release_date:1998',
      rows: 100,
      fields: 'release_date',
    });
    for (const r of movies.records) expect(r.fields.release_date).toMatch(/^1998-/);
  });

  it('filters by geofilter.distance and geofilter.polygon like #distance and #polygon', async () => {
    const circle = await v1Records({
      dataset: 'airports',
      'geofilter.distance': '37.62,-122.38,20000',
      rows: 50,
    });
    const q = await v1Records({
      dataset: 'airports',
      q: '#distance(coordinates,"37.62,-122.38,20000")',
      rows: 50,
    });
    expect(circle.nhits).toBeGreaterThan(0);
    expect(ids(circle.records)).toEqual(ids(q.records));
    const polygon = await v1Records({
      dataset: 'airports',
      'geofilter.polygon': '(40,-75),(40,-73),(42,-73),(42,-75)',
      rows: 100,
    });
    for (const r of polygon.records) {
      const [lat, lon] = r.fields.coordinates as [number, number];
      expect(lat).toBeGreaterThanOrEqual(40);
      expect(lat).toBeLessThanOrEqual(42);
      expect(lon).toBeGreaterThanOrEqual(-75);
      expect(lon).toBeLessThanOrEqual(-73);
    }
  });
});

describe('v1 facets compared with v2.0 facets', () => {
  async function v20Facets(
    datasetId: string,
    params: Record<string, string | string[]>,
  ): Promise<{ name: string; facets: V2FacetValue[] }[]> {
    const res = await getJson<{ facets: { name: string; facets: V2FacetValue[] }[] }>(
      `/catalog/datasets/${datasetId}/facets`,
      params,
      '2.0',
    );
    expect(res.status).toBe(200);
    return res.body.facets;
  }

  it('enumerates requested facets with refine and exclude, as v2.0 counts them', async () => {
    const v1 = await v1Records({
      dataset: 'penguins',
      facet: ['species', 'island', 'sex'],
      'refine.island': 'Dream',
      'exclude.sex': 'FEMALE',
      rows: 0,
    });
    const v2 = await v20Facets('penguins', {
      facet: ['species', 'island', 'sex'],
      refine: 'island:Dream',
      exclude: 'sex:FEMALE',
    });
    const count = await v20Records('penguins', { refine: 'island:Dream', exclude: 'sex:FEMALE', limit: 0 });
    expect(v1.nhits).toBe(count.total_count);
    expect(v1.facet_groups?.map((g) => g.name)).toEqual(['species', 'island', 'sex']);
    expect(v1.facet_groups?.map((g) => g.facets)).toEqual(v2.map((g) => asV1(g.facets)));
    const sex = v1.facet_groups?.find((g) => g.name === 'sex')?.facets;
    expect(sex?.find((v) => v.path === 'FEMALE')).toEqual({
      name: 'FEMALE',
      path: 'FEMALE',
      state: 'excluded',
    });
    expect(v1.parameters).toMatchObject({
      facet: ['species', 'island', 'sex'],
      refine: { island: 'Dream' },
      exclude: { sex: 'FEMALE' },
    });
  });

  it('nests a refined date facet: year, month, days; a refine alone shows its facet', async () => {
    const v1 = await v1Records({ dataset: 'seattle-weather', 'refine.date': '2014/07', rows: 0 });
    const v2 = await v20Facets('seattle-weather', { facet: 'date', refine: 'date:2014/07' });
    expect(v1.nhits).toBe(31);
    expect(v1.facet_groups).toHaveLength(1);
    expect(v1.facet_groups![0]!.facets).toEqual(asV1(v2[0]!.facets));
    const year = v1.facet_groups![0]!.facets.find((v) => v.path === '2014') as V1FacetValue;
    // Only the refined month is refined; its year stays displayed (conformance capture 41).
    expect(year.state).toBe('displayed');
    const month = year.facets?.find((v) => v.path === '2014/07');
    expect(month).toMatchObject({ name: '07', count: 31, state: 'refined' });
    expect(month?.facets).toHaveLength(31);
  });

  it('ORs the refines of a disjunctive facet and keeps its other values counted', async () => {
    const v1 = await v1Records({
      dataset: 'earthquakes',
      facet: 'types',
      'refine.types': ['dyfi', 'shakemap'],
      'disjunctive.types': 'true',
      rows: 0,
    });
    const v2 = await v20Records('earthquakes', {
      where: '"dyfi" IN types OR "shakemap" IN types',
      limit: 0,
    });
    expect(v1.nhits).toBe(v2.total_count);
    const values = v1.facet_groups![0]!.facets;
    expect(
      values
        .filter((v) => v.state === 'refined')
        .map((v) => v.path)
        .sort(),
    ).toEqual(['dyfi', 'shakemap']);
    expect(values.filter((v) => v.state === 'displayed').length).toBeGreaterThan(0);
  });

  it('combines q with facets: the counts are those of the filtered records', async () => {
    const v1 = await v1Records({ dataset: 'penguins', q: 'body_mass_g>4500', facet: 'species', rows: 0 });
    const v2 = await v20Facets('penguins', { facet: 'species', where: 'body_mass_g > 4500' });
    expect(v1.facet_groups![0]!.facets).toEqual(asV1(v2[0]!.facets));
  });
});
