import {
  type CatalogFacetsParams,
  type CatalogParams,
  type DatasetFacetsParams,
  orderByClause,
  type RecordsParams,
  searchClause,
} from '../../api';
import { geoFilterClause } from '../filters/geo-filter';
import { CATALOG_PAGE_SIZE, CATALOG_SORTS, type CatalogSearch } from '../routes/catalog-search';
import { type DatasetSearch, RECORDS_PAGE_SIZE } from '../routes/dataset-search';
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

/** The search text, the typed query and the map's area, ANDed by the portal when several are there. */
function whereParam(filters: Filters): { where?: string | string[] } {
  const clauses = [
    ...(filters.q !== '' ? [searchClause(filters.q)] : []),
    ...(filters.where ? [filters.where] : []),
    ...(filters.geo ? [geoFilterClause(filters.geo)] : []),
  ];
  if (clauses.length === 0) return {};
  return { where: clauses.length === 1 ? clauses[0]! : clauses };
}

/** Filters as request parameters; empty ones are left out so equal states share a cache key. */
export function filterParams(filters: Filters): Pick<RecordsParams, 'where' | 'refine' | 'exclude'> {
  return {
    ...whereParam(filters),
    ...(filters.refine.length > 0 ? { refine: filters.refine.map(formatFacetFilter) } : {}),
    ...(filters.exclude.length > 0 ? { exclude: filters.exclude.map(formatFacetFilter) } : {}),
  };
}

export function catalogParams(search: CatalogSearch): CatalogParams {
  const orderBy = CATALOG_SORTS[search.sort].orderBy;
  return {
    ...filterParams(search),
    ...(orderBy ? { order_by: orderBy } : {}),
    limit: CATALOG_PAGE_SIZE,
    offset: (search.page - 1) * CATALOG_PAGE_SIZE,
  };
}

export function catalogFacetsParams(search: CatalogSearch): CatalogFacetsParams {
  return { ...filterParams(search), facet: CATALOG_FACETS };
}

/**
 * The records' filters: the search box and the query's `where` (AND-ed by the portal), refines and
 * excludes. Every view of the records (table, facets, map, exports) filters with these.
 */
export function datasetFilterParams(search: DatasetSearch, timezone?: string): DatasetFacetsParams {
  const where = search.query.where;
  const { where: _filtersWhere, ...filters } = search;
  return { ...filterParams(where ? { ...filters, where } : filters), ...(timezone ? { timezone } : {}) };
}

/**
 * The records the table asks for, a page of 100 at a time (the infinite table adds the offset), with
 * the query editor's clauses; its `order_by` wins over a header sort. A dataset clock other than UTC
 * goes as `timezone`, so date-times come back, and facet by, in the dataset's zone.
 */
export function recordsParams(search: DatasetSearch, timezone?: string): RecordsParams {
  const { select, group_by, order_by } = search.query;
  return {
    ...(select ? { select } : {}),
    ...datasetFilterParams(search, timezone),
    ...(group_by ? { group_by } : {}),
    ...(order_by
      ? { order_by }
      : search.sort
        ? { order_by: orderByClause(search.sort.field, search.sort.direction) }
        : {}),
    limit: RECORDS_PAGE_SIZE,
  };
}

/** Facets follow the filters, not the query's select, group_by and order_by, nor the sort. */
export function datasetFacetsParams(search: DatasetSearch, timezone?: string): DatasetFacetsParams {
  return datasetFilterParams(search, timezone);
}
