import { type QueryClient, queryOptions } from '@tanstack/react-query';
import { type Dataset, type ExploreClient, quoteField, type RecordsParams } from '../../api';
import { exploreKeys } from '../queries/keys';
import { clientKey } from '../queries/options';
import { fetchFeatures, geojsonExportUrl } from './features';
import {
  clusterField,
  clusterParams,
  FIT_CLUSTER_ZOOM,
  featureSelect,
  geometryField,
  mapMode,
} from './map-data';
import type { MapDisplay } from './map-display';

/*
 * The map's requests that do not depend on MapLibre or on the view: its records when they are few, or
 * where its clusters are to fit the first view on. Shared by the Map tab and the page's prefetch, which
 * sends them as soon as the dataset and its count are known, while the map's code is on its way.
 */

type FilterParams = Pick<RecordsParams, 'where' | 'refine' | 'exclude'>;

/** The records themselves, from the GeoJSON export (`url`: geojsonExportUrl). */
export const mapFeaturesQuery = (client: ExploreClient, datasetId: string, url: string) =>
  queryOptions({
    queryKey: exploreKeys.mapFeatures(clientKey(client), datasetId, url),
    queryFn: ({ signal }) => fetchFeatures(client, url, signal),
  });

/** Clusters counted on the server (`params`: clusterParams). */
export const mapClustersQuery = (client: ExploreClient, datasetId: string, params: RecordsParams) =>
  queryOptions({
    queryKey: exploreKeys.mapClusters(clientKey(client), datasetId, params),
    queryFn: ({ signal }) => client.getRecords(datasetId, params, signal),
  });

/** Clusters of cells under a degree over the whole selection: where the records are. */
export const mapExtentQuery = (
  client: ExploreClient,
  datasetId: string,
  filters: FilterParams,
  pointField: string | undefined,
) =>
  mapClustersQuery(
    client,
    datasetId,
    clusterParams(filters, pointField ? quoteField(pointField) : '', FIT_CLUSTER_ZOOM, undefined),
  );

/** The first of those the map will draw or fit on, for a dataset with `total` records. */
export function prefetchMapData(
  queryClient: QueryClient,
  client: ExploreClient,
  dataset: Dataset,
  filters: FilterParams,
  total: number | undefined,
  placed: boolean,
  /** A heat map draws clusters whatever their number, another dataset's areas none of these records. */
  display?: MapDisplay,
): void {
  const fields = dataset.fields ?? [];
  const geometry = geometryField(fields);
  const point = clusterField(fields);
  if (!geometry || total === undefined) return;
  const id = dataset.dataset_id;
  const clustered = display?.mode === 'areas' || (display?.mode === 'heatmap' && point !== undefined);
  if (!clustered && mapMode(total, point !== undefined) === 'features') {
    const url = geojsonExportUrl(client, id, filters, featureSelect(fields, geometry));
    void queryClient.prefetchQuery(mapFeaturesQuery(client, id, url));
  } else if (!placed) {
    void queryClient.prefetchQuery(mapExtentQuery(client, id, filters, point));
  }
}
