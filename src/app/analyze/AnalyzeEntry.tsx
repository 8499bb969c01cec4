import { useIsFetching, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Dataset } from '../../api';
import { DatasetPageSkeleton } from '../components/Skeletons';
import { ErrorPanel } from '../components/StatusMessages';
import { useChunk } from '../hooks/chunks';
import { usePageDrawing } from '../hooks/page-drawing';
import { useExploreClient } from '../queries/client-context';
import { useLocation } from '../router/useLocation';
import { tabLabel } from '../routes/paths';
import {
  analyzeTabChunk,
  prefetchChunk,
  preloadAnalyze,
  preloadAnalyzeWhenIdle,
  stopWarmUp,
} from './loaders';

/*
 * The dataset page's side of the Analyze tab (part of the page's own code, so it stays small): the tab
 * itself, rendered at once when its code has arrived; the idle preloading of that code; and the link's
 * handlers that send the chart's requests as the visitor presses it.
 */

type Prefetch = (dataset: Dataset, search: URLSearchParams) => void;

/** Sends the chart's records calls now if the prefetch code is here, else as soon as it arrives. */
function usePrefetchChart(): Prefetch {
  const queryClient = useQueryClient();
  const client = useExploreClient();
  return (dataset, search) => {
    const send = (m: NonNullable<ReturnType<typeof prefetchChunk.loaded>>) =>
      m.prefetchChart(queryClient, client, dataset, search);
    const loaded = prefetchChunk.loaded();
    if (loaded) send(loaded);
    else prefetchChunk.load().then(send, () => undefined);
  };
}

/** The Analyze tab: its records calls are sent from here, before its code renders (or arrives). */
export function AnalyzeTabEntry({ dataset }: { readonly dataset: Dataset }) {
  const chunk = useChunk(analyzeTabChunk);
  const { search } = useLocation();
  const prefetch = usePrefetchChart();
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, for the address the tab opened with
  useEffect(() => {
    if (!analyzeTabChunk.loaded()) prefetch(dataset, search);
  }, []);
  if (chunk.failed !== undefined) {
    return (
      <main className="content" id="main">
        <ErrorPanel title={tabLabel('analyze')} error={chunk.failed} onRetry={chunk.retry} />
      </main>
    );
  }
  if (!chunk.module) return <DatasetPageSkeleton />;
  const Tab = chunk.module.default;
  return <Tab dataset={dataset} />;
}

/** Would this visitor rather not download what they did not ask for? */
function savingData(): boolean {
  const connection = (navigator as { connection?: { saveData?: boolean; effectiveType?: string } })
    .connection;
  return connection?.saveData === true || /2g/.test(connection?.effectiveType ?? '');
}

/**
 * Fetches the Analyze tab's code (ECharts included) once the dataset page has nothing left to ask for
 * or to draw (a map's first picture) and the browser is idle, so that opening the tab does not wait for
 * it. Its own component: the count of running requests it watches re-renders it alone, not the page.
 */
export function AnalyzePreloader() {
  const fetching = useIsFetching();
  const drawing = usePageDrawing();
  useEffect(() => stopWarmUp, []);
  useEffect(() => {
    if (fetching > 0 || drawing || savingData()) return;
    if (typeof requestIdleCallback === 'function') {
      const id = requestIdleCallback(preloadAnalyzeWhenIdle);
      return () => cancelIdleCallback(id);
    }
    const id = setTimeout(preloadAnalyzeWhenIdle, 1000);
    return () => clearTimeout(id);
  }, [fetching, drawing]);
  return null;
}

/**
 * Handlers of the Analyze tab's link: pointing at it fetches the code; pressing it (before the click
 * completes) sends the chart's records calls, so they run while the tab renders.
 */
export function useAnalyzeLink(dataset: Dataset | undefined, search: URLSearchParams) {
  const prefetch = usePrefetchChart();
  const start = () => {
    preloadAnalyze();
    if (dataset) prefetch(dataset, search);
  };
  return { onMouseEnter: preloadAnalyze, onFocus: preloadAnalyze, onPointerDown: start, onClick: start };
}
