import type { EChartsCoreOption } from 'echarts/core';
import { type RefObject, useEffect, useLayoutEffect, useRef, useState } from 'react';
import { echartsChunk } from './chunk-loader';
import type { EChartsType } from './echarts';

interface ChartCanvasProps {
  /** Undefined while the data loads: the box stays, empty, so the chart is not rebuilt. */
  readonly option: EChartsCoreOption | undefined;
  /** A sentence saying what the chart shows (its numbers are in the table beside it). */
  readonly label: string;
  readonly chartRef: RefObject<EChartsType | null>;
  /** The box's class (its size): the Analyze tab's chart by default. */
  readonly className?: string;
  /** A click anywhere in the plot, with the index of the category under the pointer (its column). */
  readonly onPick?: (index: number) => void;
}

/** The ECharts chart, redrawn when its option changes and resized with its box. */
export function ChartCanvas({
  option,
  label,
  chartRef,
  className = 'chart-canvas',
  onPick,
}: ChartCanvasProps) {
  const box = useRef<HTMLDivElement>(null);
  const pick = useRef(onPick);
  pick.current = onPick;

  const [instance, setInstance] = useState<EChartsType>();
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let chart: EChartsType | undefined;
    let observer: ResizeObserver | undefined;
    let gone = false;
    // ECharts is usually here already (fetched with the tab, or while the dataset page was idle).
    const start = ({ init }: { init: typeof import('./echarts').init }) => {
      if (gone) return;
      const instance = init(element, undefined, { renderer: 'svg' });
      chart = instance;
      chartRef.current = instance;
      // Only a real change of size redraws: the observer's first report (the size init just read)
      // would otherwise lay the whole chart out a second time.
      let size = `${instance.getWidth()}x${instance.getHeight()}`;
      observer = new ResizeObserver(() => {
        const next = `${element.clientWidth}x${element.clientHeight}`;
        if (next === size) return;
        size = next;
        instance.resize();
      });
      observer.observe(element);
      // The whole column of a category answers, not only its bar: a short bar is hard to hit.
      instance.getZr().on('click', (event) => {
        const point = [event.offsetX, event.offsetY];
        if (!pick.current || !instance.containPixel('grid', point)) return;
        const index = instance.convertFromPixel({ gridIndex: 0 }, point);
        const category = Array.isArray(index) ? index[0] : index;
        if (typeof category === 'number' && Number.isFinite(category)) pick.current(Math.round(category));
      });
      setInstance(instance);
    };
    const loaded = echartsChunk.loaded();
    if (loaded) start(loaded);
    else echartsChunk.load().then(start, () => undefined);
    return () => {
      gone = true;
      observer?.disconnect();
      chart?.dispose();
      chartRef.current = null;
    };
  }, [chartRef]);

  // `data-drawn` says the chart holds the current option (the journeys and the bench wait for it). It is
  // written on the element, not through state: a React pass and a frame only to set a mark would delay
  // the first chart (the SVG renderer has drawn it, animation off, once setOption returns). A layout
  // effect: the chart is drawn in the frame that shows its box, not one frame after it.
  useLayoutEffect(() => {
    const chart = instance;
    const element = box.current;
    if (!chart || !option) {
      if (element) element.dataset.drawn = 'false';
      return;
    }
    chart.setOption(option, true);
    if (element) element.dataset.drawn = 'true';
  }, [option, instance]);

  return <div ref={box} className={className} role="img" aria-label={label} />;
}
