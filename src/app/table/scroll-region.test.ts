import type { Rect, Virtualizer } from '@tanstack/react-virtual';
import { describe, expect, it } from 'vitest';
import { observeRectAfterLayout, scrollFromFreshTop, windowRect } from './scroll-region';

type RegionVirtualizer = Virtualizer<HTMLElement, Element>;

/** A scrolling region that counts its reads of size and its scroll writes. */
function region() {
  const writes: ScrollToOptions[] = [];
  let sizeReads = 0;
  const element = {
    scrollTo: (options: ScrollToOptions) => writes.push(options),
    get clientWidth() {
      sizeReads++;
      return 800;
    },
    get clientHeight() {
      sizeReads++;
      return 400;
    },
  } as unknown as HTMLElement;
  return { element, writes, sizeReads: () => sizeReads };
}

/** A ResizeObserver the test triggers, as the browser would after a layout. */
function observerWindow() {
  const observed: Element[] = [];
  let report: (() => void) | undefined;
  let disconnected = false;
  class FakeResizeObserver {
    constructor(callback: () => void) {
      report = callback;
    }
    observe(target: Element) {
      observed.push(target);
    }
    disconnect() {
      disconnected = true;
    }
  }
  const view = { ResizeObserver: FakeResizeObserver } as unknown as Window & typeof globalThis;
  return { view, observed, report: () => report?.(), disconnected: () => disconnected };
}

const virtualizer = (element: HTMLElement | null, targetWindow: Window | null = null) =>
  ({ scrollElement: element, targetWindow, options: { horizontal: false } }) as unknown as RegionVirtualizer;

describe('the table scrolling region for the virtualizer', () => {
  it('starts from the window size, which the region fits in', () => {
    expect(windowRect({ innerWidth: 1280, innerHeight: 720 })).toEqual({ width: 1280, height: 720 });
  });

  it('reads the size only when the ResizeObserver reports, and stops observing on cleanup', () => {
    const { element, sizeReads } = region();
    const browser = observerWindow();
    const rects: Rect[] = [];
    const stop = observeRectAfterLayout(virtualizer(element, browser.view), (rect) => rects.push(rect));
    expect(browser.observed).toEqual([element]);
    expect(sizeReads()).toBe(0);
    expect(rects).toEqual([]);
    browser.report();
    expect(rects).toEqual([{ width: 800, height: 400 }]);
    stop?.();
    expect(browser.disconnected()).toBe(true);
  });

  it('skips only the first write to a region when it is the top, and writes every later one', () => {
    const { element, writes } = region();
    const instance = virtualizer(element);
    scrollFromFreshTop(0, {}, instance);
    expect(writes).toEqual([]);
    scrollFromFreshTop(0, {}, instance);
    scrollFromFreshTop(360, { behavior: 'smooth' }, instance);
    expect(writes).toEqual([
      { top: 0, behavior: undefined },
      { top: 360, behavior: 'smooth' },
    ]);
  });

  it('writes a first position other than the top', () => {
    const { element, writes } = region();
    scrollFromFreshTop(0, { adjustments: 72 }, virtualizer(element));
    expect(writes).toEqual([{ top: 72, behavior: undefined }]);
  });
});
