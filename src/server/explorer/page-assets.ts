import type { EmbedPageView, PageRoute, PageTab } from './page-route';

/*
 * The code a page needs, named in its HTML so the browser fetches it with the page rather than once
 * the entry script has run and asked for it: the app (React and the views), the tab's chunk and what
 * they import, and their stylesheets. Read from the build's manifest (`.vite/manifest.json`), which
 * maps each source module to its hashed files.
 */

interface ManifestChunk {
  readonly file: string;
  readonly imports?: readonly string[];
  readonly css?: readonly string[];
  readonly isEntry?: boolean;
}

export type Manifest = Readonly<Record<string, ManifestChunk>>;

/** The app's module, which the entry imports once it has sent the page's requests. */
const APP_MODULE = 'src/app/root.tsx';
/** The catalog's cards, a chunk of their own (src/app/views/catalog-chunks.ts). */
const CARD_MODULE = 'src/app/components/DatasetCard.tsx';

const TAB_MODULES: Readonly<Record<PageTab, string>> = {
  information: 'src/app/views/InformationTab.tsx',
  table: 'src/app/views/TableTab.tsx',
  map: 'src/app/map/MapTab.tsx',
  analyze: 'src/app/analyze/AnalyzeTab.tsx',
  calendar: 'src/app/calendar/CalendarTab.tsx',
  export: 'src/app/views/ExportTab.tsx',
  api: 'src/app/views/ApiTab.tsx',
};

/** An embedded view's app (in place of the explorer's) and each view's chunk (src/app/embed/). */
const EMBED_MODULE = 'src/app/embed/root.tsx';
const EMBED_VIEW_MODULES: Readonly<Record<EmbedPageView, string>> = {
  table: 'src/app/embed/EmbedTable.tsx',
  map: 'src/app/embed/EmbedMap.tsx',
  analyze: 'src/app/embed/EmbedChart.tsx',
};

function routeModules(route: Exclude<PageRoute, { page: 'other' }>): readonly string[] {
  if (route.page === 'embed') return [EMBED_MODULE, EMBED_VIEW_MODULES[route.view]];
  if (route.page === 'dataset') return [APP_MODULE, TAB_MODULES[route.tab]];
  return [APP_MODULE, CARD_MODULE];
}

export interface PageAssets {
  /** Script paths (`/assets/…`), in the order the page runs them. */
  readonly scripts: readonly string[];
  readonly stylesheets: readonly string[];
}

/** The chunks of the route's modules and their static imports, without the entry (already in the page). */
export function pageAssets(manifest: Manifest, route: PageRoute): PageAssets {
  if (route.page === 'other') return { scripts: [], stylesheets: [] };
  const modules = routeModules(route);
  const scripts = new Set<string>();
  const stylesheets = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string): void => {
    const chunk = manifest[key];
    if (chunk === undefined || seen.has(key) || chunk.isEntry) return;
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
    scripts.add(`/${chunk.file}`);
    for (const css of chunk.css ?? []) stylesheets.add(`/${css}`);
  };
  for (const module of modules) visit(module);
  return { scripts: [...scripts], stylesheets: [...stylesheets] };
}

/** A text as the value of a double-quoted HTML attribute. */
export const attribute = (text: string): string => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The `<link>` tags of a page's assets for its `<head>`, but those it names already. */
export function assetLinks(assets: PageAssets, head: string): string {
  const missing = (href: string): boolean => !head.includes(`"${href}"`);
  return [
    ...assets.stylesheets
      .filter(missing)
      .map((href) => `<link rel="stylesheet" crossorigin href="${attribute(href)}">`),
    ...assets.scripts
      .filter(missing)
      .map((href) => `<link rel="modulepreload" crossorigin href="${attribute(href)}">`),
  ].join('\n    ');
}
