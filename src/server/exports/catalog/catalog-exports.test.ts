import { parse } from 'csv-parse/sync';
import { XMLParser } from 'fast-xml-parser';
import { describe, expect, it } from 'vitest';
import * as XLSX from 'xlsx';
import { api, getJson } from '../../testing/http';
import { readRdf } from '../formats/rdf-read';

/*
 * Catalog exports against the real test server, each file read back by an independent reader and
 * compared with the catalog list (`/catalog/datasets`) for the same query.
 */

const QUERY = { where: 'records_count < 5000', order_by: 'dataset_id', exclude: 'features:geo' };

interface Listed {
  dataset_id: string;
  metas: {
    default: { title: string; description: string | null; keyword: string[] | null; modified: string };
  };
}

async function listed(): Promise<Listed[]> {
  const res = await getJson<{ results: Listed[] }>('/catalog/datasets', { ...QUERY, limit: 100 }, '2.1');
  expect(res.status).toBe(200);
  // Usage counts (metas.explore) live in the list only: exports are files about the data.
  return res.body.results.map((d) => {
    const { explore: _, ...metas } = d.metas as Listed['metas'] & { explore?: unknown };
    return { ...d, metas };
  });
}

async function download(format: string, params: Record<string, string> = {}, version: '2.0' | '2.1' = '2.1') {
  const url = new URL(`${api(version)}/catalog/exports/${format}`);
  for (const [k, v] of Object.entries({ ...QUERY, ...params })) url.searchParams.set(k, v);
  const res = await fetch(url);
  const bytes = Buffer.from(await res.arrayBuffer());
  return { status: res.status, headers: res.headers, bytes, text: bytes.toString('utf8') };
}

const DCAT = 'http://www.w3.org/ns/dcat#';
const DCT = 'http://purl.org/dc/terms/';

