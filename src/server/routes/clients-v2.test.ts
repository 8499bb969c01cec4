import {
  type ApiCatalog,
  ApiClient,
  type ApiDatasetRecords,
  type ApiFacets,
  fromCatalog,
} from '@opendatasoft/api-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { api, getJson, origin } from '../testing/http';

/*
 * What real clients send beyond plain ODSQL, driven by Opendatasoft's own client (@opendatasoft/api-client)
 * where it can say it: `qv1`, the technical field `recordid`, refine on a field not annotated as a facet,
 * `include_links`, usage sorting; and the v2.0 shapes of the captures (aggregates, link rels), plus
 * response compression.
 */

let client: ApiClient;
beforeAll(() => {
  client = new ApiClient({ domain: origin(), fetch });
});

const penguins = () => fromCatalog().dataset('penguins');

async function count(query: ReturnType<ReturnType<typeof penguins>['records']>): Promise<number> {
  const page = await client.get<ApiDatasetRecords<object>>(query.limit(0));
  return page.total_count;
}

describe('v2 leftovers through the official client', () => {
  it('qv1: a v1 query on v2, AND-ed with where', async () => {
    const v1 = await count(penguins().records().set('qv1', '(species:Gentoo) AND (body_mass_g >= 5000)'));
    const v2 = await count(penguins().records().where('species = "Gentoo" and body_mass_g >= 5000'));
    expect(v1).toBe(v2);
    expect(v1).toBeGreaterThan(0);
    const both = await count(penguins().records().set('qv1', 'species:Gentoo').where('sex = "FEMALE"'));
    expect(both).toBe(await count(penguins().records().where('species = "Gentoo" and sex = "FEMALE"')));
    const facets = await client.get<ApiFacets>(penguins().facets().set('qv1', 'species:Gentoo'));
    const species = facets.facets.find((f) => f.name === 'species')!;
    expect(species.facets.map((f) => f.name)).toEqual(['Gentoo']);
    await expect(client.get(penguins().records().set('qv1', 'nope:1'))).rejects.toThrow();
  });

  it('recordid as a technical field in select, where and order_by', async () => {
    const page = await client.get<ApiDatasetRecords<{ recordid: string; species: string }>>(
      penguins().records().select('recordid, species').orderBy('recordid').limit(3),
    );
    const ids = page.results.map((r) => r.recordid);
    expect(ids).toEqual([...ids].sort());
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{16}$/);
    const one = await client.get<ApiDatasetRecords<{ species: string }>>(
      penguins().records().where(`recordid = "${ids[1]}"`).select('species'),
    );
    expect(one.total_count).toBe(1);
    expect(one.results[0]!.species).toBe(page.results[1]!.species);
  });

  it('refine and exclude on a field that is not annotated as a facet, which is then enumerated', async () => {
    const refined = await count(penguins().records().refine('body_mass_g:3750'));
    expect(refined).toBe(await count(penguins().records().where('body_mass_g = 3750')));
    const excluded = await count(penguins().records().exclude('flipper_length_mm:181'));
    expect(excluded).toBe(await count(penguins().records().where('not flipper_length_mm = 181')));
    const facets = await client.get<ApiFacets>(penguins().facets().refine('body_mass_g:3750'));
    const mass = facets.facets.find((f) => f.name === 'body_mass_g');
    expect(mass?.facets).toEqual([{ name: '3750', value: '3750', count: refined, state: 'refined' }]);
  });

  it('include_links adds _links to datasets', async () => {
    const list = await client.get<
      ApiCatalog<{ dataset_id: string; _links: { rel: string; href: string }[] }>
    >(fromCatalog().datasets().set('include_links', 'true').limit(1));
    const first = list.results[0]!;
    expect(first._links.map((l) => l.rel)).toEqual(['self', 'datasets', 'records', 'exports', 'facets']);
    expect(first._links[0]!.href).toBe(`${api()}/catalog/datasets/${first.dataset_id}`);
    const without = await client.get<ApiCatalog<object>>(fromCatalog().datasets().limit(1));
    expect(without.results[0]).not.toHaveProperty('_links');
  });

  it('sorts and filters the catalog on usage counts', async () => {
    // A download of movies makes it the most downloaded dataset of this run (or keeps it among them).
    for (let i = 0; i < 3; i++) await fetch(`${api()}/catalog/datasets/movies/exports/csv?limit=1`);
    await new Promise((r) => setTimeout(r, 1100));
    const list = await client.get<
      ApiCatalog<{ dataset_id: string; metas: { explore: Record<string, number> } }>
    >(
      fromCatalog()
        .datasets()
        .orderBy('explore.download_count desc')
        .set('include_app_metas', 'true')
        .limit(10),
    );
    const downloads = list.results.map((d) => d.metas.explore.download_count!);
    expect(downloads).toEqual([...downloads].sort((a, b) => b - a));
    const movies = list.results.find((d) => d.dataset_id === 'movies')!;
    expect(movies.metas.explore.download_count).toBeGreaterThanOrEqual(3);
    const { download_count, api_call_count, popularity_score } = movies.metas.explore;
    expect(popularity_score).toBe(5 * download_count! + api_call_count!);
    // The usage template is an application template: written only when asked.
    const plain = await client.get<ApiCatalog<{ metas: Record<string, unknown> }>>(
      fromCatalog().datasets().limit(1),
    );
    expect(plain.results[0]!.metas).not.toHaveProperty('explore');
    const used = await client.get<ApiCatalog<{ dataset_id: string }>>(
      fromCatalog().datasets().where('explore.download_count >= 3').select('dataset_id').limit(20),
    );
    expect(used.results.map((d) => d.dataset_id)).toContain('movies');
    const v1 = await fetch(
      `${origin()}/api/datasets/1.0/search/?sort=explore.download_count&rows=3&extrametas=true`,
    );
    const body = (await v1.json()) as {
      datasets: { extra_metas: { explore: { download_count: number } } }[];
    };
    const v1Downloads = body.datasets.map((d) => d.extra_metas.explore.download_count);
    expect(v1Downloads).toEqual([...v1Downloads].sort((a, b) => b - a));
  });
});

