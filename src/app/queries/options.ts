import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  CatalogFacetsParams,
  CatalogParams,
  DatasetFacetsParams,
  DatasetRecord,
  ExploreClient,
  RecordParams,
  RecordsParams,
} from '../../api';
import { currentLanguage } from '../i18n/locale';
import { exploreKeys } from './keys';

/**
 * The cache identity of a client: its portal, which key it sends (a fingerprint, never the key), and the
 * language it asks in. Every query key starts with it (keys.ts), so anonymous and keyed calls never share
 * an entry.
 */
export const clientKey = (client: ExploreClient): string =>
  `${client.baseUrl}${client.keyId === '' ? '' : `#key:${client.keyId}`}|${currentLanguage()}`;

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

/** One record; `placeholder` is its row when the reader clicked it in a loaded table page. */
export const recordQuery = (
  client: ExploreClient,
  datasetId: string,
  recordId: string,
  params: RecordParams = {},
  placeholder?: DatasetRecord,
) =>
  queryOptions({
    queryKey: exploreKeys.record(clientKey(client), datasetId, recordId, params),
    queryFn: ({ signal }) => client.getRecord(datasetId, recordId, params, signal),
    // The row the reader clicked is already loaded: show it at once while the record itself is read.
    ...(placeholder ? { placeholderData: placeholder } : {}),
    staleTime: 5 * 60_000,
  });

export const attachmentsQuery = (client: ExploreClient, datasetId: string) =>
  queryOptions({
    queryKey: exploreKeys.attachments(clientKey(client), datasetId),
    queryFn: ({ signal }) => client.getAttachments(datasetId, signal),
    staleTime: 5 * 60_000,
  });
