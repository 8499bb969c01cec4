import type { Feature, FeatureCollection } from 'geojson';
import {
  API_PATH,
  buildQuery,
  errorFromBody,
  isAbortError,
  networkError,
  type RecordsParams,
  unexpectedResponse,
} from '../../api';
import { FEATURE_THRESHOLD } from './map-data';

/*
 * The records themselves, as the GeoJSON export gives them. Each feature keeps its position in the
 * collection as `__index`: MapLibre hands back flattened copies of properties, so popups read the
 * original record from the collection instead.
 */

export const FEATURE_INDEX = '__index';

type FilterParams = Pick<RecordsParams, 'where' | 'refine' | 'exclude'>;

/**
 * The export of the filtered records. The export draws each record's first geo field, so `select` puts
 * the drawn one first, followed by the fields a popup shows (other geometries would only weigh).
 */
export function geojsonExportUrl(
  baseUrl: string,
  datasetId: string,
  filters: FilterParams,
  select: string,
): string {
  const root = `${baseUrl.replace(/\/+$/, '')}${API_PATH}/catalog/datasets/${encodeURIComponent(datasetId)}`;
  return `${root}/exports/geojson?${buildQuery({ ...filters, select, limit: FEATURE_THRESHOLD })}`;
}

function isFeatureCollection(body: unknown): body is FeatureCollection {
  if (typeof body !== 'object' || body === null) return false;
  const candidate = body as { type?: unknown; features?: unknown };
  return candidate.type === 'FeatureCollection' && Array.isArray(candidate.features);
}

/**
 * A JSON answer of the API, checked by `shape`; errors come back as `ApiError`s like the client's. The
 * typed client only knows record lists, and grouped records (clusters) have no `total_count`.
 */
export async function fetchJson<T>(
  url: string,
  shape: (body: unknown) => body is T,
  signal?: AbortSignal,
): Promise<T> {
  let response: Response;
  try {
    response = await fetch(url, { signal, headers: { Accept: 'application/json, application/geo+json' } });
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

/** Features with a geometry, numbered. */
export async function fetchFeatures(url: string, signal?: AbortSignal): Promise<FeatureCollection> {
  return numberFeatures(await fetchJson(url, isFeatureCollection, signal));
}

export interface GroupsResponse {
  readonly results: readonly Record<string, unknown>[];
}

function isGroups(body: unknown): body is GroupsResponse {
  return typeof body === 'object' && body !== null && Array.isArray((body as { results?: unknown }).results);
}

/** `group_by` results (the typed client expects a `total_count`, which groups do not have). */
export function fetchGroups(url: string, signal?: AbortSignal): Promise<GroupsResponse> {
  return fetchJson(url, isGroups, signal);
}

export function numberFeatures(collection: FeatureCollection): FeatureCollection {
  const features: Feature[] = [];
  for (const item of collection.features) {
    if (!item || typeof item !== 'object' || !item.geometry) continue;
    features.push({ ...item, properties: { ...item.properties, [FEATURE_INDEX]: features.length } });
  }
  return { type: 'FeatureCollection', features };
}
