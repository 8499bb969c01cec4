import { describe, expect, it } from 'vitest';
import { catalogSearchParams, parseCatalogSearch } from './catalog-search';
import { datasetSearchParams, parseDatasetSearch, withKnownSort } from './dataset-search';
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

  it('keeps colons inside values', () => {
    const state = parseCatalogSearch(new URLSearchParams({ refine: 'publisher:EM-DAT: The database' }));
    expect(state.refine).toEqual([{ facet: 'publisher', value: 'EM-DAT: The database' }]);
  });
});

describe('dataset search', () => {
  it('reads sort, page and size', () => {
    const state = parseDatasetSearch(
      new URLSearchParams('sort=-temp_max&page=3&size=50&refine=weather:rain'),
    );
    expect(state).toEqual({
      q: '',
      refine: [{ facet: 'weather', value: 'rain' }],
      exclude: [],
      sort: { field: 'temp_max', direction: 'desc' },
      page: 3,
      size: 50,
      map: { basemap: 'offline' },
    });
    expect(datasetSearchParams(state).toString()).toBe('refine=weather%3Arain&sort=-temp_max&page=3&size=50');
  });

  it('uses defaults for unknown sizes, bad sorts and pages past the 10,000 records window', () => {
    const state = parseDatasetSearch(new URLSearchParams('size=30&sort=a b&page=501'));
    expect(state).toEqual({ q: '', refine: [], exclude: [], page: 1, size: 20, map: { basemap: 'offline' } });
    // offset + limit must stay below 10,000: by 100, the last page is the 99th (offset 9,800).
    expect(parseDatasetSearch(new URLSearchParams('size=100&page=99')).page).toBe(99);
    expect(parseDatasetSearch(new URLSearchParams('size=100&page=100')).page).toBe(1);
  });

  it('reads and writes the map area filter, location and basemap', () => {
    const text = 'geo=coordinates:bbox:40.5,-74.3,41,-73.7&location=9.5,40.75,-73.98&basemap=online';
    const state = parseDatasetSearch(new URLSearchParams(text));
    expect(state.geo).toEqual({
      kind: 'bbox',
      field: 'coordinates',
      south: 40.5,
      west: -74.3,
      north: 41,
      east: -73.7,
    });
    expect(state.map).toEqual({ location: { zoom: 9.5, lat: 40.75, lon: -73.98 }, basemap: 'online' });
    expect(parseDatasetSearch(datasetSearchParams(state))).toEqual(state);
    const broken = parseDatasetSearch(
      new URLSearchParams('geo=coordinates:bbox:95,0,1,1&location=30,0,0&basemap=x'),
    );
    expect(broken.geo).toBeUndefined();
    expect(broken.map).toEqual({ basemap: 'offline' });
  });

  it('drops a sort on an unknown field', () => {
    const state = parseDatasetSearch(new URLSearchParams('sort=-nope&q=x'));
    expect(withKnownSort(state, new Set(['date'])).sort).toBeUndefined();
    const known = parseDatasetSearch(new URLSearchParams('sort=date'));
    expect(withKnownSort(known, new Set(['date']))).toBe(known);
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
