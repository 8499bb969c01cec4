/*
 * The Analyze tab's chunks, each fetched once and remembered: the dataset page asks for them when it is
 * idle or when the tab's link is pointed at, so that opening the tab finds its code (and ECharts)
 * already parsed (and compiled, by a warm-up), and renders at once instead of waiting on a Suspense
 * fallback. This module is part of the dataset page's code, so it holds nothing but the dynamic imports
 * and their scheduling.
 */

import { loader } from '../hooks/chunks';
import { echartsChunk } from './chunk-loader';

type AnalyzeTabModule = typeof import('./AnalyzeTab');
type PrefetchModule = typeof import('./prefetch');

export const analyzeTabChunk = loader<AnalyzeTabModule>(() => import('./AnalyzeTab'));
export const prefetchChunk = loader<PrefetchModule>(() => import('./prefetch'));

/** Every chunk the tab needs to draw its first chart; failures are left to the tab itself. */
export function preloadAnalyze(): void {
  for (const chunk of [analyzeTabChunk, echartsChunk, prefetchChunk]) chunk.load().catch(() => undefined);
}

/** As preloadAnalyze, and once ECharts is here, a few throw-away charts to compile its code (idle time only). */
export function preloadAnalyzeWhenIdle(): void {
  preloadAnalyze();
  analyzeTabChunk.load().then(
    (m) => m.warmUpWhenIdle(),
    () => undefined,
  );
}

/** Stops the warm-up (the tab has opened: its charts would compete with the chart); it resumes later. */
export function stopWarmUp(): void {
  analyzeTabChunk.loaded()?.stopWarmUp();
}
