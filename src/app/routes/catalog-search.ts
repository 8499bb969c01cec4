import { type Filters, readFilters, readInt, writeFilters } from './search-params';

export const CATALOG_PAGE_SIZE = 10;
/** Offset plus limit must stay within the 10,000 records an Explore API query can reach. */
const MAX_PAGE = Math.floor(10_000 / CATALOG_PAGE_SIZE);

export interface CatalogSearch extends Filters {
  /** 1-based. */
  readonly page: number;
}

export function parseCatalogSearch(search: URLSearchParams): CatalogSearch {
  return { ...readFilters(search), page: readInt(search.get('page'), 1, 1, MAX_PAGE) };
}

/** The catalog address of a state; `portal` and unknown keys are left to the caller. */
export function catalogSearchParams(state: CatalogSearch): URLSearchParams {
  const search = new URLSearchParams();
  writeFilters(search, state);
  if (state.page > 1) search.set('page', String(state.page));
  return search;
}
