import type {
  CatalogFacetsParams,
  CatalogParams,
  DatasetFacetsParams,
  DatasetParams,
  RecordParams,
  RecordsParams,
} from './params';
import { createGet, createGetFile, isObject, type Shape, type TransportOptions } from './transport';
import type {
  AttachmentsResponse,
  CatalogResponse,
  Dataset,
  FacetsResponse,
  RecordResponse,
  RecordsResponse,
} from './types';
import type {
  CatalogResponseV20,
  DatasetWrapperV20,
  FacetsResponseV20,
  RecordsResponseV20,
  RecordWrapperV20,
} from './types-v20';
import { createUrls, type ExploreUrls } from './urls';

export interface ClientOptions extends TransportOptions {
  /** Root address of the portal (`https://data.example.org`); empty for the page's own origin. */
  readonly baseUrl?: string;
}

/** A typed client of one portal's Explore API v2.1, the version the explorer reads. */
export interface ExploreClient {
  readonly baseUrl: string;
  /** Whether calls carry an API key: two clients of one portal with and without a key see different data. */
  readonly authenticated: boolean;
  /**
   * Which key the calls carry, as a short fingerprint ('' without a key; never the key itself): two keys
   * of one portal may open different datasets, so caches keep them apart.
   */
  readonly keyId: string;
  readonly urls: ExploreUrls;
  listDatasets(params?: CatalogParams, signal?: AbortSignal): Promise<CatalogResponse>;
  getCatalogFacets(params?: CatalogFacetsParams, signal?: AbortSignal): Promise<FacetsResponse>;
  getDataset(datasetId: string, params?: DatasetParams, signal?: AbortSignal): Promise<Dataset>;
  getRecords(datasetId: string, params?: RecordsParams, signal?: AbortSignal): Promise<RecordsResponse>;
  getRecord(
    datasetId: string,
    recordId: string,
    params?: RecordParams,
    signal?: AbortSignal,
  ): Promise<RecordResponse>;
  getFacets(datasetId: string, params?: DatasetFacetsParams, signal?: AbortSignal): Promise<FacetsResponse>;
  getAttachments(datasetId: string, signal?: AbortSignal): Promise<AttachmentsResponse>;
  /** Starts a file download (an export), with the API key when there is one; throws `ApiError` on failure. */
  getFile(url: string, signal?: AbortSignal): Promise<Response>;
}

/** The same operations in v2.0, with its wrapped shapes. */
export interface ExploreClientV20 {
  readonly baseUrl: string;
  readonly urls: ExploreUrls;
  getDatasets(params?: CatalogParams, signal?: AbortSignal): Promise<CatalogResponseV20>;
  getDatasetsFacets(params?: CatalogFacetsParams, signal?: AbortSignal): Promise<FacetsResponseV20>;
  getDataset(datasetId: string, params?: DatasetParams, signal?: AbortSignal): Promise<DatasetWrapperV20>;
  getRecords(datasetId: string, params?: RecordsParams, signal?: AbortSignal): Promise<RecordsResponseV20>;
  getRecord(
    datasetId: string,
    recordId: string,
    params?: RecordParams,
    signal?: AbortSignal,
  ): Promise<RecordWrapperV20>;
  getRecordsFacets(
    datasetId: string,
    params?: DatasetFacetsParams,
    signal?: AbortSignal,
  ): Promise<FacetsResponseV20>;
  getDatasetAttachments(datasetId: string, signal?: AbortSignal): Promise<AttachmentsResponse>;
}

const hasCount = (body: Record<string, unknown>): boolean => typeof body.total_count === 'number';

const isList: Shape<CatalogResponse> = (body): body is CatalogResponse =>
  isObject(body) && hasCount(body) && Array.isArray(body.results);
// Grouped results (`group_by`) come without a total.
const isRecords: Shape<RecordsResponse> = (body): body is RecordsResponse =>
  isObject(body) && (body.total_count === undefined || hasCount(body)) && Array.isArray(body.results);
