import type {
  CatalogFacetsParams,
  CatalogParams,
  DatasetFacetsParams,
  RecordParams,
  RecordsParams,
} from '../../api';

/*
 * Query keys, from the portal down to one request. Each key holds every input its request reads,
 * so two portals or two filter states never share a cache entry. `baseUrl` carries a `#key` mark when
 * calls are authenticated, since a key can open datasets that anonymous calls do not see. A new key makes
 * every request of the old one stale; TanStack Query cancels a request whose key nobody observes any more
 * (the signal reaches `fetch`).
 */
export const exploreKeys = {
  portal: (baseUrl: string) => ['explore', baseUrl] as const,
  catalog: (baseUrl: string) => [...exploreKeys.portal(baseUrl), 'catalog'] as const,
  datasets: (baseUrl: string, params: CatalogParams) =>
    [...exploreKeys.catalog(baseUrl), 'datasets', params] as const,
  catalogFacets: (baseUrl: string, params: CatalogFacetsParams) =>
    [...exploreKeys.catalog(baseUrl), 'facets', params] as const,
  dataset: (baseUrl: string, datasetId: string) =>
    [...exploreKeys.portal(baseUrl), 'dataset', datasetId] as const,
  records: (baseUrl: string, datasetId: string, params: RecordsParams) =>
    [...exploreKeys.dataset(baseUrl, datasetId), 'records', params] as const,
  facets: (baseUrl: string, datasetId: string, params: DatasetFacetsParams) =>
    [...exploreKeys.dataset(baseUrl, datasetId), 'facets', params] as const,
  record: (baseUrl: string, datasetId: string, recordId: string, params: RecordParams) =>
    [...exploreKeys.dataset(baseUrl, datasetId), 'record', recordId, params] as const,
  attachments: (baseUrl: string, datasetId: string) =>
    [...exploreKeys.dataset(baseUrl, datasetId), 'attachments'] as const,
};
