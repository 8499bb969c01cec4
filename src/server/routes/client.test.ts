import {
  type ApiCatalog,
  ApiClient,
  type ApiDatasetRecords,
  type ApiFacets,
  type ApiQuery,
  all,
  type Dataset,
  fromCatalog,
  NotFoundError,
  string,
  UserError,
} from '@opendatasoft/api-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { origin } from '../testing/http';

/*
 * The server driven by Opendatasoft's own JavaScript client (@opendatasoft/api-client, Explore API v2.1),
 * which encodes requests its own way: trailing slashes, sorted parameters, `+` for spaces.
 */

interface Penguin {
  species: string;
  island: string;
  body_mass_g: number | null;
}

let client: ApiClient;
const urls: string[] = [];

beforeAll(() => {
  client = new ApiClient({
    domain: origin(),
    fetch,
    interceptRequest: async (request) => {
      urls.push(request.url);
      return request;
    },
  });
});

describe('official API client', () => {
  it('lists datasets', async () => {
    const catalog = await client.get<ApiCatalog<Pick<Dataset, 'dataset_id'> & { records_count: number }>>(
      fromCatalog().datasets().select('dataset_id, records_count').orderBy('records_count desc').limit(3),
    );
    expect(catalog.total_count).toBe(11);
    expect(catalog.results).toEqual([
      { dataset_id: 'flights', records_count: 3_000_000 },
      { dataset_id: 'us-zip-codes', records_count: 42_049 },
      { dataset_id: 'airports', records_count: 3_376 },
    ]);
    const url = new URL(urls.at(-1) ?? '');
    expect(url.pathname).toBe('/api/explore/v2.1/catalog/datasets/');
    expect(url.search).toContain('select=dataset_id%2C+records_count');
  });

  it('reads a dataset', async () => {
    const dataset = await client.get<Dataset>(fromCatalog().dataset('penguins').itself());
    expect(dataset.dataset_id).toBe('penguins');
    expect(dataset.fields.map((f) => f.name)).toEqual([
      'species',
      'island',
      'beak_length_mm',
      'beak_depth_mm',
      'flipper_length_mm',
      'body_mass_g',
      'sex',
    ]);
    expect(dataset.attachments[0]?.id).toBe('penguins_json');
  });

  it('queries records with select, where, order_by and limit', async () => {
    const res = await client.get<ApiDatasetRecords<Penguin>>(
      fromCatalog()
        .dataset('penguins')
        .records()
        .select('species, island, body_mass_g')
        .where(all(`species = ${string('Gentoo')}`, 'body_mass_g >= 6000'))
        .orderBy('body_mass_g desc')
        .limit(2),
    );
    // Four Gentoo penguins weigh 6,000 g or more in the source file (6300, 6050, 6000, 6000).
    expect(res.total_count).toBe(4);
    expect(res.results).toEqual([
      { species: 'Gentoo', island: 'Biscoe', body_mass_g: 6300 },
      { species: 'Gentoo', island: 'Biscoe', body_mass_g: 6050 },
    ]);
    const url = new URL(urls.at(-1) ?? '');
    expect(url.pathname).toBe('/api/explore/v2.1/catalog/datasets/penguins/records/');
    expect([...url.searchParams.keys()]).toEqual([...url.searchParams.keys()].sort());
  });

  it('pages with offset and reads one record', async () => {
    const page = await client.get<ApiDatasetRecords<Penguin>>(
      fromCatalog().dataset('penguins').records().select('species').limit(1).offset(200),
    );
    expect(page.total_count).toBe(344);
    const withId = await client.get<ApiQuery<{ _id: string }>>(
      fromCatalog()
        .dataset('penguins')
        .records()
        .select('species')
        .limit(1)
        .offset(200)
        .set('include_links', 'true'),
    );
    const id = withId.results[0]?._id ?? '';
    expect(id).toMatch(/^[0-9a-f]{16}$/);
    const record = await client.get<Penguin>(fromCatalog().dataset('penguins').record(id));
    expect(record.species).toBe(page.results[0]?.species);
  });

  it('aggregates with group_by', async () => {
    const res = await client.get<ApiQuery<{ island: string; n: number; heaviest: number }>>(
      fromCatalog()
        .dataset('penguins')
        .records()
        .select('count(*) as n, max(body_mass_g) as heaviest')
        .groupBy('island')
        .orderBy('n desc'),
    );
    expect(res.total_count).toBeUndefined();
    expect(res.results).toEqual([
      { island: 'Biscoe', n: 168, heaviest: 6300 },
      { island: 'Dream', n: 124, heaviest: 4800 },
      { island: 'Torgersen', n: 52, heaviest: 4700 },
    ]);
  });

  it('refines on a facet and reads facets', async () => {
    const refined = await client.get<ApiDatasetRecords<Penguin>>(
      fromCatalog().dataset('penguins').records().refine('island:Dream').exclude('species:Adelie').limit(0),
    );
    expect(refined.total_count).toBe(68);

    const facets = await client.get<ApiFacets>(fromCatalog().dataset('penguins').facets().facet('species'));
    const species = facets.facets.find((f) => f.name === 'species');
    expect(species?.facets.map((v) => [v.name, v.count, v.state])).toEqual([
      ['Adelie', 152, 'displayed'],
      ['Gentoo', 124, 'displayed'],
      ['Chinstrap', 68, 'displayed'],
    ]);
  });

  it('surfaces errors as the client error classes with the error body', async () => {
    const missing = client.get(fromCatalog().dataset('does-not-exist').records());
    await expect(missing).rejects.toBeInstanceOf(NotFoundError);
    await expect(missing).rejects.toMatchObject({
      details: {
        error_code: 'NotFoundResource',
        message: 'The requested dataset does-not-exist does not exist.',
      },
    });

    const invalid = client.get(fromCatalog().dataset('penguins').records().select('no_such_field'));
    await expect(invalid).rejects.toBeInstanceOf(UserError);
    await expect(invalid).rejects.toMatchObject({
      details: {
        error_code: 'ODSQLError',
        message:
          'ODSQL query is malformed: Unknown field: no_such_field. Clause(s) containing the error(s): select.',
      },
    });
  });
});
