import { useMemo, useRef } from 'react';
import { ChartCanvas } from '../analyze/ChartCanvas';
import type { EChartsType } from '../analyze/echarts';
import { useAnalyzeT } from '../analyze/i18n';
import { formatCount } from '../format/numbers';
import { histogramOption } from './histogram-option';
import type { BarRange } from './stats-queries';

export interface HistogramBar extends BarRange {
  readonly n: number;
  /** What the bar keeps, in words: its range and count (the button's and the tooltip's text). */
  readonly name: string;
  /** The bar's bounds as shown (the lower one under the axis). */
  readonly short: string;
  readonly end: string;
}

/**
 * A column's histogram drawn by ECharts (loaded with the first one, as on the Analyze tab). A click in a
 * bar's column keeps its range. ECharts draws no focusable marks, so the same bars follow as a list of
 * buttons for the keyboard and screen readers.
 */
export function StatsHistogram({
  field,
  bars,
  onFilter,
}: {
  readonly field: string;
  readonly bars: readonly HistogramBar[];
  readonly onFilter: (bar: HistogramBar) => void;
}) {
  const t = useAnalyzeT();
  const chartRef = useRef<EChartsType | null>(null);
  const option = useMemo(() => histogramOption(bars, formatCount), [bars]);
  return (
    <figure className="stats-histogram">
      <figcaption>{t('stats.histogram')}</figcaption>
      <ChartCanvas
        className="stats-chart"
        option={option}
        chartRef={chartRef}
        label={t('stats.histogramLabel', {
          field,
          bars: bars.length,
          from: bars[0]!.short,
          to: bars.at(-1)!.end,
        })}
        onPick={(index) => {
          const bar = bars[index];
          // An empty bar is drawn for an even axis; keeping its range would empty the table.
          if (bar && bar.n > 0) onFilter(bar);
        }}
      />
      <details className="stats-bar-list">
        <summary>{t('stats.barList', { bars: bars.length })}</summary>
        <ul>
          {bars.map((b) => (
            <li key={b.from}>
              <button type="button" className="stats-bar" disabled={b.n === 0} onClick={() => onFilter(b)}>
                {b.name}
              </button>
            </li>
          ))}
        </ul>
      </details>
    </figure>
  );
}
