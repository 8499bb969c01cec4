import type { QueryClient } from '@tanstack/react-query';
import type { ExploreClient } from '../../api';
import { loadEmbedView } from '../embed/embed-views';
import { readApiKey } from '../hooks/useApiKey';
import { startingPortal } from '../hooks/usePortal';
import { prefetchDisplayData } from '../map/display-queries';
import { prefetchMapData } from '../map/map-queries';
import { parseDatasetSearch } from '../routes/dataset-search';
import { type DatasetTab, matchRoute } from '../routes/paths';
import { recordPagesQuery } from '../table/queries';
import { DATASET_CARD } from '../views/catalog-chunks';
import { loadTab } from '../views/tab-modules';
import { portalClient } from './client-context';
import { datasetFacetsQuery, datasetQuery, recordsQuery } from './options';
import { datasetFacetsParams, datasetFilterParams, recordsParams } from './request-params';

/*
 * The requests a dataset page's first render waits for, sent all at once: the dataset's metadata, the
 * tab's code and, for the table, its first rows and facets; for the map, its count. Sent as the app
 * starts, before React's first render (the views then find them answered or under way, under the same
 * query keys), and again by the dataset page when a tab is opened from another page (already cached or
 * running: nothing sent).
 */

export function prefetchDatasetPage(
  queryClient: QueryClient,
  client: ExploreClient,
  datasetId: string,
  tab: DatasetTab,
  search: URLSearchParams,
): void {
  prefetchDatasetData(queryClient, client, datasetId, tab, search);
  loadTab(tab);
}

/** The data part of prefetchDatasetPage: sent before any code, which would take the connections. */
function prefetchDatasetData(
  queryClient: QueryClient,
  client: ExploreClient,
  datasetId: string,
  tab: DatasetTab,
  search: URLSearchParams,
  withFacets = true,
): void {
  void queryClient.prefetchQuery(datasetQuery(client, datasetId));
  if (tab === 'table') prefetchTable(queryClient, client, datasetId, search, withFacets);
  if (tab === 'map') prefetchMap(queryClient, client, datasetId, search);
}

/**
 * The map's count decides between records and clusters: the first of its requests. With the dataset's
 * fields, it names the next one (the records, or where the clusters are to fit the view on), sent then
 * rather than once MapLibre's code has arrived and the map has rendered.
 */
function prefetchMap(
  queryClient: QueryClient,
  client: ExploreClient,
  datasetId: string,
  search: URLSearchParams,
): void {
  const state = parseDatasetSearch(search);
  const filters = datasetFilterParams(state);
  const dataset = queryClient.fetchQuery(datasetQuery(client, datasetId));
  // A display mode's own requests (a categories map's values, another dataset's areas) need only the
  // dataset's fields: sent with the count rather than after it.
  const display = state.map.display;
  if (display)
    dataset.then(
      (answer) => prefetchDisplayData(queryClient, client, answer, filters, display),
      () => undefined,
    );
  void Promise.all([
    dataset,
    queryClient.fetchQuery(recordsQuery(client, datasetId, { ...filters, limit: 0 })),
  ]).then(
    ([dataset, count]) =>
      prefetchMapData(
        queryClient,
        client,
        dataset,
        filters,
        count.total_count,
        state.map.location !== undefined,
        state.map.display,
      ),
    // The views show the failure when they ask.
    () => undefined,
  );
}

function prefetchTable(
  queryClient: QueryClient,
  client: ExploreClient,
  datasetId: string,
  search: URLSearchParams,
  withFacets: boolean,
): void {
  // The same requests the table makes when the dataset is on UTC (most are), rather than after its
  // metadata told its clock: a dataset on another clock asks again with its time zone.
  const state = parseDatasetSearch(search);
  // A sort names a field not checked yet (a bad one would be refused): the table asks for itself.
  if (state.query.select || state.query.group_by || state.sort) return;
  void queryClient.prefetchInfiniteQuery(recordPagesQuery(client, datasetId, recordsParams(state)));
  if (withFacets)
    void queryClient.prefetchQuery(datasetFacetsQuery(client, datasetId, datasetFacetsParams(state)));
}

/** Which app renders the page: the explorer, or an embedded view alone (`/embed/…`). */
export type PageApp = 'explorer' | 'embed';

/**
 * The page an address opens on, prefetched with the client the views will be given, in the order the
 * page needs it: its data, then the app's own code (`loadApp`), then the tab's. A browser opens six
 * connections to a server: requests sent later wait for one.
 */
export function prefetchAddress(
  queryClient: QueryClient,
  location: Pick<Location, 'pathname' | 'search'>,
  loadApp: (app: PageApp) => void,
): void {
  const route = matchRoute(location.pathname);
  if (route.page === 'embed') {
    const search = new URLSearchParams(location.search);
    const portal = startingPortal(search);
    const client = portalClient(portal, readApiKey(portal));
    // An embedded view has no facets.
    prefetchDatasetData(queryClient, client, route.datasetId, route.view, search, false);
    loadApp('embed');
    loadEmbedView(route.view);
    return;
  }
  if (route.page !== 'dataset') {
    loadApp('explorer');
    // The cards fail visibly when the catalog renders.
    if (route.page === 'catalog') DATASET_CARD.load().catch(() => undefined);
    return;
  }
  const search = new URLSearchParams(location.search);
  const portal = startingPortal(search);
  const client = portalClient(portal, readApiKey(portal));
  prefetchDatasetData(queryClient, client, route.datasetId, route.tab, search);
  loadApp('explorer');
  loadTab(route.tab);
}
