import { loader } from '../hooks/chunks';

/*
 * ECharts' chunk, kept apart from the tab's loaders so that the chart component, which is part of the
 * tab, can ask for it without importing the tab back.
 */

type EChartsModule = typeof import('./echarts');

export const echartsChunk = loader<EChartsModule>(() => import('./echarts'));
