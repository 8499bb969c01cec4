import { useCallback, useMemo } from 'react';
import { useLocation } from '../router/useLocation';
import {
  type CatalogSearch,
  type CatalogSort,
  catalogSearchParams,
  parseCatalogSearch,
} from '../routes/catalog-search';
import { catalogPath } from '../routes/paths';
import type { Filters } from '../routes/search-params';
import { useNavigate } from './useNavigate';

/** The catalog state read from the address, and the ways to change it. */
export function useCatalogSearch() {
  const { search } = useLocation();
  const { navigate } = useNavigate();
  const state = useMemo(() => parseCatalogSearch(search), [search]);

  const go = useCallback(
    (next: CatalogSearch, replace = false) => navigate(catalogPath(catalogSearchParams(next)), { replace }),
    [navigate],
  );
  /** A new filter starts again from the first page. */
  const setFilters = useCallback(
    (filters: Filters, replace = false) => go({ ...state, ...filters, page: 1 }, replace),
    [go, state],
  );
  const setPage = useCallback((page: number) => go({ ...state, page }), [go, state]);
  const setSort = useCallback((sort: CatalogSort) => go({ ...state, sort, page: 1 }), [go, state]);
  return { state, setFilters, setPage, setSort };
}
