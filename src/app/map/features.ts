import type { Feature, FeatureCollection } from 'geojson';
import { type ExploreClient, type RecordsParams, unexpectedResponse } from '../../api';
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
  client: ExploreClient,
  datasetId: string,
  filters: FilterParams,
  select: string,
): string {
  return client.urls.recordsExport(datasetId, 'geojson', { ...filters, select, limit: FEATURE_THRESHOLD });
}

function isFeatureCollection(body: unknown): body is FeatureCollection {
  if (typeof body !== 'object' || body === null) return false;
  const candidate = body as { type?: unknown; features?: unknown };
  return candidate.type === 'FeatureCollection' && Array.isArray(candidate.features);
}

/** Features with a geometry, numbered; through the client, so that a portal's API key goes along. */
export async function fetchFeatures(
  client: ExploreClient,
  url: string,
  signal?: AbortSignal,
): Promise<FeatureCollection> {
  const response = await client.getFile(url, signal);
  const body: unknown = await response.json().catch(() => undefined);
  if (!isFeatureCollection(body)) throw unexpectedResponse(response.status, url);
  return numberFeatures(body);
}

export function numberFeatures(collection: FeatureCollection): FeatureCollection {
  const features: Feature[] = [];
  for (const item of collection.features) {
    if (!item || typeof item !== 'object' || !item.geometry) continue;
    features.push({ ...item, properties: { ...item.properties, [FEATURE_INDEX]: features.length } });
  }
  return { type: 'FeatureCollection', features };
}

/**
 * The records as MapLibre is given them: their geometry, their index and the one field a display mode
 * colours by. The other fields (names, codes, the list's columns) are read from the records themselves:
 * sent along, each would be copied to MapLibre's worker and written into every tile it cuts, which
 * delays the map's first picture of a few thousand records by as much as the basemap takes.
 */
export function drawnFeatures(collection: FeatureCollection, field: string | undefined): FeatureCollection {
  return {
    type: 'FeatureCollection',
    features: collection.features.map((feature) => {
      const properties: Record<string, unknown> = { [FEATURE_INDEX]: feature.properties?.[FEATURE_INDEX] };
      if (field !== undefined && feature.properties && field in feature.properties)
        properties[field] = feature.properties[field];
      return { type: 'Feature', geometry: feature.geometry, properties };
    }),
  };
}
