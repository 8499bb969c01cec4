import { type ChartData, chartData } from './chart-data';
import { chartOption } from './chart-option';
import { type ChartState, newSeries } from './chart-state';
import { echartsChunk } from './chunk-loader';

/*
 * ECharts compiled before the first chart: the tab's own option (chartOption) drawn off screen a few
 * times while the dataset page is idle, and thrown away. A cold first setOption costs several times a
 * warm one, and V8 optimises a function only once it has run a number of times: one pass of a small
 * chart left most of the first real chart's work (axis labels, the grid's bounds, the tooltip) cold.
 * The sample goes through the tab's whole path, from records to option (chartData's sort included).
 */

const PASSES = 4;

const POINTS = 24;

/** A chart like a first one: counts by month, as columns or as a line. */
function sample(type: 'column' | 'line'): { readonly chart: ChartState; readonly data: ChartData } {
  const chart: ChartState = {
    x: 'date',
    precision: 'month',
    series: [{ ...newSeries(0), type }],
    sort: 'x',
    max: 200,
  };
  // Records as a grouped records call answers them, in reverse so that chartData sorts them.
  const records = Array.from({ length: POINTS }, (_, i) => ({
    x: `${2000 + Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, '0')}`,
    y: 100_000 + ((i * 7919) % 50_000),
  })).reverse();
  return { chart, data: chartData(chart, [records]) };
}

type Init = typeof import('./echarts').init;

/** One throw-away chart (columns, then a line, in turn), drawn in a box that is not on the page. */
function warmUpPass(init: Init, pass: number): void {
  const { chart, data } = sample(pass % 2 === 0 ? 'column' : 'line');
  const option = chartOption(chart, data, {
    x: (x) => x,
    column: () => 'count',
    xAxis: 'date',
    leftAxis: 'count',
    rightAxis: '',
    value: String,
    percent: String,
  });
  const instance = init(document.createElement('div'), undefined, {
    renderer: 'svg',
    width: 960,
    height: 440,
  });
  instance.setOption(option, true);
  instance.dispose();
}

// Passes done, and the cancellation of the one waiting for an idle moment.
let passesDone = 0;
let pending: (() => void) | undefined;

function whenIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task);
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 50);
  return () => clearTimeout(id);
}

/** The passes left, each in an idle moment of its own, so that a click never waits behind more than one. */
export function warmUpWhenIdle(): void {
  echartsChunk.load().then(
    ({ init }) => {
      if (pending || passesDone >= PASSES) return;
      const next = () => {
        pending = undefined;
        warmUpPass(init, passesDone++);
        if (passesDone < PASSES) pending = whenIdle(next);
      };
      pending = whenIdle(next);
    },
    () => undefined,
  );
}

export function stopWarmUp(): void {
  pending?.();
  pending = undefined;
}
