import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  CatalogFacetsParams,
  CatalogParams,
  DatasetFacetsParams,
  ExploreClient,
  RecordParams,
  RecordsParams,
} from '../../api';
import { currentLanguage } from '../i18n/locale';
import { exploreKeys } from './keys';

/** The cache identity of a client: its portal, whether it sends a key, and the language it asks in. */
export const clientKey = (client: ExploreClient): string =>
  `${client.authenticated ? `${client.baseUrl}#key` : client.baseUrl}|${currentLanguage()}`;

/** One factory per endpoint: its key and its fetch stay together. */

export const datasetsQuery = (client: ExploreClient, params: CatalogParams) =>
  queryOptions({
    queryKey: exploreKeys.datasets(clientKey(client), params),
    queryFn: ({ signal }) => client.listDatasets(params, signal),
    placeholderData: keepPreviousData,
  });

export const catalogFacetsQuery = (client: ExploreClient, params: CatalogFacetsParams) =>
  queryOptions({
    queryKey: exploreKeys.catalogFacets(clientKey(client), params),
    queryFn: ({ signal }) => client.getCatalogFacets(params, signal),
    placeholderData: keepPreviousData,
  });

export const datasetQuery = (client: ExploreClient, datasetId: string) =>
  queryOptions({
    queryKey: exploreKeys.dataset(clientKey(client), datasetId),
    queryFn: ({ signal }) => client.getDataset(datasetId, {}, signal),
    staleTime: 5 * 60_000,
  });

export const recordsQuery = (client: ExploreClient, datasetId: string, params: RecordsParams) =>
  queryOptions({
    queryKey: exploreKeys.records(clientKey(client), datasetId, params),
    queryFn: ({ signal }) => client.getRecords(datasetId, params, signal),
    placeholderData: keepPreviousData,
  });

export const datasetFacetsQuery = (client: ExploreClient, datasetId: string, params: DatasetFacetsParams) =>
  queryOptions({
    queryKey: exploreKeys.facets(clientKey(client), datasetId, params),
    queryFn: ({ signal }) => client.getFacets(datasetId, params, signal),
    placeholderData: keepPreviousData,
  });

export const recordQuery = (
  client: ExploreClient,
  datasetId: string,
  recordId: string,
  params: RecordParams = {},
) =>
  queryOptions({
    queryKey: exploreKeys.record(clientKey(client), datasetId, recordId, params),
    queryFn: ({ signal }) => client.getRecord(datasetId, recordId, params, signal),
    staleTime: 5 * 60_000,
  });

export const attachmentsQuery = (client: ExploreClient, datasetId: string) =>
  queryOptions({
    queryKey: exploreKeys.attachments(clientKey(client), datasetId),
    queryFn: ({ signal }) => client.getAttachments(datasetId, signal),
    staleTime: 5 * 60_000,
  });
