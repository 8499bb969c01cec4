import { describe, expect, it } from 'vitest';
import { parseCatalogSearch } from '../routes/catalog-search';
import { parseDatasetSearch } from '../routes/dataset-search';
import { catalogFacetsParams, catalogParams, datasetFacetsParams, recordsParams } from './request-params';

describe('request parameters', () => {
  it('turns the records view state into a records query', () => {
    const search = parseDatasetSearch(
      new URLSearchParams(
        'q=heavy "rain"&refine=date:2013/02&exclude=weather:sun&sort=-year&columns=a,b&record=x',
      ),
    );
    expect(recordsParams(search)).toEqual({
      where: 'search("heavy \\"rain\\"")',
      refine: ['date:2013/02'],
      exclude: ['weather:sun'],
      order_by: '`year` desc',
      limit: 100,
    });
    expect(datasetFacetsParams(search)).toEqual({
      where: 'search("heavy \\"rain\\"")',
      refine: ['date:2013/02'],
      exclude: ['weather:sun'],
    });
  });

  it('sends only the page size when nothing is filtered', () => {
    expect(recordsParams(parseDatasetSearch(new URLSearchParams()))).toEqual({ limit: 100 });
    expect(datasetFacetsParams(parseDatasetSearch(new URLSearchParams()))).toEqual({});
  });

  it('sends the dataset time zone with records and facets', () => {
    const search = parseDatasetSearch(new URLSearchParams());
    expect(recordsParams(search, 'America/Los_Angeles')).toEqual({
      limit: 100,
      timezone: 'America/Los_Angeles',
    });
    expect(datasetFacetsParams(search, 'America/Los_Angeles')).toEqual({ timezone: 'America/Los_Angeles' });
  });

  it('asks the catalog for its page and its facets', () => {
    const search = parseCatalogSearch(
      new URLSearchParams('q=weather&refine=theme:Environment&page=2&sort=-records_count'),
    );
    expect(catalogParams(search)).toEqual({
      where: 'search("weather")',
      refine: ['theme:Environment'],
      order_by: 'records_count desc',
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
