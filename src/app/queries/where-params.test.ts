import { describe, expect, it } from 'vitest';
import { parseCatalogSearch } from '../routes/catalog-search';
import { catalogFacetsParams, catalogParams } from './request-params';

describe('a typed query', () => {
  it('goes with the search text as two where clauses, to records and facets alike', () => {
    const search = parseCatalogSearch(new URLSearchParams('q=air&where=records_count > 1000'));
    expect(catalogParams(search).where).toEqual(['search("air")', 'records_count > 1000']);
    expect(catalogFacetsParams(search).where).toEqual(['search("air")', 'records_count > 1000']);
  });

  it('goes alone when there is no search text, and not at all when blank', () => {
    expect(catalogParams(parseCatalogSearch(new URLSearchParams('where=a = 1'))).where).toBe('a = 1');
    expect(catalogParams(parseCatalogSearch(new URLSearchParams('where=%20%20'))).where).toBeUndefined();
  });
});
