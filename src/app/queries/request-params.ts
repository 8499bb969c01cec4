import {
  type CatalogFacetsParams,
  type CatalogParams,
  type DatasetFacetsParams,
  orderByClause,
  type RecordsParams,
  searchClause,
} from '../../api';
import { geoFilterClause } from '../filters/geo-filter';
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

function whereClauses(filters: Filters): string | readonly string[] | undefined {
  const clauses = [
    ...(filters.q !== '' ? [searchClause(filters.q)] : []),
    ...(filters.geo ? [geoFilterClause(filters.geo)] : []),
  ];
  return clauses.length > 1 ? clauses : clauses[0];
}

/** Filters as request parameters; empty ones are left out so equal states share a cache key. */
export function filterParams(filters: Filters): Pick<RecordsParams, 'where' | 'refine' | 'exclude'> {
  const where = whereClauses(filters);
  return {
    ...(where !== undefined ? { where } : {}),
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

export function recordsParams(search: DatasetSearch): RecordsParams {
  return {
    ...filterParams(search),
    ...(search.sort ? { order_by: orderByClause(search.sort.field, search.sort.direction) } : {}),
    limit: search.size,
    offset: (search.page - 1) * search.size,
  };
}

/** Facets follow the filters, not the sort or the page. */
export function datasetFacetsParams(search: DatasetSearch): DatasetFacetsParams {
  return filterParams(search);
}
