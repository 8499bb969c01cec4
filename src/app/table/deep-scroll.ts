/*
 * A scrolling region for millions of rows. Browsers cap an element's height (about 33 million pixels in
 * Chromium, fewer elsewhere), and 3 million rows of 36 pixels are 108 million: so the region is at most
 * MAX_HEIGHT high and is cut into 100 stretches; within a stretch, scrolling moves the rows pixel for
 * pixel, and each stretch starts `jump` pixels further down the rows than the one before (SlickGrid's
 * virtual pages). Wheel, keys and small drags cross from one stretch to the next without a visible jump
 * (the scroll position is rewritten to keep the rows in place); a big move of the scrollbar (a drag, a
 * click on its track) lands where its proportion of the track says, at any depth.
 */

/** A height every browser lays out (Firefox's cap is about 17.9 million pixels). */
export const MAX_HEIGHT = 10_000_000;
const STRETCHES = 100;

export interface ScrollGeometry {
  /** The rows' real height: rows × row height. */
  readonly rows: number;
  /** The region's scrollable content height. */
  readonly height: number;
  /** One stretch of the region. */
  readonly stretch: number;
  /** How much further down the rows each stretch starts. */
  readonly jump: number;
  readonly stretches: number;
}

export function scrollGeometry(rowCount: number, rowHeight: number, maxHeight = MAX_HEIGHT): ScrollGeometry {
  const rows = rowCount * rowHeight;
  if (rows <= maxHeight) return { rows, height: rows, stretch: rows || 1, jump: 0, stretches: 1 };
  const stretch = maxHeight / STRETCHES;
  const stretches = Math.ceil(rows / stretch);
  return { rows, height: maxHeight, stretch, jump: (rows - maxHeight) / (stretches - 1), stretches };
}

/** The stretch a point of the rows falls in, and the region's scroll position that shows it. */
export function positionFor(geometry: ScrollGeometry, y: number, viewport: number): ScrollPosition {
  const top = Math.max(0, Math.min(y, geometry.rows - viewport));
  const stretch = Math.min(geometry.stretches - 1, Math.floor(top / geometry.stretch));
  const offset = Math.round(stretch * geometry.jump);
  return { offset, scrollTop: top - offset };
}

export interface ScrollPosition {
  /** Rows' pixels above the region's top: the rows' point at scroll position p is p + offset. */
  readonly offset: number;
  readonly scrollTop: number;
}

/**
 * The new position after the region scrolled from `previous` to `scrollTop`: a move shorter than the
 * viewport continues from where the rows were; a longer one lands in proportion to the track.
 */
export function afterScroll(
  geometry: ScrollGeometry,
  previous: ScrollPosition,
  scrollTop: number,
  viewport: number,
): ScrollPosition {
  if (geometry.jump === 0) return { offset: 0, scrollTop };
  if (Math.abs(scrollTop - previous.scrollTop) < viewport)
    return positionFor(geometry, scrollTop + previous.offset, viewport);
  const track = geometry.height - viewport;
  const fraction = track > 0 ? scrollTop / track : 0;
  const stretch = Math.min(
    geometry.stretches - 1,
    Math.floor((fraction * (geometry.rows - viewport)) / geometry.stretch),
  );
  return { offset: Math.round(stretch * geometry.jump), scrollTop };
}
