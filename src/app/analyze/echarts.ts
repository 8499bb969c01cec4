/*
 * ECharts, only the parts the Analyze tab draws with (tree-shaken modules, about 200 kB gzipped): this
 * module is imported by the tab alone, so neither the catalog nor the other tabs load it. The SVG
 * renderer gives crisp text for screen magnifiers and the SVG download; the PNG is rasterised from it.
 */
import { BarChart, LineChart, PieChart, ScatterChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { init, use } from 'echarts/core';
import { SVGRenderer } from 'echarts/renderers';

use([
  BarChart,
  LineChart,
  PieChart,
  ScatterChart,
  GridComponent,
  LegendComponent,
  TooltipComponent,
  SVGRenderer,
]);

export type { EChartsType } from 'echarts/core';
export { init };

/**
 * Draws a small chart off screen once and throws it away: the first real chart then runs code the
 * browser has already compiled (a cold first setOption costs several times a warm one). Called while
 * the dataset page is idle, after this chunk has been fetched for the tab.
 */
export function warmUp(): void {
  const chart = init(document.createElement('div'), undefined, { renderer: 'svg', width: 320, height: 200 });
  chart.setOption({
    animation: false,
    tooltip: { trigger: 'axis' },
    legend: { type: 'scroll', top: 0 },
    grid: { containLabel: true },
    xAxis: { type: 'category', data: ['a', 'b'], name: 'x', nameLocation: 'middle' },
    yAxis: { type: 'value', name: 'y', nameLocation: 'middle' },
    series: [
      { type: 'bar', name: 'a', data: [1, 2] },
      { type: 'line', name: 'b', data: [2, 1] },
    ],
  });
  chart.renderToSVGString();
  chart.dispose();
}