describe('catalog exports', () => {
  it('lists the formats of each version', async () => {
    const v21 = await getJson<{ links: { rel: string }[] }>('/catalog/exports');
    expect(v21.body.links.map((l) => l.rel)).toEqual([
      'self',
      'csv',
      'data.json',
      'dcat',
      'dublin_core',
      'json',
      'rdf',
      'rss',
      'ttl',
      'xlsx',
    ]);
    const v20 = await getJson<{ links: { rel: string }[] }>('/catalog/exports', {}, '2.0');
    expect(v20.body.links.map((l) => l.rel)).toEqual([
      'self',
      'json',
      'csv',
      'xls',
      'rdf',
      'ttl',
      'data.json',
      'rss',
      'dcat',
    ]);
  });

  it('csv: one row per dataset, dcat.* then default.* columns and datasetid last, as the list selects them', async () => {
    const expected = await listed();
    expect(expected.length).toBeGreaterThan(2);
    const file = await download('csv', { with_bom: 'false', delimiter: ',' });
    expect(file.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="datasets.csv"');
    const rows = parse(file.text, { columns: true, delimiter: ',' }) as Record<string, string>[];
    expect(rows.map((r) => r.datasetid)).toEqual(expected.map((d) => d.dataset_id));
    expect(Object.keys(rows[0]!).at(-1)).toBe('datasetid');
    // The DCAT template comes first, every key present (conformance capture 09).
    expect(Object.keys(rows[0]!).slice(0, 3)).toEqual(['dcat.created', 'dcat.issued', 'dcat.creator']);
    expect(Object.keys(rows[0]!).filter((k) => k.startsWith('dcat.'))).toHaveLength(17);
    rows.forEach((row, i) => {
      const metas = expected[i]!.metas.default;
      expect(row['default.title']).toBe(metas.title);
      expect(row['default.modified']).toBe(metas.modified);
      expect(row['default.keyword']).toBe((metas.keyword ?? []).join(','));
    });
  });

  it('xlsx (v2.1) and xls (v2.0) read by SheetJS', async () => {
    const expected = await listed();
    for (const [format, version] of [
      ['xlsx', '2.1'],
      ['xls', '2.0'],
    ] as const) {
      const file = await download(format, {}, version);
      expect(file.status).toBe(200);
      const book = XLSX.read(file.bytes, { type: 'buffer' });
      const rows = XLSX.utils.sheet_to_json<Record<string, unknown>>(book.Sheets[book.SheetNames[0]!]!);
      expect(rows.map((r) => r.datasetid)).toEqual(expected.map((d) => d.dataset_id));
      expect(rows.map((r) => r['default.title'])).toEqual(expected.map((d) => d.metas.default.title));
    }
  });

  it('json: the datasets as the catalog list renders them', async () => {
    const file = await download('json');
    expect(JSON.parse(file.text)).toEqual(await listed());
  });

  it.each(['rdf', 'dcat', 'ttl'])('%s: DCAT-AP with the datasets and their distributions', async (format) => {
    const expected = await listed();
    const file = await download(format, { include_exports: 'csv,geojson', use_labels_in_exports: 'false' });
    expect(file.status).toBe(200);
    const triples = await readRdf(format === 'ttl' ? 'turtle' : 'rdfxml', file.text);
    const datasets = triples.filter((t) => t.p === `${DCAT}dataset`).map((t) => t.o.split('/').at(-1));
    expect(datasets).toEqual(expected.map((d) => d.dataset_id));
    for (const d of expected) {
      const s = `${api()}/catalog/datasets/${d.dataset_id}`;
      const of = (p: string) => triples.filter((t) => t.s === s && t.p === p).map((t) => t.o);
      expect(of(`${DCT}title`)).toEqual([d.metas.default.title]);
      expect(of(`${DCT}identifier`)).toEqual([d.dataset_id]);
      expect(of(`${DCAT}keyword`).sort()).toEqual([...(d.metas.default.keyword ?? [])].sort());
      expect(of(`${DCAT}distribution`).sort()).toEqual([`${s}/exports/csv`, `${s}/exports/geojson`]);
      const [modified] = triples.filter((t) => t.s === s && t.p === `${DCT}modified`);
      expect(new Date(modified!.o).getTime()).toBe(new Date(d.metas.default.modified).getTime());
    }
  });

  it('data.json: Project Open Data 1.1', async () => {
    const expected = await listed();
    const file = await download('data.json');
    expect(file.headers.get('content-disposition')).toBe('attachment; filename="data.json"');
    const catalog = JSON.parse(file.text) as { conformsTo: string; dataset: Record<string, unknown>[] };
    expect(catalog.conformsTo).toBe('https://project-open-data.cio.gov/v1.1/schema');
    expect(catalog.dataset.map((d) => d.title)).toEqual(expected.map((d) => d.metas.default.title));
    for (const d of catalog.dataset) {
      for (const key of [
        'title',
        'description',
        'keyword',
        'modified',
        'publisher',
        'contactPoint',
        'identifier',
        'accessLevel',
      ]) {
        expect(d).toHaveProperty(key);
      }
    }
  });

  it('rss: one item per dataset', async () => {
    const expected = await listed();
    const file = await download('rss');
    const rss = new XMLParser({ isArray: (n) => n === 'item' || n === 'category' }).parse(file.text);
    const items = rss.rss.channel.item as { title: string; link: string; pubDate: string }[];
    expect(items.map((i) => i.title)).toEqual(expected.map((d) => d.metas.default.title));
    items.forEach((item, i) => {
      expect(item.link).toBe(`${api()}/catalog/datasets/${expected[i]!.dataset_id}`);
      expect(new Date(item.pubDate).getTime()).toBe(
        Math.floor(new Date(expected[i]!.metas.default.modified).getTime() / 1000) * 1000,
      );
    });
  });

  it('refuses an unknown format, an unknown include_exports and a bad where with the interface errors', async () => {
    const unknown = await download('pdf');
    expect(unknown.status).toBe(400);
    expect(JSON.parse(unknown.text).message).toContain(
      'csv, data.json, dcat, dublin_core, json, rdf, rss, ttl, xlsx',
    );
    const include = await download('dcat', { include_exports: 'csv,pdf' });
    expect(include.status).toBe(400);
    expect(JSON.parse(include.text).error_code).toBe('InvalidRESTParameterError');
    const where = await download('csv', { where: 'nope > 1' });
    expect(where.status).toBe(400);
    expect(JSON.parse(where.text).error_code).toBe('ODSQLError');
  });
});
