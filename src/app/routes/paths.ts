import { t } from '../i18n/setup';
/*
 * Every page of the explorer and its address. Dataset tabs are path segments, as on Opendatasoft
 * portals (`/explore/dataset/<id>/table/`), so each tab has its own link.
 */

export const DATASET_TABS = ['information', 'table', 'map', 'analyze', 'calendar', 'export', 'api'] as const;
export type DatasetTab = (typeof DATASET_TABS)[number];

/** A tab's name in the reader's language. */
export function tabLabel(tab: DatasetTab): string {
  return t(`tabs.${tab}`);
}

/** The views a page on another site can embed (`/embed/<id>/<view>`): one view, without the explorer around it. */
export const EMBED_VIEWS = ['table', 'map', 'analyze'] as const satisfies readonly DatasetTab[];
export type EmbedView = (typeof EMBED_VIEWS)[number];

export type Route =
  | { readonly page: 'catalog' }
  | { readonly page: 'dataset'; readonly datasetId: string; readonly tab: DatasetTab }
  | { readonly page: 'embed'; readonly datasetId: string; readonly view: EmbedView }
  | { readonly page: 'not-found'; readonly pathname: string };

function decodeSegment(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

export function matchRoute(pathname: string): Route {
  const segments = pathname.split('/').filter((s) => s !== '');
  if (segments.length === 0) return { page: 'catalog' };
  const [first, id, tab, ...rest] = segments;
  if (first === 'datasets' && id !== undefined && rest.length === 0) {
    const datasetId = decodeSegment(id);
    const known = tab === undefined ? 'information' : DATASET_TABS.find((t) => t === tab);
    if (datasetId !== undefined && datasetId !== '' && known !== undefined) {
      return { page: 'dataset', datasetId, tab: known };
    }
  }
  if (first === 'embed' && id !== undefined && rest.length === 0) {
    const datasetId = decodeSegment(id);
    const view = EMBED_VIEWS.find((v) => v === tab);
    if (datasetId !== undefined && datasetId !== '' && view !== undefined) {
      return { page: 'embed', datasetId, view };
    }
  }
  return { page: 'not-found', pathname };
}

/** Filters read better unescaped (`refine=date:2013/02`); `:`, `/` and `,` are valid in a query string. */
function readableQuery(search: URLSearchParams): string {
  return search.toString().replace(/%3A/gi, ':').replace(/%2F/gi, '/').replace(/%2C/gi, ',');
}

export function withSearch(path: string, search: URLSearchParams): string {
  const query = readableQuery(search);
  return query === '' ? path : `${path}?${query}`;
}

export function catalogPath(search: URLSearchParams = new URLSearchParams()): string {
  return withSearch('/', search);
}

export function datasetPath(
  datasetId: string,
  tab: DatasetTab = 'information',
  search: URLSearchParams = new URLSearchParams(),
): string {
  const base = `/datasets/${encodeURIComponent(datasetId)}`;
  return withSearch(tab === 'information' ? base : `${base}/${tab}`, search);
}