const isFacets: Shape<FacetsResponse> = (body): body is FacetsResponse =>
  isObject(body) && Array.isArray(body.facets);
const isDataset: Shape<Dataset> = (body): body is Dataset =>
  isObject(body) && typeof body.dataset_id === 'string';
const isRecord: Shape<RecordResponse> = (body): body is RecordResponse => isObject(body);
const isAttachments: Shape<AttachmentsResponse> = (body): body is AttachmentsResponse =>
  isObject(body) && Array.isArray(body.attachments);

const isCatalogV20: Shape<CatalogResponseV20> = (body): body is CatalogResponseV20 =>
  isObject(body) && hasCount(body) && Array.isArray(body.datasets);
const isRecordsV20: Shape<RecordsResponseV20> = (body): body is RecordsResponseV20 =>
  isObject(body) && hasCount(body) && Array.isArray(body.records);
const isDatasetV20: Shape<DatasetWrapperV20> = (body): body is DatasetWrapperV20 =>
  isObject(body) && isDataset(body.dataset);
const isRecordV20: Shape<RecordWrapperV20> = (body): body is RecordWrapperV20 =>
  isObject(body) && isObject(body.record) && typeof body.record.id === 'string';
const isFacetsV20 = isFacets as Shape<FacetsResponseV20>;

/** FNV-1a over the trimmed key: enough to tell keys apart in a cache, useless to call the API with. */
function keyFingerprint(apiKey: string | undefined): string {
  const key = apiKey?.trim() ?? '';
  if (key === '') return '';
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36);
}

const trimBase = (baseUrl: string | undefined): string => (baseUrl ?? '').replace(/\/+$/, '');

/** A client of one portal's Explore API v2.1. Every call throws an `ApiError` when it fails. */
export function createClient(options: ClientOptions = {}): ExploreClient {
  const baseUrl = trimBase(options.baseUrl);
  const get = createGet(options);
  const urls = createUrls(baseUrl, '2.1');
  return {
    baseUrl,
    authenticated: Boolean(options.apiKey?.trim()),
    keyId: keyFingerprint(options.apiKey),
    urls,
    listDatasets: (params, signal) => get(urls.datasets(params), isList, signal),
    getCatalogFacets: (params, signal) => get(urls.catalogFacets(params), isFacets, signal),
    getDataset: (id, params, signal) => get(urls.dataset(id, params), isDataset, signal),
    getRecords: (id, params, signal) => get(urls.records(id, params), isRecords, signal),
    getRecord: (id, recordId, params, signal) => get(urls.record(id, recordId, params), isRecord, signal),
    getFacets: (id, params, signal) => get(urls.facets(id, params), isFacets, signal),
    getAttachments: (id, signal) => get(urls.attachments(id), isAttachments, signal),
    getFile: createGetFile(options),
  };
}

/** A client of the v2.0 interface, named after the specification's operation ids. */
export function createClientV20(options: ClientOptions = {}): ExploreClientV20 {
  const baseUrl = trimBase(options.baseUrl);
  const get = createGet(options);
  const urls = createUrls(baseUrl, '2.0');
  return {
    baseUrl,
    urls,
    getDatasets: (params, signal) => get(urls.datasets(params), isCatalogV20, signal),
    getDatasetsFacets: (params, signal) => get(urls.catalogFacets(params), isFacetsV20, signal),
    getDataset: (id, params, signal) => get(urls.dataset(id, params), isDatasetV20, signal),
    getRecords: (id, params, signal) => get(urls.records(id, params), isRecordsV20, signal),
    getRecord: (id, recordId, params, signal) => get(urls.record(id, recordId, params), isRecordV20, signal),
    getRecordsFacets: (id, params, signal) => get(urls.facets(id, params), isFacetsV20, signal),
    getDatasetAttachments: (id, signal) => get(urls.attachments(id), isAttachments, signal),
  };
}
