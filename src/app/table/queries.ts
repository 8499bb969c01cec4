import { infiniteQueryOptions, keepPreviousData } from '@tanstack/react-query';
import type { Dataset, DatasetRecord, ExploreClient, RecordsParams, RecordsResponse } from '../../api';
import { isKnownTimeZone } from '../format/cells';
import { exploreKeys } from '../queries/keys';
import { clientKey } from '../queries/options';
import { REACHABLE_RECORDS, RECORDS_PAGE_SIZE } from '../routes/dataset-search';
import { type Clause, keysetOrderBy, keyValue } from './keyset';
import type { RowsPortal } from './record-rows';

/** The dataset's clock when it is not UTC (the API's default), and one this browser can show. */
export function datasetTimeZone(dataset: Dataset): string | undefined {
  const zone = dataset.metas?.default?.timezone;
  return isKnownTimeZone(zone) && zone !== 'UTC' && zone !== 'Etc/UTC' ? zone : undefined;
}

/** One loaded page: where it starts, and its records. */
export interface RecordsPage {
  readonly offset: number;
  readonly response: RecordsResponse;
}

/**
 * The next page's offset, or undefined at the end: at the last record, or at the 10,000-record window
 * the API pages through (offset + limit must stay below it).
 */
export function nextOffset(last: RecordsPage): number | undefined {
  const next = last.offset + last.response.results.length;
  const end = Math.min(last.response.total_count ?? Number.POSITIVE_INFINITY, REACHABLE_RECORDS);
  // A short page before the end means the portal has no more to give, whatever its count says.
  if (last.response.results.length === 0 || next >= end) return undefined;
  return next;
}

/** The page size at an offset: 100, less for the last page of the window. */
export function pageLimit(offset: number): number {
  return Math.max(0, Math.min(RECORDS_PAGE_SIZE, REACHABLE_RECORDS - offset));
}

/**
 * The records table's pages, fetched as it scrolls. `include_links` adds each record's `_id`, which the
 * record detail reads back with getRecord.
 */
export const recordPagesQuery = (client: ExploreClient, datasetId: string, params: RecordsParams) =>
  infiniteQueryOptions({
    queryKey: exploreKeys.recordPages(clientKey(client), datasetId, params),
    queryFn: async ({ pageParam, signal }): Promise<RecordsPage> => {
      const response = await client.getRecords(
        datasetId,
        { ...params, limit: pageLimit(pageParam), offset: pageParam, include_links: true },
        signal,
      );
      return { offset: pageParam, response };
    },
    initialPageParam: 0,
    getNextPageParam: nextOffset,
    placeholderData: keepPreviousData,
  });

/** The technical id of a record of a v2.1 list asked with `include_links`. */
export function recordId(record: DatasetRecord): string | undefined {
  const id = record._id;
  return typeof id === 'string' && id !== '' ? id : undefined;
}

/** The selection's `where` clauses with one more (the portal ANDs repeated `where` parameters). */
function withClause(where: RecordsParams['where'], clause: string): readonly string[] {
  return [...(where === undefined ? [] : typeof where === 'string' ? [where] : where), clause];
}

/**
 * The records table's questions to the portal (record-rows.ts): pages of the selection in the table's
 * order (`params`, whose `order_by` is the keyset order) from a boundary on, and the counts and first
 * values its seek asks for, under the same filters.
 */
export function rowsPortal(client: ExploreClient, datasetId: string, params: RecordsParams): RowsPortal {
  const { order_by: _order, limit: _limit, offset: _offset, select: _select, ...filters } = params;
  const within = <P extends RecordsParams>(base: P, clause: Clause): P =>
    clause === true ? base : { ...base, where: withClause(base.where, clause === false ? 'false' : clause) };
  return {
    page: (clause, offset, limit, signal) =>
      client.getRecords(datasetId, { ...within(params, clause), offset, limit, include_links: true }, signal),
    count: async (clause, signal) => {
      if (clause === false) return 0;
      const response = await client.getRecords(datasetId, { ...within(filters, clause), limit: 0 }, signal);
      return response.total_count ?? 0;
    },
    firstValue: async (clause, key, signal) => {
      const order = { order_by: keysetOrderBy([key]), limit: 1, include_links: true };
      const response = await client.getRecords(datasetId, { ...within(filters, clause), ...order }, signal);
      const first = response.results[0];
      return first ? keyValue(first, key) : undefined;
    },
  };
}
