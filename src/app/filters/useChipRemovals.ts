import { type QueryClient, type QueryKey, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ExploreClient } from '../../api';
import { datasetsQuery, recordsQuery } from '../queries/options';
import { datasetFilterParams, filterParams } from '../queries/request-params';
import type { CatalogSearch } from '../routes/catalog-search';
import type { DatasetSearch } from '../routes/dataset-search';
import { type FilterChip, withoutChip } from './chips';

/** A chip as the chip bar knows it: the facet filters', the search's, the query editor's. */
type AnyChip = Pick<FilterChip, 'key' | 'kind'>;

/** How many records (or datasets) each chip keeps out: chip key → count, once both counts are known. */
export type Removals = ReadonlyMap<string, number>;

function removals(chips: readonly AnyChip[], current: number | undefined, without: (number | undefined)[]) {
  const map = new Map<string, number>();
  if (current === undefined) return map;
  chips.forEach((chip, i) => {
    const total = without[i];
    if (total !== undefined) map.set(chip.key, Math.max(0, total - current));
  });
  return map;
}

/** A query of the cache that has its answer, or its failure, and is not being asked again. */
function settled(queryClient: QueryClient, queryKey: QueryKey): boolean {
  const state = queryClient.getQueryState(queryKey);
  return state !== undefined && state.status !== 'pending' && state.fetchStatus === 'idle';
}

/**
 * The chips' counts are asked one after the other, once the current count is known: they only annotate
 * the chips, and asked together with the view's own requests, a few chips over a large dataset made a
 * burst past the server's limit of queries per visitor (429). Read from the cache at each render, which
 * the queries observed re-run as each answer arrives.
 */
function oneAtATime<T extends { readonly queryKey: QueryKey }>(
  queryClient: QueryClient,
  queries: readonly T[],
  ready: boolean,
): (T & { enabled: boolean })[] {
  let previousDone = ready;
  return queries.map((query) => {
    const enabled = previousDone;
    previousDone = previousDone && settled(queryClient, query.queryKey);
    return { ...query, enabled };
  });
}

/** The records' filters without one chip; the query editor's chip takes its whole query away. */
export function datasetWithout(state: DatasetSearch, chip: AnyChip): DatasetSearch {
  if (chip.kind === 'query') return { ...state, query: {} };
  return withoutChip(state, chip as FilterChip);
}

/**
 * One count per chip, of the records the filters would match without it (limit 0: the count alone).
 * Counts share their cache entries with the map's count and with each other as filters come and go.
 * `enabled` false holds them back (a view whose own first answers come first).
 */
export function useDatasetChipRemovals(
  client: ExploreClient,
  datasetId: string,
  state: DatasetSearch,
  chips: readonly AnyChip[],
  enabled = true,
): Removals {
  const queryClient = useQueryClient();
  const count = (search: DatasetSearch) =>
    recordsQuery(client, datasetId, { ...datasetFilterParams(search), limit: 0 });
  const current = useQuery({ ...count(state), select: (r) => r.total_count, enabled });
  const without = useQueries({
    // After the current count (which `enabled` holds back), one at a time.
    queries: oneAtATime(
      queryClient,
      chips.map((chip) => ({
        ...count(datasetWithout(state, chip)),
        select: (r: { total_count?: number }) => r.total_count,
      })),
      enabled && current.isSuccess && !current.isFetching,
    ),
  });
  return removals(
    chips,
    current.data,
    without.map((q) => q.data),
  );
}

/** The same for the catalog's chips, counting datasets. */
export function useCatalogChipRemovals(
  client: ExploreClient,
  state: CatalogSearch,
  chips: readonly FilterChip[],
): Removals {
  const queryClient = useQueryClient();
  const count = (search: CatalogSearch) => datasetsQuery(client, { ...filterParams(search), limit: 0 });
  const current = useQuery({ ...count(state), select: (r) => r.total_count });
  const without = useQueries({
    queries: oneAtATime(
      queryClient,
      chips.map((chip) => ({
        ...count(withoutChip(state, chip)),
        select: (r: { total_count?: number }) => r.total_count,
      })),
      current.isSuccess && !current.isFetching,
    ),
  });
  return removals(
    chips,
    current.data,
    without.map((q) => q.data),
  );
}
