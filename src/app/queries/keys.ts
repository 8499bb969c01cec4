import type { CatalogFacetsParams, CatalogParams, DatasetFacetsParams, RecordsParams } from '../../api';

/*
 * Query keys, from the portal down to one request. Each key holds every input its request reads,
 * so two portals or two filter states never share a cache entry.
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
  attachments: (baseUrl: string, datasetId: string) =>
    [...exploreKeys.dataset(baseUrl, datasetId), 'attachments'] as const,
};
