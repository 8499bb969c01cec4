import { createUrls, quoteField } from '../../api';
import { isObject } from '../../api/transport';
import type { Language } from './first-data';
import type { PageRoute } from './page-route';

/*
 * The Map tab's request that follows its dataset and its count (src/app/map/map-queries.ts,
 * prefetchMapData): for a dataset of many points, where its clusters are, to fit the first view on.
 * Answered inside the page too, at the start of the page's life rather than from the explorer once its
 * code runs, when the browser's work on the page would slow the query down (first-data.test.ts keeps
 * it in step with the explorer). Records few enough to be drawn themselves come as a GeoJSON export,
 * left for the explorer to ask.
 */

/** The explorer's constants (src/app/map/map-data.ts), kept in step by first-data.test.ts. */
export const MAP_FIRST_DATA = {
  /** Up to this many records the map draws them, and asks for no clusters. */
  featureThreshold: 5_000,
  /** The clusters' zoom the first view is fitted on. */
  fitZoom: 6,
  /** geo_cluster's radius, in pixels of a 256-pixel tile. */
  radius: 40,
  /** Groups per request at most. */
  limit: 20_000,
} as const;

function parsed(body: string | undefined): unknown {
  if (body === undefined) return undefined;
  try {
    return JSON.parse(body) as unknown;
  } catch {
    return undefined;
  }
}

/** The dataset's first point field, as the explorer clusters by. */
function pointField(dataset: unknown): string | undefined {
  const fields = isObject(dataset) && Array.isArray(dataset.fields) ? dataset.fields : [];
  const point = fields.find((f: unknown) => isObject(f) && f.type === 'geo_point_2d');
  return isObject(point) && typeof point.name === 'string' ? point.name : undefined;
}

/**
 * The extent's address for a map page without filters, once the page's first answers (JSON bodies, by
 * address) are in; undefined for another page, or when the map will ask for something else (few
 * records, no point field) or an answer is missing.
 */
export function firstMapUrl(
  route: PageRoute,
  lang: Language,
  answered: (url: string) => string | undefined,
): string | undefined {
  if (route.page !== 'dataset' || route.tab !== 'map') return undefined;
  const urls = createUrls('');
  const id = route.datasetId;
  const count = parsed(answered(urls.records(id, { limit: 0, lang })));
  const total = isObject(count) ? count.total_count : undefined;
  const point = pointField(parsed(answered(urls.dataset(id, { lang }))));
  if (typeof total !== 'number' || point === undefined || total <= MAP_FIRST_DATA.featureThreshold)
    return undefined;
  const { fitZoom, radius, limit } = MAP_FIRST_DATA;
  return urls.records(id, {
    select: 'count(*) as count',
    group_by: `geo_cluster(${quoteField(point)}, ${fitZoom}, ${radius}) as cluster`,
    limit,
    lang,
  });
}
