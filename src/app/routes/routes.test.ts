import { describe, expect, it } from 'vitest';
import { recordsParams } from '../queries/request-params';
import { catalogSearchParams, parseCatalogSearch } from './catalog-search';
import { datasetSearchParams, parseDatasetSearch, withKnownFields } from './dataset-search';
import { catalogPath, datasetPath, matchRoute } from './paths';
import { readPortalParam } from './portal-param';

describe('matchRoute', () => {
  it('finds the catalog, dataset tabs and unknown pages', () => {
    expect(matchRoute('/')).toEqual({ page: 'catalog' });
    expect(matchRoute('/datasets/seattle-weather')).toEqual({
      page: 'dataset',
      datasetId: 'seattle-weather',
      tab: 'information',
    });
    expect(matchRoute('/datasets/a%20b/table/')).toEqual({ page: 'dataset', datasetId: 'a b', tab: 'table' });
    expect(matchRoute('/datasets/x/api')).toMatchObject({ tab: 'api' });
    expect(matchRoute('/datasets/x/map')).toMatchObject({ tab: 'map' });
    expect(matchRoute('/datasets/x/chart')).toEqual({ page: 'not-found', pathname: '/datasets/x/chart' });
    expect(matchRoute('/datasets/%E0%A4%A')).toMatchObject({ page: 'not-found' });
    expect(matchRoute('/elsewhere')).toMatchObject({ page: 'not-found' });
  });

  it('builds addresses back', () => {
    expect(datasetPath('a b', 'table', new URLSearchParams('q=x'))).toBe('/datasets/a%20b/table?q=x');
    expect(datasetPath('x')).toBe('/datasets/x');
    expect(datasetPath('x', 'table', new URLSearchParams({ refine: 'date:2013/02', q: 'a&b' }))).toBe(
      '/datasets/x/table?refine=date:2013/02&q=a%26b',
    );
    expect(catalogPath()).toBe('/');
  });
});

describe('catalog search', () => {
  it('reads filters and page, ignoring malformed items', () => {
    const state = parseCatalogSearch(
      new URLSearchParams(
        'q=+weather+&refine=theme:Environment&refine=broken&refine=theme:Environment&exclude=keyword:NOAA&page=2',
      ),
    );
    expect(state).toEqual({
      q: 'weather',
      refine: [{ facet: 'theme', value: 'Environment' }],
      exclude: [{ facet: 'keyword', value: 'NOAA' }],
      page: 2,
      sort: 'relevance',
    });
    expect(catalogSearchParams(state).toString()).toBe(
      'q=weather&refine=theme%3AEnvironment&exclude=keyword%3ANOAA&page=2',
    );
  });

  it('falls back to page 1 on nonsense', () => {
    for (const page of ['0', '-3', 'abc', '1.5', '999999']) {
      expect(parseCatalogSearch(new URLSearchParams({ page })).page).toBe(1);
    }
  });

  it('reads a known sort and ignores others', () => {
    expect(parseCatalogSearch(new URLSearchParams('sort=-records_count')).sort).toBe('-records_count');
    expect(parseCatalogSearch(new URLSearchParams('sort=toString')).sort).toBe('relevance');
    expect(parseCatalogSearch(new URLSearchParams('sort=modified desc')).sort).toBe('relevance');
    const state = parseCatalogSearch(new URLSearchParams('sort=-modified&page=3'));
    expect(catalogSearchParams(state).toString()).toBe('sort=-modified&page=3');
  });

  it('keeps colons inside values', () => {
    const state = parseCatalogSearch(new URLSearchParams({ refine: 'publisher:EM-DAT: The database' }));
    expect(state.refine).toEqual([{ facet: 'publisher', value: 'EM-DAT: The database' }]);
  });
});

