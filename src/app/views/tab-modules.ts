import type { ComponentType } from 'react';
import type { Dataset } from '../../api';
import { preloadAnalyze } from '../analyze/loaders';
import { type Loader, loader } from '../hooks/chunks';
import type { DatasetTab } from '../routes/paths';

/*
 * Each dataset tab is its own chunk: the catalog and the Information tab never load the table's, map's
 * or editor's code. Asked for as the page starts (page-prefetch.ts), so a tab's code and its data
 * arrive together. The Analyze tab loads its own (analyze/loaders.ts).
 */

export type TabView = ComponentType<{ readonly dataset: Dataset }>;

export const TAB_CHUNKS: Readonly<Record<Exclude<DatasetTab, 'analyze'>, Loader<TabView>>> = {
  information: loader(() => import('./InformationTab').then((m) => m.InformationTab)),
  table: loader(() => import('./TableTab').then((m) => m.TableTab)),
  // MapLibre is large: it loads only when the map is shown.
  map: loader(() => import('../map/MapTab').then((m) => m.default)),
  // A grid of plain React: its own chunk all the same, with its text and styles.
  calendar: loader(() => import('../calendar/CalendarTab').then((m) => m.default)),
  export: loader(() => import('./ExportTab').then((m) => m.ExportTab)),
  api: loader(() => import('./ApiTab').then((m) => m.ApiTab)),
};

/** Starts fetching a tab's code; failures are shown by the tab itself when it renders. */
export function loadTab(tab: DatasetTab): void {
  // With ECharts and the chart's prefetch, all at once.
  if (tab === 'analyze') preloadAnalyze();
  else TAB_CHUNKS[tab].load().catch(() => undefined);
}
