import { type RefObject, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { afterScroll, positionFor, type ScrollPosition, scrollGeometry } from './deep-scroll';

/** Every row is one line high (long values are cut and shown whole in the record detail). */
export const ROW_HEIGHT = 36;
/** Rows rendered beyond the visible ones, so a quick scroll does not show blanks. */
const OVERSCAN = 8;
const TOP: ScrollPosition = { offset: 0, scrollTop: 0 };

export type RowAlign = 'start' | 'center' | 'auto';

/** The sticky header's height: rows scroll under it. */
function headerHeight(region: HTMLElement): number {
  return region.querySelector('thead')?.offsetHeight ?? ROW_HEIGHT;
}

/**
 * The rows of a scrolling region to render, at any depth (deep-scroll.ts): the range in view with some
 * beyond, the spacers' heights above and below them, and a way to bring a row into view. Until the
 * region is measured, its height is taken as the window's, so the first render already has its rows.
 */
export function useDeepScroll(regionRef: RefObject<HTMLElement | null>, rowCount: number) {
  const geometry = useMemo(() => scrollGeometry(rowCount, ROW_HEIGHT), [rowCount]);
  const [viewport, setViewport] = useState(() => window.innerHeight);
  const [position, setPosition] = useState<ScrollPosition>(TOP);
  const current = useRef(position);
  const move = useCallback((next: ScrollPosition, region: HTMLElement | null) => {
    current.current = next;
    if (region && Math.abs(region.scrollTop - next.scrollTop) >= 1) region.scrollTop = next.scrollTop;
    setPosition(next);
  }, []);

  useEffect(() => {
    const region = regionRef.current;
    if (!region || typeof ResizeObserver === 'undefined') return;
    // Read after the browser's own layout, never in the middle of React's commit.
    const observer = new ResizeObserver(() => setViewport(region.clientHeight));
    observer.observe(region);
    return () => observer.disconnect();
  }, [regionRef]);

  useEffect(() => {
    const region = regionRef.current;
    if (!region) return;
    // Another number of rows: the same point of the rows, in the new geometry.
    const { offset, scrollTop } = current.current;
    if (offset !== 0) move(positionFor(geometry, scrollTop + offset, region.clientHeight), region);
    const onScroll = () =>
      move(afterScroll(geometry, current.current, region.scrollTop, region.clientHeight), region);
    region.addEventListener('scroll', onScroll, { passive: true });
    return () => region.removeEventListener('scroll', onScroll);
  }, [regionRef, geometry, move]);

  const scrollToRow = useCallback(
    (row: number, align: RowAlign) => {
      const region = regionRef.current;
      if (!region) return;
      const view = region.clientHeight - headerHeight(region);
      const top = current.current.scrollTop + current.current.offset;
      let y = row * ROW_HEIGHT;
      if (align === 'center') y += ROW_HEIGHT / 2 - view / 2;
      if (align === 'auto') {
        if (y >= top && y + ROW_HEIGHT <= top + view) return;
        if (y > top) y += ROW_HEIGHT - view;
      }
      move(positionFor(geometry, Math.max(0, y), view), region);
    },
    [regionRef, geometry, move],
  );

  const top = position.scrollTop + position.offset;
  const first = Math.max(0, Math.floor(top / ROW_HEIGHT) - OVERSCAN);
  const last = Math.min(rowCount - 1, Math.ceil((top + viewport) / ROW_HEIGHT) + OVERSCAN);
  const rows = useMemo(
    () => (last < first ? [] : Array.from({ length: last - first + 1 }, (_, i) => first + i)),
    [first, last],
  );
  const before = Math.max(0, first * ROW_HEIGHT - position.offset);
  const after = Math.max(0, geometry.height - before - rows.length * ROW_HEIGHT);
  return { range: { first, last }, rows, before, after, scrollToRow };
}
