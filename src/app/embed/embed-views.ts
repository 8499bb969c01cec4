import type { ComponentType } from 'react';
import type { Dataset } from '../../api';
import { type Loader, loader } from '../hooks/chunks';
import type { EmbedView } from '../routes/paths';
import type { EmbedOptions } from './embed-address';

/*
 * Each embedded view is its own chunk, apart from the explorer's tabs: an embedded table never loads
 * MapLibre or ECharts, and none loads the facets, the query editor or the catalog.
 */

export type EmbedViewComponent = ComponentType<{ readonly dataset: Dataset; readonly options: EmbedOptions }>;

export const EMBED_VIEW_CHUNKS: Readonly<Record<EmbedView, Loader<EmbedViewComponent>>> = {
  table: loader(() => import('./EmbedTable').then((m) => m.default)),
  map: loader(() => import('./EmbedMap').then((m) => m.default)),
  analyze: loader(() => import('./EmbedChart').then((m) => m.default)),
};

/** Starts fetching a view's code; a failure is shown by the view when it renders. */
export function loadEmbedView(view: EmbedView): void {
  EMBED_VIEW_CHUNKS[view].load().catch(() => undefined);
}
