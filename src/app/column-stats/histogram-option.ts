import type { EChartsCoreOption } from 'echarts/core';

/**
 * The ECharts option of a column's histogram: one bar per range, touching, labelled by lower bound;
 * counts on the axis written by `count` (the reader's language: ECharts would write 600,000 in French).
 */
export function histogramOption(
  bars: readonly { readonly n: number; readonly name: string; readonly short: string }[],
  count: (n: number) => string,
): EChartsCoreOption {
  return {
    animation: false,
    textStyle: { fontFamily: 'system-ui, sans-serif' },
    grid: { left: 8, right: 8, top: 12, bottom: 4, containLabel: true },
    tooltip: { trigger: 'item', formatter: (p: { dataIndex: number }) => bars[p.dataIndex]?.name ?? '' },
    xAxis: {
      type: 'category',
      data: bars.map((b) => b.short),
      axisTick: { alignWithLabel: false },
      axisLabel: { hideOverlap: true },
    },
    yAxis: { type: 'value', splitNumber: 3, minInterval: 1, axisLabel: { formatter: count } },
    series: [
      {
        type: 'bar',
        data: bars.map((b) => b.n),
        barCategoryGap: '6%',
        itemStyle: { color: '#0072b2', borderRadius: [2, 2, 0, 0] },
        emphasis: { itemStyle: { color: '#005a8c' } },
        cursor: 'pointer',
      },
    ],
  };
}
