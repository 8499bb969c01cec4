import { type Filters, readFilters, readInt, writeFilters } from './search-params';

export const CATALOG_PAGE_SIZE = 10;

/** Offset plus limit must stay within the 10,000 records an Explore API query can reach. */
const MAX_PAGE = Math.floor(10_000 / CATALOG_PAGE_SIZE);

/** Catalog orders: the address value (`sort=…`) and the `order_by` it sends. */
export const CATALOG_SORTS = {
  relevance: { label: 'Relevance', orderBy: undefined },
  title: { label: 'Title (A to Z)', orderBy: 'title asc' },
  '-title': { label: 'Title (Z to A)', orderBy: 'title desc' },
  '-modified': { label: 'Recently modified', orderBy: 'modified desc' },
  modified: { label: 'Least recently modified', orderBy: 'modified asc' },
  '-records_count': { label: 'Most records', orderBy: 'records_count desc' },
  records_count: { label: 'Fewest records', orderBy: 'records_count asc' },
} as const satisfies Record<string, { label: string; orderBy: string | undefined }>;

export type CatalogSort = keyof typeof CATALOG_SORTS;

export function isCatalogSort(value: string | null): value is CatalogSort {
  return value !== null && Object.hasOwn(CATALOG_SORTS, value);
}

export interface CatalogSearch extends Filters {
  /** 1-based. */
  readonly page: number;
  readonly sort: CatalogSort;
}

export function parseCatalogSearch(search: URLSearchParams): CatalogSearch {
  const sort = search.get('sort');
  return {
    ...readFilters(search),
    page: readInt(search.get('page'), 1, 1, MAX_PAGE),
    sort: isCatalogSort(sort) ? sort : 'relevance',
  };
}

/** The catalog address of a state; `portal` and unknown keys are left to the caller. */
export function catalogSearchParams(state: CatalogSearch): URLSearchParams {
  const search = new URLSearchParams();
  writeFilters(search, state);
  if (state.sort !== 'relevance') search.set('sort', state.sort);
  if (state.page > 1) search.set('page', String(state.page));
  return search;
}
