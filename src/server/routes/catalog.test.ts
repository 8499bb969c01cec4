import { describe, expect, it } from 'vitest';
import { api, getJson } from '../testing/http';

/*
 * The catalog list over HTTP, in both versions: shapes as the real service writes them (conformance
 * captures 32 for v2.0; the v2.1 list follows the v2.1 `results` form), `select` of keys and metadata,
 * full-text search, ordering and filtering on metadata.
 */

const ALL_IDS = [
  'airports',
  'disasters',
  'earthquakes',
  'flights',
  'la-riots',
  'london-boroughs',
  'movies',
  'penguins',
  'seattle-weather',
  'us-states',
  'us-zip-codes',
];

/** Keys of a v2.1 dataset object, in the order of the real service (capture 01). */
const V21_DATASET_KEYS = [
  'visibility',
  'fields',
  'dataset_id',
  'dataset_uid',
  'has_records',
  'features',
  'attachments',
  'alternative_exports',
  'data_visible',
  'metas',
];

/** Keys of the inner v2.0 `dataset` object, in the order of the real service (captures 32, 33). */
const V20_DATASET_KEYS = [
  'dataset_id',
  'dataset_uid',
  'attachments',
  'has_records',
  'data_visible',
  'fields',
  'metas',
  'features',
];

interface Link {
  rel: string;
  href: string;
}
type Dataset = Record<string, unknown> & {
  dataset_id: string;
  metas: { default: Record<string, unknown> };
};
interface CatalogV21<T = Dataset> {
  total_count: number;
  results: T[];
}
interface CatalogV20<T = Dataset> {
  total_count: number;
  links: Link[];
  datasets: { links: Link[]; dataset: T }[];
}

describe('catalog list, v2.1', () => {
  it('lists every default dataset as flat dataset objects under results', async () => {
    const res = await getJson<CatalogV21>('/catalog/datasets', { limit: 100 });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(Object.keys(res.body)).toEqual(['total_count', 'results']);
    expect(res.body.total_count).toBe(ALL_IDS.length);
    expect(res.body.results.map((d) => d.dataset_id)).toEqual(ALL_IDS);
    for (const ds of res.body.results) {
      expect(Object.keys(ds)).toEqual(V21_DATASET_KEYS);
      expect(ds.metas.default.records_count).toEqual(expect.any(Number));
    }
    const flights = res.body.results.find((d) => d.dataset_id === 'flights');
    expect(flights?.metas.default.records_count).toBe(3_000_000);
  });

  it('pages with the default limit of 10 and with limit and offset', async () => {
    const firstPage = await getJson<CatalogV21>('/catalog/datasets');
    expect(firstPage.body.results).toHaveLength(10);
    const page = await getJson<CatalogV21>('/catalog/datasets', { limit: 3, offset: 4 });
    expect(page.body.total_count).toBe(11);
    expect(page.body.results.map((d) => d.dataset_id)).toEqual(ALL_IDS.slice(4, 7));
    const none = await getJson<CatalogV21>('/catalog/datasets', { limit: 0 });
    expect(none.body).toEqual({ total_count: 11, results: [] });
  });

  it('selects top-level keys and metadata by name, in the order asked', async () => {
    const res = await getJson<CatalogV21>('/catalog/datasets', { select: 'dataset_id, metas', limit: 2 });
    expect(res.status).toBe(200);
    expect(res.body.total_count).toBe(11);
    for (const ds of res.body.results) expect(Object.keys(ds)).toEqual(['dataset_id', 'metas']);
    expect(res.body.results[0]?.metas.default.title).toBe('US airports');

    const metas = await getJson<CatalogV21<Record<string, unknown>>>('/catalog/datasets', {
      select: 'title, dataset_id, records_count',
      where: 'dataset_id = "penguins"',
    });
    expect(metas.body).toEqual({
      total_count: 1,
      results: [{ title: 'Palmer Archipelago penguins', dataset_id: 'penguins', records_count: 344 }],
    });
  });

  it('finds datasets by full-text search over their metadata', async () => {
    const res = await getJson<CatalogV21>('/catalog/datasets', {
      where: 'search("weather")',
      select: 'dataset_id',
    });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ total_count: 1, results: [{ dataset_id: 'seattle-weather' }] });
  });

  it('orders by title in reading order', async () => {
    const res = await getJson<CatalogV21<{ dataset_id: string; title: string }>>('/catalog/datasets', {
      select: 'dataset_id, title',
      order_by: 'title',
      limit: 20,
    });
    const titles = res.body.results.map((d) => d.title);
    expect(titles[0]).toBe('Deaths during the 1992 Los Angeles riots');
    // As people read them: "US airports" before "US ZIP codes", whatever the case.
    expect(titles).toEqual([...titles].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' })));
    expect(titles.indexOf('US airports')).toBeLessThan(titles.indexOf('US ZIP codes'));
    const desc = await getJson<CatalogV21<{ title: string }>>('/catalog/datasets', {
      select: 'title',
      order_by: 'title desc',
      limit: 20,
    });
    expect(desc.body.results.map((d) => d.title)).toEqual([...titles].reverse());
  });

  it('filters on metadata such as records_count', async () => {
    const res = await getJson<CatalogV21<{ dataset_id: string; records_count: number }>>(
      '/catalog/datasets',
      { select: 'dataset_id, records_count', where: 'records_count > 1000', order_by: 'records_count desc' },
    );
    expect(res.body).toEqual({
      total_count: 6,
      results: [
        { dataset_id: 'flights', records_count: 3_000_000 },
        { dataset_id: 'us-zip-codes', records_count: 42_049 },
        { dataset_id: 'airports', records_count: 3_376 },
        { dataset_id: 'movies', records_count: 3_201 },
        { dataset_id: 'earthquakes', records_count: 1_707 },
        { dataset_id: 'seattle-weather', records_count: 1_461 },
      ],
    });
  });

  it('counts datasets by feature with group_by, without total_count', async () => {
    const res = await getJson<{ results: { features: string; n: number }[] }>('/catalog/datasets', {
      select: 'count(*) as n',
      group_by: 'features',
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['results']);
    expect(res.body.results).toEqual([
      { features: 'analyze', n: 8 },
      { features: 'geo', n: 7 },
      { features: 'timeserie', n: 5 },
    ]);
  });
});

