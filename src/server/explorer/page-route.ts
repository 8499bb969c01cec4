/*
 * The explorer's page addresses, as far as the server needs them to prepare a page: the catalog, or a
 * dataset's tab (`/datasets/<id>/<tab>`, the Information tab without one). The explorer's router
 * (src/app/routes/paths.ts) is the reference; page-route.test.ts keeps the two in step.
 */

export const PAGE_TABS = ['information', 'table', 'map', 'analyze', 'export', 'api'] as const;
export type PageTab = (typeof PAGE_TABS)[number];

export type PageRoute =
  | { readonly page: 'catalog' }
  | { readonly page: 'dataset'; readonly datasetId: string; readonly tab: PageTab }
  | { readonly page: 'other' };

export function pageRoute(pathname: string): PageRoute {
  const segments = pathname.split('/').filter((s) => s !== '');
  if (segments.length === 0) return { page: 'catalog' };
  const [first, id, tab, ...rest] = segments;
  if (first !== 'datasets' || id === undefined || rest.length > 0) return { page: 'other' };
  let datasetId: string;
  try {
    datasetId = decodeURIComponent(id);
  } catch {
    return { page: 'other' };
  }
  const known = tab === undefined ? 'information' : PAGE_TABS.find((t) => t === tab);
  if (datasetId === '' || known === undefined) return { page: 'other' };
  return { page: 'dataset', datasetId, tab: known };
}
