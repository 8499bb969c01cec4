import { describe, expect, it } from 'vitest';
import { parseCatalogSearch } from '../routes/catalog-search';
import { parseDatasetSearch } from '../routes/dataset-search';
import {
  catalogFacetsParams,
  catalogParams,
  datasetFacetsParams,
  filterParams,
  recordsParams,
} from './request-params';

describe('request parameters', () => {
  it('adds the map area as a second where clause', () => {
    const search = parseDatasetSearch(new URLSearchParams('q=rain&geo=coordinates:bbox:1,2,3,4'));
    expect(recordsParams(search).where).toEqual(['search("rain")', 'in_bbox(coordinates, 1, 2, 3, 4)']);
    const alone = parseDatasetSearch(new URLSearchParams('geo=coordinates:bbox:1,2,3,4'));
    expect(datasetFacetsParams(alone)).toEqual({ where: 'in_bbox(coordinates, 1, 2, 3, 4)' });
  });

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

  it('sends the query editor clauses, its where AND-ed with the search, its order_by over the sort', () => {
    const search = parseDatasetSearch(
      new URLSearchParams(
        'q=rain&where=temp_max > 20&select=weather, count(*)&group_by=weather&order_by=count(*) desc&sort=date&refine=weather:sun',
      ),
    );
    expect(recordsParams(search)).toEqual({
      select: 'weather, count(*)',
      where: ['search("rain")', 'temp_max > 20'],
      group_by: 'weather',
      order_by: 'count(*) desc',
      refine: ['weather:sun'],
      limit: 100,
    });
    // Facets follow the filters only: select, group_by and order_by shape the table, not the counts.
    expect(datasetFacetsParams(search)).toEqual({
      where: ['search("rain")', 'temp_max > 20'],
      refine: ['weather:sun'],
    });
    expect(datasetFacetsParams(parseDatasetSearch(new URLSearchParams('where=a = 1')))).toEqual({
      where: 'a = 1',
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

describe('OR-ed facet values', () => {
  it('go to the portal as `field IN (…)`; one value stays a refine', () => {
    const base = { q: '', refine: [], exclude: [] };
    expect(
      filterParams({
        ...base,
        refine: [
          { facet: 'origin', value: 'ACY' },
          { facet: 'origin', value: 'G"ST' },
          { facet: 'dest', value: 'SFO' },
        ],
        disjunctive: ['origin'],
      }),
    ).toEqual({ where: 'origin IN ("ACY", "G\\"ST")', refine: ['dest:SFO'] });
    expect(
      filterParams({ ...base, refine: [{ facet: 'year', value: '2001' }], disjunctive: ['year'] }),
    ).toEqual({
      refine: ['year:2001'],
    });
  });
});
