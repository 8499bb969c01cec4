import { errorFromBody, isAbortError, networkError, unexpectedResponse } from './errors';
import {
  buildQuery,
  type CatalogFacetsParams,
  type CatalogParams,
  type DatasetFacetsParams,
  type DatasetParams,
  type QueryParams,
  type RecordsParams,
} from './params';
import type { AttachmentsResponse, CatalogResponse, Dataset, FacetsResponse, RecordsResponse } from './types';

export const API_PATH = '/api/explore/v2.1';

export interface ClientOptions {
  /** Root address of the portal (`https://data.example.org`); empty for the page's own origin. */
  readonly baseUrl?: string;
  readonly fetch?: typeof fetch;
}

/** Addresses of each endpoint, the ones the client calls: shown to users so they can reuse them. */
export interface ExploreUrls {
  datasets(params?: CatalogParams): string;
  catalogFacets(params?: CatalogFacetsParams): string;
  dataset(datasetId: string, params?: DatasetParams): string;
  records(datasetId: string, params?: RecordsParams): string;
  facets(datasetId: string, params?: DatasetFacetsParams): string;
  attachments(datasetId: string): string;
}

export interface ExploreClient {
  readonly baseUrl: string;
  readonly urls: ExploreUrls;
  listDatasets(params?: CatalogParams, signal?: AbortSignal): Promise<CatalogResponse>;
  getCatalogFacets(params?: CatalogFacetsParams, signal?: AbortSignal): Promise<FacetsResponse>;
  getDataset(datasetId: string, params?: DatasetParams, signal?: AbortSignal): Promise<Dataset>;
  getRecords(datasetId: string, params?: RecordsParams, signal?: AbortSignal): Promise<RecordsResponse>;
  getFacets(datasetId: string, params?: DatasetFacetsParams, signal?: AbortSignal): Promise<FacetsResponse>;
  getAttachments(datasetId: string, signal?: AbortSignal): Promise<AttachmentsResponse>;
}

type Shape<T> = (body: unknown) => body is T;

const isObject = (body: unknown): body is Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body);

const isList: Shape<CatalogResponse> = (body): body is CatalogResponse =>
  isObject(body) && typeof body.total_count === 'number' && Array.isArray(body.results);
const isRecords: Shape<RecordsResponse> = (body): body is RecordsResponse =>
  isObject(body) &&
  (body.total_count === undefined || typeof body.total_count === 'number') &&
  Array.isArray(body.results);
const isFacets: Shape<FacetsResponse> = (body): body is FacetsResponse =>
  isObject(body) && Array.isArray(body.facets);
const isDataset: Shape<Dataset> = (body): body is Dataset =>
  isObject(body) && typeof body.dataset_id === 'string';
const isAttachments: Shape<AttachmentsResponse> = (body): body is AttachmentsResponse =>
  isObject(body) && Array.isArray(body.attachments);

function withQuery(path: string, params: QueryParams | undefined): string {
  const query = params ? buildQuery(params) : '';
  return query === '' ? path : `${path}?${query}`;
}

export function createUrls(baseUrl: string): ExploreUrls {
  const root = `${baseUrl.replace(/\/+$/, '')}${API_PATH}`;
  const datasetPath = (id: string): string => `${root}/catalog/datasets/${encodeURIComponent(id)}`;
  return {
    datasets: (params) => withQuery(`${root}/catalog/datasets`, params),
    catalogFacets: (params) => withQuery(`${root}/catalog/facets`, params),
    dataset: (id, params) => withQuery(datasetPath(id), params),
    records: (id, params) => withQuery(`${datasetPath(id)}/records`, params),
    facets: (id, params) => withQuery(`${datasetPath(id)}/facets`, params),
    attachments: (id) => `${datasetPath(id)}/attachments`,
  };
}

/** A typed client of one portal's Explore API v2.1. Every call throws an `ApiError` when it fails. */
export function createClient(options: ClientOptions = {}): ExploreClient {
  const baseUrl = (options.baseUrl ?? '').replace(/\/+$/, '');
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const urls = createUrls(baseUrl);

  async function get<T>(url: string, shape: Shape<T>, signal: AbortSignal | undefined): Promise<T> {
    let response: Response;
    try {
      response = await fetchImpl(url, { signal, headers: { Accept: 'application/json' } });
    } catch (error) {
      if (isAbortError(error) || signal?.aborted) throw error;
      throw networkError(url);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      if (isAbortError(error) || signal?.aborted) throw error;
      body = undefined;
    }
    if (!response.ok) throw errorFromBody(response.status, body, url);
    if (!shape(body)) throw unexpectedResponse(response.status, url);
    return body;
  }

  return {
    baseUrl,
    urls,
    listDatasets: (params, signal) => get(urls.datasets(params), isList, signal),
    getCatalogFacets: (params, signal) => get(urls.catalogFacets(params), isFacets, signal),
    getDataset: (id, params, signal) => get(urls.dataset(id, params), isDataset, signal),
    getRecords: (id, params, signal) => get(urls.records(id, params), isRecords, signal),
    getFacets: (id, params, signal) => get(urls.facets(id, params), isFacets, signal),
    getAttachments: (id, signal) => get(urls.attachments(id), isAttachments, signal),
  };
}
