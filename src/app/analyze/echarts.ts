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
