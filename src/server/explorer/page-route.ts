/*
 * The explorer's page addresses, as far as the server needs them to prepare a page: the catalog, a
 * dataset's tab (`/datasets/<id>/<tab>`, the Information tab without one), or an embedded view of a
 * dataset (`/embed/<id>/<view>`), which other sites may show in a frame. The explorer's router
 * (src/app/routes/paths.ts) is the reference; page-route.test.ts keeps the two in step.
 */

export const PAGE_TABS = ['information', 'table', 'map', 'analyze', 'calendar', 'export', 'api'] as const;
export type PageTab = (typeof PAGE_TABS)[number];

export const EMBED_PAGE_VIEWS = ['table', 'map', 'analyze'] as const;
export type EmbedPageView = (typeof EMBED_PAGE_VIEWS)[number];

export type PageRoute =
  | { readonly page: 'catalog' }
  | { readonly page: 'dataset'; readonly datasetId: string; readonly tab: PageTab }
  | { readonly page: 'embed'; readonly datasetId: string; readonly view: EmbedPageView }
  | { readonly page: 'other' };

function decoded(segment: string): string | undefined {
  try {
    const text = decodeURIComponent(segment);
    return text === '' ? undefined : text;
  } catch {
    return undefined;
  }
}

export function pageRoute(pathname: string): PageRoute {
  const segments = pathname.split('/').filter((s) => s !== '');
  if (segments.length === 0) return { page: 'catalog' };
  const [first, id, tab, ...rest] = segments;
  const datasetId = id === undefined || rest.length > 0 ? undefined : decoded(id);
  if (datasetId === undefined) return { page: 'other' };
  if (first === 'embed') {
    const view = EMBED_PAGE_VIEWS.find((v) => v === tab);
    return view === undefined ? { page: 'other' } : { page: 'embed', datasetId, view };
  }
  const known = tab === undefined ? 'information' : PAGE_TABS.find((t) => t === tab);
  if (first !== 'datasets' || known === undefined) return { page: 'other' };
  return { page: 'dataset', datasetId, tab: known };
}
