import { useInfiniteQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { ApiError, type ExploreClient, type RecordsParams } from '../../api';
import { keysetOrderBy, type SortKey } from './keyset';
import { recordPagesQuery, rowsPortal } from './queries';
import { useRecordRows } from './useRecordRows';

/** A portal that cannot sort by the record id answers the table's keyset order with a 400. */
function refusesKeyset(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400;
}

/**
 * The records table's first page and its rows. With keys (a sort the keys can page), the table's own
 * order ends with the record id, so that it can be continued past the API's window (keyset.ts); a
 * portal that refuses to sort by it gets the order as asked, and the table the window only. `keys`
 * undefined: no records table (a query of other rows) or the portal's own order.
 */
export function useTableRows(
  client: ExploreClient,
  datasetId: string,
  params: RecordsParams,
  wantedKeys: readonly SortKey[] | undefined,
  enabled = true,
) {
  const orderBy = wantedKeys ? keysetOrderBy(wantedKeys) : undefined;
  const keyedParams = useMemo(() => (orderBy ? { ...params, order_by: orderBy } : params), [params, orderBy]);
  // Refused for this selection only: another one (a query error fixed) tries the keyset order again.
  const keyedRequest = JSON.stringify(keyedParams);
  const [refusedRequest, setRefusedRequest] = useState<string>();
  const keys = refusedRequest === keyedRequest ? undefined : wantedKeys;
  const tableParams = keys ? keyedParams : params;
  const pages = useInfiniteQuery({ ...recordPagesQuery(client, datasetId, tableParams), enabled });
  const refused = keys !== undefined && refusesKeyset(pages.error);
  useEffect(() => {
    if (refused) setRefusedRequest(keyedRequest);
  }, [refused, keyedRequest]);
  const portal = useMemo(() => rowsPortal(client, datasetId, tableParams), [client, datasetId, tableParams]);
  const rows = useRecordRows(portal, pages.data?.pages[0]?.response, keys);
  return { pages, rows };
}
