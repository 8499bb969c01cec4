import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { DatasetField, ExploreClient, RecordsParams } from '../../api';
import { recordsQuery } from '../queries/options';
import { type ChartState, isTemporal, type Precision } from './chart-state';

/*
 * The default chart of a date counts by month. Over a century of movies that is more months than the
 * chart's points (it stopped in 1985), and over two months of earthquakes it is two bars. The first
 * answer tells which: the default chart then counts by year, or by day, in its place in history.
 */

/** Fewer months than this in the default chart's answer: it counts by day instead. */
const FEW_MONTHS = 4;

/** The precision the default chart should have after its first answer of `groups` groups, if another. */
export function betterPrecision(chart: ChartState, groups: number): Precision | undefined {
  if (chart.precision !== 'month' || chart.width !== undefined) return undefined;
  if (groups >= chart.max) return 'year';
  if (groups > 0 && groups < FEW_MONTHS) return 'day';
  return undefined;
}

/**
 * Once the default chart (the address names no axis) of a date has its first answer, moves it to a
 * precision that shows the whole span in a readable number of points, replacing the address and the
 * undo step (neither Back nor Undo returns to the month chart, which would move on again). The answer
 * is the chart's own request (the same query key): nothing more is asked.
 */
export function useDefaultPrecision(
  client: ExploreClient,
  datasetId: string,
  search: URLSearchParams,
  chart: ChartState,
  fields: readonly DatasetField[],
  firstRequest: RecordsParams | undefined,
  setChart: (next: ChartState, replace?: boolean, amend?: boolean) => void,
): void {
  const isDefault = !search.has('chart.x') && isTemporal(fields.find((f) => f.name === chart.x));
  const answer = useQuery({
    ...recordsQuery(client, datasetId, firstRequest ?? {}),
    enabled: isDefault && firstRequest !== undefined,
  });
  const groups = answer.data && !answer.isPlaceholderData ? answer.data.results.length : undefined;
  useEffect(() => {
    if (!isDefault || groups === undefined) return;
    const precision = betterPrecision(chart, groups);
    if (precision) setChart({ ...chart, precision }, true, true);
  }, [isDefault, groups, chart, setChart]);
}
