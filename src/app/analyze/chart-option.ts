import type { EChartsCoreOption } from 'echarts/core';
import type { ChartData } from './chart-data';
import { type ChartState, PALETTE } from './chart-state';

/*
 * The ECharts option of a chart: a pure function of the chart's state, its data and its labels, so it
 * is tested without a browser.
 */

export interface ChartLabels {
  /** The x value as shown (a null group has a name of its own). */
  readonly x: (value: string) => string;
  /** A column's name: its series, and its breakdown value. */
  readonly column: (index: number) => string;
  readonly xAxis: string;
  readonly leftAxis: string;
  readonly rightAxis: string;
  /** A value (an axis tick, a tooltip line) in the reader's language: ECharts writes 600,000 everywhere. */
  readonly value: (value: number) => string;
  /** A pie slice's share, a percentage already (12.5 → "12.5 %" in French). */
  readonly percent: (percent: number) => string;
}

/** The most slices of a pie that are labelled around it. */
export const MAX_PIE_LABELS = 12;

/** What ECharts hands a tooltip's value formatter: a number, or nothing for a missing point. */
type TooltipValue = number | string | null | undefined | readonly (number | string)[];

/** Breakdown colours: the series' own first, then the palette without any colour a series already has. */
export function breakdownColor(seriesColor: string, position: number, taken: readonly string[] = []): string {
  if (position === 0) return `#${seriesColor}`;
  const free = PALETTE.filter((c) => c !== seriesColor && !taken.includes(c));
  const others = free.length > 0 ? free : PALETTE.filter((c) => c !== seriesColor);
  return `#${others[(position - 1) % others.length]}`;
}

export function chartOption(chart: ChartState, data: ChartData, labels: ChartLabels): EChartsCoreOption {
  const xs = data.xs.map(labels.x);
  const firstSeries = chart.series[0];
  // No ECharts aria text (English only): the tab labels the chart and puts its numbers in a table.
  const common = { animation: false, textStyle: { fontFamily: 'system-ui, sans-serif' } };
  const valueFormatter = (v: TooltipValue) => (typeof v === 'number' ? labels.value(v) : '—');
  if (firstSeries?.type === 'pie') {
    const column = data.columns.findIndex((c) => c.series === 0);
    const values = data.columns[column]?.values ?? [];
    return {
      ...common,
      tooltip: { trigger: 'item', valueFormatter },
      legend: { type: 'scroll', bottom: 0 },
      series: [
        {
          type: 'pie',
          name: labels.column(column),
          radius: ['0%', '58%'],
          data: xs.map((name, i) => ({ name, value: values[i] ?? 0 })),
          // Past a dozen slices their labels crowd into each other and the legend (48 months on a
          // phone); the legend and the tooltips name the slices, the table beside gives the numbers.
          label: {
            show: xs.length <= MAX_PIE_LABELS,
            // Name over share: a label half as wide, which a phone's narrow sides leave room for.
            formatter: (p: { name: string; percent: number }) => `${p.name}\n${labels.percent(p.percent)}`,
          },
          labelLine: { show: xs.length <= MAX_PIE_LABELS },
        },
      ],
    };
  }
  const horizontal = chart.series.some((s) => s.type === 'bar');
  const hasRight = chart.series.some((s) => s.axis === 'right');
  // Axis names are placed beyond their tick labels however wide those are (nameMoveOverlap), and the
  // grid leaves room for both: a fixed gap drew the name over labels such as "600 000".
  const category = {
    type: 'category',
    data: xs,
    name: labels.xAxis,
    nameLocation: 'middle',
    nameGap: 10,
    nameMoveOverlap: true,
    axisLabel: { hideOverlap: true, showMaxLabel: true },
  };
  // An axis of counts only has whole ticks: ECharts would divide a count of 1 into 0.2, 0.4…
  const countsOnly = (axis: 'left' | 'right') =>
    chart.series.filter((s) => s.axis === axis).every((s) => s.aggregation === 'count');
  const value = (name: string, position: string, counts: boolean) => ({
    type: 'value',
    name,
    position,
    nameLocation: 'middle',
    nameGap: 10,
    nameMoveOverlap: true,
    ...(counts ? { minInterval: 1 } : {}),
    axisLabel: { formatter: labels.value, hideOverlap: true },
    splitLine: { show: position === 'left' || position === 'bottom' },
  });
  const values = hasRight
    ? [
        value(labels.leftAxis, horizontal ? 'bottom' : 'left', countsOnly('left')),
        value(labels.rightAxis, horizontal ? 'top' : 'right', countsOnly('right')),
      ]
    : [value(labels.leftAxis, horizontal ? 'bottom' : 'left', countsOnly('left'))];
  const positions = new Map<number, number>();
  const series = data.columns.map((column, index) => {
    const s = chart.series[column.series]!;
    const position = positions.get(column.series) ?? 0;
    positions.set(column.series, position + 1);
    const type = s.type === 'column' || s.type === 'bar' ? 'bar' : s.type === 'scatter' ? 'scatter' : 'line';
    const color = s.by
      ? breakdownColor(
          s.color,
          position,
          chart.series.map((other) => other.color),
        )
      : `#${s.color}`;
    const axisIndex = s.axis === 'right' ? 1 : 0;
    return {
      type,
      name: labels.column(index),
      data: column.values,
      itemStyle: { color },
      lineStyle: { color },
      ...(s.type === 'area' ? { areaStyle: { opacity: 0.35 } } : {}),
      ...(s.by && s.layout === 'stack' ? { stack: `series-${column.series}` } : {}),
      ...(horizontal ? { xAxisIndex: axisIndex } : { yAxisIndex: axisIndex }),
      connectNulls: false,
      showSymbol: xs.length <= 60,
    };
  });
  return {
    ...common,
    tooltip: { trigger: 'axis', valueFormatter },
    legend: { type: 'scroll', top: 0 },
    grid: { left: 8, right: 8, top: 48, bottom: 8, outerBoundsMode: 'same', outerBoundsContain: 'all' },
    xAxis: horizontal ? values : category,
    yAxis: horizontal ? { ...category, inverse: true } : values,
    series,
  };
}
