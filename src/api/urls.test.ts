import { describe, expect, it } from 'vitest';
import { createUrls } from './urls';

const query = (url: string) => new URL(url, 'http://x').searchParams;
const path = (url: string) => new URL(url, 'http://x').pathname;

describe('createUrls', () => {
  const v21 = createUrls('https://data.example.org/');
  const v20 = createUrls('https://data.example.org', '2.0');

  it('places every endpoint under the version prefix of the portal root', () => {
    expect(v21.root).toBe('https://data.example.org/api/explore/v2.1');
    expect(v20.datasets()).toBe('https://data.example.org/api/explore/v2.0/catalog/datasets');
    expect(v21.catalogFacets()).toBe('https://data.example.org/api/explore/v2.1/catalog/facets');
    expect(v21.catalogExport('data.json')).toBe(
      'https://data.example.org/api/explore/v2.1/catalog/exports/data.json',
    );
    expect(v21.dataset('trees')).toBe('https://data.example.org/api/explore/v2.1/catalog/datasets/trees');
    expect(v21.attachments('trees')).toBe(
      'https://data.example.org/api/explore/v2.1/catalog/datasets/trees/attachments',
    );
    expect(v20.facets('trees')).toBe(
      'https://data.example.org/api/explore/v2.0/catalog/datasets/trees/facets',
    );
  });

  it('escapes dataset and record identifiers as path segments', () => {
    expect(path(v21.record('a/b c', 'x?y#z'))).toBe(
      '/api/explore/v2.1/catalog/datasets/a%2Fb%20c/records/x%3Fy%23z',
    );
    expect(path(v21.recordsExport('a b', 'csv'))).toBe(
      '/api/explore/v2.1/catalog/datasets/a%20b/exports/csv',
    );
  });

  it('writes the parameters of records, record and exports', () => {
    const records = query(
      v21.records('trees', {
        select: 'genus, count(*) as n',
        where: 'height > 10',
        group_by: 'genus',
        order_by: 'n desc',
        limit: 100,
        offset: 0,
        refine: ['genus:Acer'],
        exclude: ['genus:Tilia', 'genus:Quercus'],
        lang: 'fr',
        timezone: 'Europe/Paris',
        include_links: true,
      }),
    );
    expect(Object.fromEntries(records)).toMatchObject({
      select: 'genus, count(*) as n',
      where: 'height > 10',
      group_by: 'genus',
      order_by: 'n desc',
      limit: '100',
      offset: '0',
      lang: 'fr',
      timezone: 'Europe/Paris',
      include_links: 'true',
    });
    expect(records.getAll('exclude')).toEqual(['genus:Tilia', 'genus:Quercus']);
    expect(Object.fromEntries(query(v21.record('trees', 'r1', { select: 'genus', lang: 'en' })))).toEqual({
      select: 'genus',
      lang: 'en',
    });
    const csv = query(
      v21.recordsExport('trees', 'csv', {
        limit: -1,
        delimiter: ';',
        list_separator: '|',
        quote_all: true,
        with_bom: false,
        use_labels: true,
        epsg: 2154,
      }),
    );
    expect(Object.fromEntries(csv)).toEqual({
      limit: '-1',
      delimiter: ';',
      list_separator: '|',
      quote_all: 'true',
      with_bom: 'false',
      use_labels: 'true',
      epsg: '2154',
    });
    const gpx = query(
      v21.recordsExport('trees', 'gpx', {
        name_field: 'genus',
        description_field_list: 'a,b',
        use_extension: false,
      }),
    );
    expect(gpx.get('description_field_list')).toBe('a,b');
    expect(gpx.get('use_extension')).toBe('false');
    const catalog = query(v21.catalogExport('csv', { where: 'search("air")', offset: 10, delimiter: '\t' }));
    expect(catalog.get('delimiter')).toBe('\t');
    expect(catalog.get('offset')).toBe('10');
  });

  it('uses the page origin when no portal is given', () => {
    expect(createUrls('').records('x', { limit: 1 })).toBe(
      '/api/explore/v2.1/catalog/datasets/x/records?limit=1',
    );
  });
});
