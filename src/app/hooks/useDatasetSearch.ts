import { useCallback, useMemo } from 'react';
import { useLocation } from '../router/useLocation';
import {
  type DatasetSearch,
  datasetSearchParams,
  parseDatasetSearch,
  type RecordsSort,
  withKnownFields,
} from '../routes/dataset-search';
import { type DatasetTab, datasetPath } from '../routes/paths';
import type { Filters } from '../routes/search-params';
import { useNavigate } from './useNavigate';

/** The records view state read from the address, and the ways to change it. */
export function useDatasetSearch(datasetId: string, tab: DatasetTab, fieldNames: ReadonlySet<string>) {
  const { search } = useLocation();
  const { navigate } = useNavigate();
  const state = useMemo(() => withKnownFields(parseDatasetSearch(search), fieldNames), [search, fieldNames]);

  const go = useCallback(
    (next: DatasetSearch, replace = false) =>
      navigate(datasetPath(datasetId, tab, datasetSearchParams(next)), { replace }),
    [navigate, datasetId, tab],
  );
  const setFilters = useCallback(
    (filters: Filters, replace = false) => go({ ...state, ...filters }, replace),
    [go, state],
  );
  const setSort = useCallback((sort: RecordsSort | undefined) => go({ ...state, sort }), [go, state]);
  const setColumns = useCallback(
    (columns: readonly string[] | undefined) => go({ ...state, columns }, true),
    [go, state],
  );
  // Opening and closing a record are steps of their own: Back closes the record it opened.
  const setRecord = useCallback((record: string | undefined) => go({ ...state, record }), [go, state]);
  return { state, setFilters, setSort, setColumns, setRecord };
}
