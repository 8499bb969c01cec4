import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  CatalogFacetsParams,
  CatalogParams,
  DatasetFacetsParams,
  ExploreClient,
  RecordsParams,
} from '../../api';
import { exploreKeys } from './keys';

/** One factory per endpoint: its key and its fetch stay together. */

export const datasetsQuery = (client: ExploreClient, params: CatalogParams) =>
  queryOptions({
    queryKey: exploreKeys.datasets(client.baseUrl, params),
    queryFn: ({ signal }) => client.listDatasets(params, signal),
    placeholderData: keepPreviousData,
  });

export const catalogFacetsQuery = (client: ExploreClient, params: CatalogFacetsParams) =>
  queryOptions({
    queryKey: exploreKeys.catalogFacets(client.baseUrl, params),
    queryFn: ({ signal }) => client.getCatalogFacets(params, signal),
    placeholderData: keepPreviousData,
  });

export const datasetQuery = (client: ExploreClient, datasetId: string) =>
  queryOptions({
    queryKey: exploreKeys.dataset(client.baseUrl, datasetId),
    queryFn: ({ signal }) => client.getDataset(datasetId, {}, signal),
    staleTime: 5 * 60_000,
  });

export const recordsQuery = (client: ExploreClient, datasetId: string, params: RecordsParams) =>
  queryOptions({
    queryKey: exploreKeys.records(client.baseUrl, datasetId, params),
    queryFn: ({ signal }) => client.getRecords(datasetId, params, signal),
    placeholderData: keepPreviousData,
  });

export const datasetFacetsQuery = (client: ExploreClient, datasetId: string, params: DatasetFacetsParams) =>
  queryOptions({
    queryKey: exploreKeys.facets(client.baseUrl, datasetId, params),
    queryFn: ({ signal }) => client.getFacets(datasetId, params, signal),
    placeholderData: keepPreviousData,
  });

export const attachmentsQuery = (client: ExploreClient, datasetId: string) =>
  queryOptions({
    queryKey: exploreKeys.attachments(client.baseUrl, datasetId),
    queryFn: ({ signal }) => client.getAttachments(datasetId, signal),
    staleTime: 5 * 60_000,
  });
