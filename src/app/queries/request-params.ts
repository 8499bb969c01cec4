import {
  type CatalogFacetsParams,
  type CatalogParams,
  type DatasetFacetsParams,
  orderByClause,
  type RecordsParams,
  searchClause,
} from '../../api';
import { CATALOG_PAGE_SIZE, type CatalogSearch } from '../routes/catalog-search';
import type { DatasetSearch } from '../routes/dataset-search';
import { type Filters, formatFacetFilter } from '../routes/search-params';

/** The catalog facets the sidebar shows, in this order. */
export const CATALOG_FACETS = [
  'theme',
  'keyword',
  'publisher',
  'features',
  'license',
  'language',
  'modified',
];

/** Filters as request parameters; empty ones are left out so equal states share a cache key. */
function filterParams(filters: Filters) {
  return {
    ...(filters.q !== '' ? { where: searchClause(filters.q) } : {}),
    ...(filters.refine.length > 0 ? { refine: filters.refine.map(formatFacetFilter) } : {}),
    ...(filters.exclude.length > 0 ? { exclude: filters.exclude.map(formatFacetFilter) } : {}),
  };
}

export function catalogParams(search: CatalogSearch): CatalogParams {
  return { ...filterParams(search), limit: CATALOG_PAGE_SIZE, offset: (search.page - 1) * CATALOG_PAGE_SIZE };
}

export function catalogFacetsParams(search: CatalogSearch): CatalogFacetsParams {
  return { ...filterParams(search), facet: CATALOG_FACETS };
}

/**
 * The records' filters: the search box and the query editor's `where` are AND-ed (the interface
 * combines repeated `where` parameters so), refines and excludes beside them. Every view of the records
 * (table, facets, map, exports) filters with these.
 */
export function datasetFilterParams(search: DatasetSearch): DatasetFacetsParams {
  const { where: _search, ...facetFilters } = filterParams(search);
  const where = [
    ...(search.q !== '' ? [searchClause(search.q)] : []),
    ...(search.query.where ? [search.query.where] : []),
  ];
  return {
    ...(where.length === 1 ? { where: where[0] } : where.length > 1 ? { where } : {}),
    ...facetFilters,
  };
}

export function recordsParams(search: DatasetSearch): RecordsParams {
  const { select, group_by, order_by } = search.query;
  return {
    ...(select ? { select } : {}),
    ...datasetFilterParams(search),
    ...(group_by ? { group_by } : {}),
    ...(order_by
      ? { order_by }
      : search.sort
        ? { order_by: orderByClause(search.sort.field, search.sort.direction) }
        : {}),
    limit: search.size,
    offset: (search.page - 1) * search.size,
  };
}

/** Facets follow the filters, not the sort or the page. */
export function datasetFacetsParams(search: DatasetSearch): DatasetFacetsParams {
  return datasetFilterParams(search);
}
