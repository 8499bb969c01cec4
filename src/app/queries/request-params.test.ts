import { describe, expect, it } from 'vitest';
import { parseCatalogSearch } from '../routes/catalog-search';
import { parseDatasetSearch } from '../routes/dataset-search';
import { catalogFacetsParams, catalogParams, datasetFacetsParams, recordsParams } from './request-params';

describe('request parameters', () => {
  it('adds the map area as a second where clause', () => {
    const search = parseDatasetSearch(new URLSearchParams('q=rain&geo=coordinates:bbox:1,2,3,4'));
    expect(recordsParams(search).where).toEqual(['search("rain")', 'in_bbox(coordinates, 1, 2, 3, 4)']);
    const alone = parseDatasetSearch(new URLSearchParams('geo=coordinates:bbox:1,2,3,4'));
    expect(datasetFacetsParams(alone)).toEqual({ where: 'in_bbox(coordinates, 1, 2, 3, 4)' });
  });

  it('turns the records view state into a records query', () => {
    const search = parseDatasetSearch(
      new URLSearchParams('q=heavy "rain"&refine=date:2013/02&exclude=weather:sun&sort=-year&page=3&size=50'),
    );
    expect(recordsParams(search)).toEqual({
      where: 'search("heavy \\"rain\\"")',
      refine: ['date:2013/02'],
      exclude: ['weather:sun'],
      order_by: '`year` desc',
      limit: 50,
      offset: 100,
    });
    expect(datasetFacetsParams(search)).toEqual({
      where: 'search("heavy \\"rain\\"")',
      refine: ['date:2013/02'],
      exclude: ['weather:sun'],
    });
  });

  it('sends only paging when nothing is filtered', () => {
    expect(recordsParams(parseDatasetSearch(new URLSearchParams()))).toEqual({ limit: 20, offset: 0 });
    expect(datasetFacetsParams(parseDatasetSearch(new URLSearchParams()))).toEqual({});
  });

  it('asks the catalog for its page and its facets', () => {
    const search = parseCatalogSearch(new URLSearchParams('q=weather&refine=theme:Environment&page=2'));
    expect(catalogParams(search)).toEqual({
      where: 'search("weather")',
      refine: ['theme:Environment'],
      limit: 10,
      offset: 10,
    });
    expect(catalogFacetsParams(search).facet).toEqual([
      'theme',
      'keyword',
      'publisher',
      'features',
      'license',
      'language',
      'modified',
    ]);
  });
});