describe('dataset search', () => {
  it('reads sort, columns and the open record', () => {
    const state = parseDatasetSearch(
      new URLSearchParams('sort=-temp_max&refine=weather:rain&columns=date,temp_max,,date&record=ab12'),
    );
    expect(state).toEqual({
      q: '',
      refine: [{ facet: 'weather', value: 'rain' }],
      exclude: [],
      sort: [{ field: 'temp_max', direction: 'desc' }],
      columns: ['date', 'temp_max'],
      record: 'ab12',
      query: {},
      map: { basemap: 'offline' },
    });
    expect(datasetSearchParams(state).toString()).toBe(
      'refine=weather%3Arain&sort=-temp_max&columns=date%2Ctemp_max&record=ab12',
    );
    expect(parseDatasetSearch(datasetSearchParams(state))).toEqual(state);
  });

  it('reads and writes a sort on several keys, first first, a repeated key once', () => {
    const state = parseDatasetSearch(new URLSearchParams('sort=-delay,origin,,-origin,a b,-'));
    expect(state.sort).toEqual([
      { field: 'delay', direction: 'desc' },
      { field: 'origin', direction: 'asc' },
    ]);
    expect(datasetSearchParams(state).toString()).toBe('sort=-delay%2Corigin');
    expect(parseDatasetSearch(datasetSearchParams(state))).toEqual(state);
    expect(recordsParams(state).order_by).toBe('delay desc, origin asc');
  });

  it('keeps the known keys of a sort on several', () => {
    const state = parseDatasetSearch(new URLSearchParams('sort=nope,-date'));
    expect(withKnownFields(state, new Set(['date'])).sort).toEqual([{ field: 'date', direction: 'desc' }]);
  });

  it('ignores bad sorts, empty column lists and blank records; old paging parameters are dropped', () => {
    const state = parseDatasetSearch(new URLSearchParams('sort=a b&columns=,,&record=%20&page=3&size=50'));
    expect(state).toEqual({ q: '', refine: [], exclude: [], query: {}, map: { basemap: 'offline' } });
    expect(datasetSearchParams(state).toString()).toBe('');
  });

  it('drops a sort and columns on unknown fields', () => {
    const fields = new Set(['date', 'weather']);
    const state = parseDatasetSearch(new URLSearchParams('sort=-nope&q=x&columns=nope,weather'));
    expect(withKnownFields(state, fields)).toEqual({
      q: 'x',
      refine: [],
      exclude: [],
      columns: ['weather'],
      query: {},
      map: { basemap: 'offline' },
    });
    const none = parseDatasetSearch(new URLSearchParams('columns=nope'));
    expect(withKnownFields(none, fields).columns).toBeUndefined();
    const known = parseDatasetSearch(new URLSearchParams('sort=date&columns=weather,date'));
    expect(withKnownFields(known, fields)).toBe(known);
  });

  it('reads and writes the query editor clauses, dropping blank ones', () => {
    const state = parseDatasetSearch(
      new URLSearchParams('where=delay > 10&select=origin, count(*)&group_by=origin&order_by=&page=2'),
    );
    expect(state.query).toEqual({ where: 'delay > 10', select: 'origin, count(*)', group_by: 'origin' });
    const again = parseDatasetSearch(datasetSearchParams(state));
    expect(again).toEqual(state);
    expect(parseDatasetSearch(new URLSearchParams('where=%20%20')).query).toEqual({});
  });

  it('writes nothing for the default state', () => {
    expect(datasetSearchParams(parseDatasetSearch(new URLSearchParams())).toString()).toBe('');
  });
});

describe('portal parameter', () => {
  it('reads a portal root, this server, or a refused value with its reason', () => {
    expect(readPortalParam(null)).toEqual({ portal: '' });
    expect(readPortalParam('https://data.example.org/explore/')).toEqual({
      portal: 'https://data.example.org',
    });
    const refused = readPortalParam('not a url');
    expect(refused.portal).toBe('');
    expect(refused.error).toMatch(/not a web address/);
    expect(refused.rejected).toBe('not a url');
  });
});
