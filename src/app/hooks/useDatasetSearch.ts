import { useCallback, useMemo } from 'react';
import type { QueryText } from '../../odsql/query-text';
import { useLocation } from '../router/useLocation';
import {
  type DatasetSearch,
  datasetSearchParams,
  type PageSize,
  parseDatasetSearch,
  type RecordsSort,
  withKnownSort,
} from '../routes/dataset-search';
import { type DatasetTab, datasetPath } from '../routes/paths';
import type { Filters } from '../routes/search-params';
import { useNavigate } from './useNavigate';

/** The records view state read from the address, and the ways to change it. */
export function useDatasetSearch(datasetId: string, tab: DatasetTab, fieldNames: ReadonlySet<string>) {
  const { search } = useLocation();
  const { navigate } = useNavigate();
  const state = useMemo(() => withKnownSort(parseDatasetSearch(search), fieldNames), [search, fieldNames]);

  const go = useCallback(
    (next: DatasetSearch, replace = false) =>
      navigate(datasetPath(datasetId, tab, datasetSearchParams(next)), { replace }),
    [navigate, datasetId, tab],
  );
  // Filtering, sorting and resizing pages all change which records come first: back to page 1.
  const setFilters = useCallback(
    (filters: Filters, replace = false) => go({ ...state, ...filters, page: 1 }, replace),
    [go, state],
  );
  // A header sort and the query's order_by would fight: the latest choice wins.
  const setSort = useCallback(
    (sort: RecordsSort | undefined) =>
      go({ ...state, sort, query: { ...state.query, order_by: undefined }, page: 1 }),
    [go, state],
  );
  // The query and the filters may change together ("Clear all filters" drops both in one step).
  const setQuery = useCallback(
    (query: QueryText, filters: Filters = state) =>
      go({ ...state, ...filters, query, sort: query.order_by?.trim() ? undefined : state.sort, page: 1 }),
    [go, state],
  );
  const setPage = useCallback((page: number) => go({ ...state, page }), [go, state]);
  const setSize = useCallback((size: PageSize) => go({ ...state, size, page: 1 }), [go, state]);
  return { state, setFilters, setSort, setPage, setSize, setQuery };
}