describe('catalog list, v2.0', () => {
  it('wraps each dataset as {links, dataset} with paging links', async () => {
    const res = await getJson<CatalogV20>('/catalog/datasets', { limit: 4, offset: 2 }, '2.0');
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['total_count', 'links', 'datasets']);
    expect(res.body.total_count).toBe(11);
    expect(res.body.datasets.map((d) => d.dataset.dataset_id)).toEqual(ALL_IDS.slice(2, 6));
    const rels = res.body.links.map((l) => l.rel);
    expect(rels).toEqual(['self', 'first', 'last', 'next']);
    const offsetOf = (rel: string): string | null =>
      new URL(res.body.links.find((l) => l.rel === rel)?.href ?? '').searchParams.get('offset');
    expect(offsetOf('first')).toBe('0');
    expect(offsetOf('last')).toBe('8');
    expect(offsetOf('next')).toBe('6');
    for (const item of res.body.datasets) {
      expect(Object.keys(item)).toEqual(['links', 'dataset']);
      expect(Object.keys(item.dataset)).toEqual(V20_DATASET_KEYS);
      const self = item.links.find((l) => l.rel === 'self');
      expect(self?.href).toBe(`${api('2.0')}/catalog/datasets/${item.dataset.dataset_id}`);
    }
  });

  it('selects keys inside the wrapper', async () => {
    const res = await getJson<CatalogV20>(
      '/catalog/datasets',
      { select: 'dataset_id, metas', where: 'search("penguins")' },
      '2.0',
    );
    expect(res.body.total_count).toBe(1);
    const item = res.body.datasets[0];
    expect(Object.keys(item?.dataset ?? {})).toEqual(['dataset_id', 'metas']);
    expect(item?.dataset.metas.default.records_count).toBe(344);
  });

  it('filters and orders like v2.1', async () => {
    const res = await getJson<CatalogV20<{ dataset_id: string }>>(
      '/catalog/datasets',
      { select: 'dataset_id', where: 'records_count > 1000', order_by: 'records_count desc', limit: 2 },
      '2.0',
    );
    expect(res.body.total_count).toBe(6);
    expect(res.body.datasets.map((d) => d.dataset)).toEqual([
      { dataset_id: 'flights' },
      { dataset_id: 'us-zip-codes' },
    ]);
  });
});
