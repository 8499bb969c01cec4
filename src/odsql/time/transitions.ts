import { offsetAt } from './zones';

/** A stretch of time with one UTC offset: from the previous stretch's end (or -∞) to `until`. */
export interface OffsetSpan {
  /** End of the stretch (exclusive), epoch milliseconds; undefined for the last one. */
  readonly until?: number;
  readonly offsetMs: number;
}

const DAY = 86_400_000;
/** Zones change offset at most a few times a year: sampling every 7 days finds every change. */
const STEP = 7 * DAY;
/** Beyond this many changes the caller is better served by a per-value conversion. */
export const MAX_SPANS = 48;

const cache = new Map<string, readonly OffsetSpan[] | undefined>();

/**
 * The UTC offsets of `tz` between two instants, as consecutive spans, or undefined when there are
 * more than `maxSpans` of them. Changes are found by sampling then bisecting to the millisecond.
 */
export function offsetSpans(
  tz: string,
  fromMs: number,
  toMs: number,
  maxSpans = MAX_SPANS,
): readonly OffsetSpan[] | undefined {
  const key = `${tz}|${fromMs}|${toMs}|${maxSpans}`;
  if (cache.has(key)) return cache.get(key);
  const spans = computeSpans(tz, fromMs, toMs, maxSpans);
  if (cache.size > 256) cache.clear();
  cache.set(key, spans);
  return spans;
}

function computeSpans(tz: string, fromMs: number, toMs: number, maxSpans: number): OffsetSpan[] | undefined {
  const spans: OffsetSpan[] = [];
  let offset = offsetAt(fromMs, tz);
  let t = fromMs;
  while (t < toMs) {
    const next = Math.min(t + STEP, toMs);
    const nextOffset = offsetAt(next, tz);
    if (nextOffset !== offset) {
      // The change lies in (t, next]: bisect to the first instant with the new offset.
      let lo = t;
      let hi = next;
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (offsetAt(mid, tz) === offset) lo = mid;
        else hi = mid;
      }
      spans.push({ until: hi, offsetMs: offset });
      if (spans.length > maxSpans) return undefined;
      offset = nextOffset;
    }
    t = next;
  }
  spans.push({ offsetMs: offset });
  return spans;
}

/** A year of 366 days: the windows a zone's offsets are looked up in. */
const WINDOW_MS = 366 * DAY;

/**
 * The UTC offset (ms) of any instant in `tz`, as `offsetAt` gives it, for many instants: the changes of
 * each window of a year are found once (offsetSpans), then an instant costs a lookup instead of an
 * `Intl` call (about 1,000 times slower), which matters when millions of values are rendered.
 */
export function zoneOffsets(tz: string): (epochMs: number) => number {
  const windows = new Map<number, readonly OffsetSpan[]>();
  return (epochMs) => {
    const index = Math.floor(epochMs / WINDOW_MS);
    let spans = windows.get(index);
    if (spans === undefined) {
      if (windows.size > 64) windows.clear();
      spans = computeSpans(tz, index * WINDOW_MS, (index + 1) * WINDOW_MS, Number.POSITIVE_INFINITY)!;
      windows.set(index, spans);
    }
    for (const span of spans) if (span.until === undefined || epochMs < span.until) return span.offsetMs;
    return spans[spans.length - 1]!.offsetMs;
  };
}
