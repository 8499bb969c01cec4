import { elementScroll, observeElementRect, type Rect, type Virtualizer } from '@tanstack/react-virtual';

/*
 * The table's scrolling region as the virtualizer sees it, read and written without forcing the page's
 * layout in the middle of React's commit. By default the virtualizer reads the region's size and writes
 * its scroll position (0) as soon as it mounts: on a first page load either made the browser lay out the
 * whole page there (tens of milliseconds), and the rows came only in a second render, once the size was
 * known.
 */

type RegionVirtualizer = Virtualizer<HTMLElement, Element>;

/** Before the first measure: the window, which the region fits in, so the first render has its rows. */
export function windowRect(view: Pick<Window, 'innerWidth' | 'innerHeight'>): Rect {
  return { width: view.innerWidth, height: view.innerHeight };
}

/**
 * The region's size as a ResizeObserver reports it: first after the browser's own layout, before the
 * frame is painted, then at every change. Where there is none, the virtualizer's own reading.
 */
export function observeRectAfterLayout(
  instance: RegionVirtualizer,
  onRect: (rect: Rect) => void,
): (() => void) | undefined {
  const element = instance.scrollElement;
  const view = instance.targetWindow;
  if (!element || !view?.ResizeObserver) return observeElementRect(instance, onRect);
  const observer = new view.ResizeObserver(() =>
    onRect({ width: element.clientWidth, height: element.clientHeight }),
  );
  observer.observe(element);
  return () => observer.disconnect();
}

const written = new WeakSet<Element>();

/**
 * Scrolls as the virtualizer does, but for its first write to a region, made as it mounts with the
 * region (rendered by the same component, in the same commit): a write of the top there moves nothing,
 * as the reader has had no chance to scroll, and fires no event, but would lay the page out.
 */
export function scrollFromFreshTop(
  offset: number,
  options: { adjustments?: number; behavior?: ScrollBehavior },
  instance: RegionVirtualizer,
): void {
  const element = instance.scrollElement;
  if (element && !written.has(element)) {
    written.add(element);
    if (offset + (options.adjustments ?? 0) === 0) return;
  }
  elementScroll(offset, options, instance);
}
