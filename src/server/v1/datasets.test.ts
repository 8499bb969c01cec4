import { describe, expect, it } from 'vitest';
import { KEYS, RESTRICTED_ID } from '../testing/access-fixture';
import { getJson } from '../testing/http';
import { asV1, type V1DatasetsAnswer, type V2FacetValue, v1 } from './testing';

/*
 * v1.0 datasets search and dataset lookup over HTTP, compared with the v2.1 catalog.
 */

interface CatalogV21 {
  total_count: number;
  results: { dataset_id: string; fields: { name: string }[]; metas: { default: Record<string, unknown> } }[];
}

async function search(params: Record<string, string | number | string[]>): Promise<V1DatasetsAnswer> {
  const res = await v1<V1DatasetsAnswer>('datasets/1.0/search/', params);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

async function catalog(params: Record<string, string | number>): Promise<CatalogV21> {
  const res = await getJson<CatalogV21>('/catalog/datasets', params);
  expect(res.status, res.text).toBe(200);
  return res.body;
}

describe('v1 datasets search', () => {
  it('lists the catalog as v2.1 does, in the v1 shape', async () => {
    const [v1Answer, v2] = await Promise.all([search({ rows: 100 }), catalog({ limit: 100 })]);
    expect(v1Answer.nhits).toBe(v2.total_count);
    expect(v1Answer.datasets.map((d) => d.datasetid)).toEqual(v2.results.map((d) => d.dataset_id));
    const penguins = v1Answer.datasets.find((d) => d.datasetid === 'penguins')!;
    const v2Penguins = v2.results.find((d) => d.dataset_id === 'penguins')!;
    expect(penguins.metas.title).toBe(v2Penguins.metas.default.title);
    expect(penguins.metas.records_count).toBe(344);
    expect(penguins.fields.map((f) => f.name)).toEqual(v2Penguins.fields.map((f) => f.name));
    // `start` is echoed only when given (conformance captures 40, 42).
    expect(v1Answer.parameters).toEqual({ timezone: 'UTC', rows: 100, format: 'json' });
  });

  it.each([
    ['records_count>1000', 'records_count > 1000'],
    ['penguins', 'search("penguins")'],
    ['theme:transport OR keyword:weather', 'theme LIKE "transport" OR keyword LIKE "weather"'],
  ])('q=%s is where=%s', async (q, where) => {
    const [v1Answer, v2] = await Promise.all([search({ q, rows: 100 }), catalog({ where, limit: 100 })]);
    expect(v1Answer.nhits).toBeGreaterThan(0);
    expect(v1Answer.nhits).toBe(v2.total_count);
    expect(v1Answer.datasets.map((d) => d.datasetid)).toEqual(v2.results.map((d) => d.dataset_id));
  });

  it('sorts by records_count descending by default, ascending with -', async () => {
    const [desc, asc, v2] = await Promise.all([
      search({ sort: 'records_count', rows: 100 }),
      search({ sort: '-records_count', rows: 100 }),
      catalog({ order_by: 'records_count DESC', limit: 100 }),
    ]);
    expect(desc.datasets.map((d) => d.datasetid)).toEqual(v2.results.map((d) => d.dataset_id));
    expect(desc.datasets[0]?.datasetid).toBe('flights');
    const counts = asc.datasets.map((d) => d.metas.records_count as number);
    expect(counts).toEqual([...counts].sort((a, b) => a - b));
  });

  it('pages with start and rows', async () => {
    const [all, page] = await Promise.all([search({ rows: 100 }), search({ start: 3, rows: 4 })]);
    expect(page.datasets.map((d) => d.datasetid)).toEqual(all.datasets.slice(3, 7).map((d) => d.datasetid));
  });

  it('enumerates catalog facets and refines them as v2.1 does', async () => {
    const v1Answer = await search({ facet: ['theme', 'license'], 'refine.theme': 'Transport', rows: 100 });
    const facets = await getJson<{ facets: { name: string; facets: V2FacetValue[] }[] }>('/catalog/facets', {
      facet: ['theme', 'license'],
      refine: 'theme:Transport',
    });
    const v2 = await catalog({ refine: 'theme:Transport', limit: 100 } as Record<string, string | number>);
    expect(v1Answer.nhits).toBe(v2.total_count);
    expect(v1Answer.facet_groups?.map((g) => g.facets)).toEqual(
      facets.body.facets.map((g) => asV1(g.facets)),
    );
    expect(v1Answer.facet_groups?.[0]?.facets.find((v) => v.path === 'Transport')?.state).toBe('refined');
  });

  it('leaves out the restricted datasets an anonymous caller may not read, shows them with a key', async () => {
    const anonymous = await search({ rows: 100, q: 'payroll' });
    expect(anonymous.datasets.map((d) => d.datasetid)).not.toContain(RESTRICTED_ID);
    expect(anonymous.nhits).toBe(0);
    const granted = await search({ rows: 100, q: 'payroll', apikey: KEYS.granted.key });
    expect(granted.datasets.map((d) => d.datasetid)).toContain(RESTRICTED_ID);
    expect(JSON.stringify(granted.parameters)).not.toContain(KEYS.granted.key);
  });
});

describe('v1 dataset lookup', () => {
  it('answers one dataset object, with or without the trailing slash', async () => {
    const [withSlash, without, v2] = await Promise.all([
      v1<V1DatasetsAnswer['datasets'][number]>('datasets/1.0/penguins/'),
      v1<V1DatasetsAnswer['datasets'][number]>('datasets/1.0/penguins'),
      getJson<CatalogV21['results'][number]>('/catalog/datasets/penguins'),
    ]);
    expect(withSlash.status).toBe(200);
    expect(withSlash.body).toEqual(without.body);
    expect(withSlash.body.datasetid).toBe('penguins');
    expect(withSlash.body.metas.title).toBe(v2.body.metas.default.title);
    expect(withSlash.body.fields.map((f) => f.name)).toEqual(v2.body.fields.map((f) => f.name));
    const species = withSlash.body.fields.find((f) => f.name === 'species') as unknown as {
      annotations: { name: string; args?: unknown[] }[];
    };
    expect(species.annotations).toContainEqual({ name: 'facet' });
  });

  it('answers 404 for an unknown dataset and 401 for a restricted one without its key', async () => {
    const missing = await v1<{ error_code: string }>('datasets/1.0/no-such-dataset/');
    expect(missing.status).toBe(404);
    expect(missing.body.error_code).toBe('NotFoundResource');
    const restricted = await v1<{ error_code: string }>(`datasets/1.0/${RESTRICTED_ID}/`);
    expect(restricted.status).toBe(401);
    const granted = await v1<{ datasetid: string }>(`datasets/1.0/${RESTRICTED_ID}/`, {
      apikey: KEYS.granted.key,
    });
    expect(granted.status).toBe(200);
    expect(granted.body.datasetid).toBe(RESTRICTED_ID);
    const records = await v1<{ error_code: string }>('records/1.0/search/', { dataset: RESTRICTED_ID });
    expect(records.status).toBe(401);
  });
});
