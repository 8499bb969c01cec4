import {
  type CatalogFacetsParams,
  type CatalogParams,
  type DatasetFacetsParams,
  orderByClause,
  quoteField,
  quoteString,
  type RecordsParams,
  searchClause,
} from '../../api';
import { geoFilterClause } from '../filters/geo-filter';
import { rangeClause } from '../filters/range-filter';
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

/**
 * Facets whose several refines the reader OR-ed, as `field IN ("a", "b")`: every portal understands it,
 * whereas `refine` ORs only on facets the portal itself declares disjunctive. One refine stays a refine.
 */
function disjunctiveGroups(filters: Filters): { readonly clauses: string[]; readonly grouped: Set<string> } {
  const clauses: string[] = [];
  const grouped = new Set<string>();
  for (const facet of filters.disjunctive ?? []) {
    const values = filters.refine.filter((f) => f.facet === facet).map((f) => f.value);
    if (values.length < 2) continue;
    grouped.add(facet);
    clauses.push(`${quoteField(facet)} IN (${values.map(quoteString).join(', ')})`);
  }
  return { clauses, grouped };
}

/** The search text, the typed query, the map's area and OR-ed facet values, ANDed by the portal. */
function whereParam(filters: Filters, groups: readonly string[]): { where?: string | string[] } {
  const clauses = [
    ...(filters.q !== '' ? [searchClause(filters.q)] : []),
    ...(filters.where ? [filters.where] : []),
    ...(filters.geo ? [geoFilterClause(filters.geo)] : []),
    ...(filters.ranges ?? []).map(rangeClause),
    ...groups,
  ];
  if (clauses.length === 0) return {};
  return { where: clauses.length === 1 ? clauses[0]! : clauses };
}

/** Filters as request parameters; empty ones are left out so equal states share a cache key. */
export function filterParams(filters: Filters): Pick<RecordsParams, 'where' | 'refine' | 'exclude'> {
  const { clauses, grouped } = disjunctiveGroups(filters);
  const refine = filters.refine.filter((f) => !grouped.has(f.facet));
  return {
    ...whereParam(filters, clauses),
    ...(refine.length > 0 ? { refine: refine.map(formatFacetFilter) } : {}),
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

/** Only the filters of a records view (its `where` is the query editor's), for cache keys and requests. */
export function datasetFilters(search: DatasetSearch): Filters {
  const { q, refine, exclude, geo, disjunctive, ranges } = search;
  const where = search.query.where;
  return {
    q,
    refine,
    exclude,
    ...(where ? { where } : {}),
    ...(geo ? { geo } : {}),
    ...(disjunctive ? { disjunctive } : {}),
    ...(ranges ? { ranges } : {}),
  };
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
      : search.sort && search.sort.length > 0
        ? { order_by: search.sort.map((s) => orderByClause(s.field, s.direction)).join(', ') }
        : {}),
    limit: RECORDS_PAGE_SIZE,
  };
}

/** Facets follow the filters, not the query's select, group_by and order_by, nor the sort. */
export function datasetFacetsParams(search: DatasetSearch, timezone?: string): DatasetFacetsParams {
  return datasetFilterParams(search, timezone);
}
