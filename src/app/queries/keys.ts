import type {
  CatalogFacetsParams,
  CatalogParams,
  DatasetFacetsParams,
  RecordParams,
  RecordsParams,
} from '../../api';

/*
 * Query keys, from the portal down to one request. Each key holds every input its request reads,
 * so two portals or two filter states never share a cache entry. The first argument is the client's
 * cache identity (`clientKey` in options.ts): the portal, the fingerprint of the API key when calls carry
 * one, and the language asked in, since a key can open datasets that anonymous calls do not see. A new
 * key makes every request of the old one stale; TanStack Query cancels a request whose key nobody
 * observes any more (the signal reaches `fetch`). No query key is written anywhere else.
 */
export const exploreKeys = {
  portal: (client: string) => ['explore', client] as const,
  catalog: (client: string) => [...exploreKeys.portal(client), 'catalog'] as const,
  datasets: (client: string, params: CatalogParams) =>
    [...exploreKeys.catalog(client), 'datasets', params] as const,
  catalogFacets: (client: string, params: CatalogFacetsParams) =>
    [...exploreKeys.catalog(client), 'facets', params] as const,
  /** The values of one catalog facet under some filters; the values request is appended by the facet. */
  catalogFacetValues: (client: string, filters: unknown) =>
    [...exploreKeys.catalog(client), 'facet-values', filters] as const,
  dataset: (client: string, datasetId: string) =>
    [...exploreKeys.portal(client), 'dataset', datasetId] as const,
  records: (client: string, datasetId: string, params: RecordsParams) =>
    [...exploreKeys.dataset(client, datasetId), 'records', params] as const,
  /** The records table's pages, fetched as it scrolls (an infinite query: its own entry). */
  recordPages: (client: string, datasetId: string, params: RecordsParams) =>
    [...exploreKeys.dataset(client, datasetId), 'record-pages', params] as const,
  facets: (client: string, datasetId: string, params: DatasetFacetsParams) =>
    [...exploreKeys.dataset(client, datasetId), 'facets', params] as const,
  facetValues: (client: string, datasetId: string, filters: unknown, timezone: string | undefined) =>
    [...exploreKeys.dataset(client, datasetId), 'facet-values', filters, timezone] as const,
  /** The extent or the histogram of one field for the range filter, under the other filters. */
  range: (client: string, datasetId: string, field: string, params: RecordsParams) =>
    [...exploreKeys.dataset(client, datasetId), 'range', field, params] as const,
  record: (client: string, datasetId: string, recordId: string, params: RecordParams) =>
    [...exploreKeys.dataset(client, datasetId), 'record', recordId, params] as const,
  attachments: (client: string, datasetId: string) =>
    [...exploreKeys.dataset(client, datasetId), 'attachments'] as const,
  /** The map's GeoJSON, by the export address it reads. */
  mapFeatures: (client: string, datasetId: string, url: string) =>
    [...exploreKeys.dataset(client, datasetId), 'map-features', url] as const,
  /** Clusters of the map's points at one zoom, over one area or the whole selection. */
  mapClusters: (client: string, datasetId: string, params: RecordsParams) =>
    [...exploreKeys.dataset(client, datasetId), 'map-clusters', params] as const,
};
