import { useCallback, useMemo } from 'react';
import type { QueryText } from '../../odsql/query-text';
import { useLocation } from '../router/useLocation';
import {
  type DatasetSearch,
  datasetSearchParams,
  parseDatasetSearch,
  type RecordsSort,
  withKnownFields,
} from '../routes/dataset-search';
import type { DatasetTab } from '../routes/paths';
import type { Filters } from '../routes/search-params';
import { useViewPath } from '../routes/view-path';
import { useNavigate } from './useNavigate';

function withWhere(query: QueryText, where: string | undefined): QueryText {
  const { where: _old, ...rest } = query;
  return where ? { ...rest, where } : rest;
}

/** The records view state read from the address, and the ways to change it. */
export function useDatasetSearch(datasetId: string, tab: DatasetTab, fieldNames: ReadonlySet<string>) {
  const { search } = useLocation();
  const { navigate } = useNavigate();
  const viewPath = useViewPath();
  const state = useMemo(() => withKnownFields(parseDatasetSearch(search), fieldNames), [search, fieldNames]);

  const go = useCallback(
    (next: DatasetSearch, replace = false) => {
      // The Analyze tab's chart (`chart.*`) and the Calendar tab's place (`calendar.*`) stay as they are
      // when the filters, sort or record change.
      const params = datasetSearchParams(next);
      for (const [key, value] of search)
        if (key.startsWith('chart.') || key.startsWith('calendar.')) params.append(key, value);
      navigate(viewPath(datasetId, tab, params), { replace });
    },
    [navigate, viewPath, datasetId, tab, search],
  );
  // The filters' `where` (the query chip) and the query editor's are one: changing either changes both.
  const setFilters = useCallback(
    (filters: Filters, replace = false) => {
      // The new filters replace every filter of the state: one left out (a removed chip) is gone.
      const {
        q: _q,
        where: _where,
        geo: _geo,
        refine: _refine,
        exclude: _exclude,
        ranges: _ranges,
        disjunctive: _d,
        ...view
      } = state;
      go({ ...view, ...filters, query: withWhere(state.query, filters.where) }, replace);
    },
    [go, state],
  );
  // A header sort and the query's order_by would fight: the latest choice wins.
  const setSort = useCallback(
    (sort: readonly RecordsSort[] | undefined) =>
      go({
        ...state,
        sort: sort && sort.length > 0 ? sort : undefined,
        query: { ...state.query, order_by: undefined },
      }),
    [go, state],
  );
  // The query and the filters may change together ("Clear all filters" drops both in one step).
  const setQuery = useCallback(
    (query: QueryText, filters: Filters = state) => {
      const {
        q: _q,
        where: _where,
        geo: _geo,
        refine: _refine,
        exclude: _exclude,
        ranges: _ranges,
        disjunctive: _d,
        ...view
      } = state;
      go({ ...view, ...filters, query, sort: query.order_by?.trim() ? undefined : state.sort });
    },
    [go, state],
  );
  const setColumns = useCallback(
    (columns: readonly string[] | undefined) => go({ ...state, columns }, true),
    [go, state],
  );
  // Opening and closing a record are steps of their own: Back closes the record it opened.
  const setRecord = useCallback((record: string | undefined) => go({ ...state, record }), [go, state]);
  return { state, setFilters, setSort, setColumns, setRecord, setQuery };
}
