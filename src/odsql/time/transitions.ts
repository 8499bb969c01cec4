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