describe('v2.0 shapes of the captures', () => {
  it('answers the aggregates endpoint (capture 39): {aggregations}, one object without group_by', async () => {
    const grouped = await getJson<{ aggregations: Record<string, unknown>[] }>(
      '/catalog/datasets/penguins/aggregates',
      { select: 'species,count(*)', group_by: 'species' },
      '2.0',
    );
    expect(grouped.status).toBe(200);
    expect(Object.keys(grouped.body)).toEqual(['aggregations']);
    expect(grouped.body.aggregations).toEqual([
      { species: 'Adelie', 'count(*)': 152 },
      { species: 'Chinstrap', 'count(*)': 68 },
      { species: 'Gentoo', 'count(*)': 124 },
    ]);
    const total = await getJson(
      '/catalog/datasets/penguins/aggregates',
      { select: 'count(*) as count' },
      '2.0',
    );
    expect(total.body).toEqual({ aggregations: [{ count: 344 }] });
    const v21 = await getJson('/catalog/datasets/penguins/aggregates', { select: 'count(*)' }, '2.1');
    expect(v21.status).toBe(404);
  });

  it('writes the link rels of the captures (32–35)', async () => {
    const list = await getJson<{ links: { rel: string }[]; datasets: { links: { rel: string }[] }[] }>(
      '/catalog/datasets',
      { limit: 1 },
      '2.0',
    );
    expect(list.body.datasets[0]!.links.map((l) => l.rel)).toEqual([
      'self',
      'datasets',
      'records',
      'exports',
      'aggregate',
      'facets',
    ]);
    const records = await getJson<{ links: { rel: string }[]; records: { links: { rel: string }[] }[] }>(
      '/catalog/datasets/penguins/records',
      { limit: 2 },
      '2.0',
    );
    expect(records.body.links.map((l) => l.rel)).toEqual(['self', 'first', 'last', 'next']);
    expect(records.body.records[0]!.links.map((l) => l.rel)).toEqual(['self', 'dataset', 'datasets']);
    const groups = await getJson<{ links: { rel: string }[] }>(
      '/catalog/datasets/penguins/records',
      { select: 'count(*) as n', group_by: 'species' },
      '2.0',
    );
    expect(groups.body.links.map((l) => l.rel)).toEqual(['self', 'dataset', 'datasets']);
  });
});

describe('compression', () => {
  it('gzips or brotli-compresses answers when asked, and streams compressed exports', async () => {
    const url = `${api()}/catalog/datasets/penguins/records?limit=100`;
    const plain = await (await fetch(url, { headers: { 'accept-encoding': 'identity' } })).text();
    for (const encoding of ['gzip', 'br']) {
      const res = await fetch(url, { headers: { 'accept-encoding': encoding } });
      expect(res.headers.get('content-encoding')).toBe(encoding);
      // fetch decodes what it announced: the same JSON as uncompressed.
      expect(await res.text()).toBe(plain);
    }
    const none = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    expect(none.headers.get('content-encoding')).toBeNull();
    await none.text();
    const exported = await fetch(`${api()}/catalog/datasets/flights/exports/csv?limit=200000`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    // A refused export (its small error body is not compressed) must say so, not fail on the header.
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-encoding')).toBe('gzip');
    expect(exported.headers.get('transfer-encoding')).toBe('chunked');
    const lines = (await exported.text()).trimEnd().split('\n');
    expect(lines).toHaveLength(200_001);
    // Already compressed files are sent as they are.
    const zipped = await fetch(`${api()}/catalog/datasets/penguins/exports/csv?compressed=true`, {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(zipped.headers.get('content-type')).toBe('application/gzip');
    expect(zipped.headers.get('content-encoding')).toBeNull();
    await zipped.arrayBuffer();
  });
});
