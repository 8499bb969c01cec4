/*
 * A histogram's empty bins. The API answers a `range()` group_by with the bins that hold records only,
 * so a histogram drawn from its answer skips every empty range and its axis is uneven. These functions
 * give every bin from the first answered to the last, with the keys the server writes: a bin that is
 * missing from the answer is one with no record.
 */

/** Python's float repr for whole numbers (`20.0`), shortest form otherwise: as the server writes bounds. */
function floatText(value: number): string {
  return Number.isInteger(value) && Math.abs(value) < 1e16 ? `${value}.0` : String(value);
}

const NUMBER_KEY = /^\[\s*(-?[\d.eE+-]+)\s*,\s*(-?[\d.eE+-]+)\s*([[\]])$/;

/** The most bins a histogram is given: past it the axis stops (a width the visitor made too fine). */
export const MAX_BINS = 2000;

/**
 * Every bin key of `range(field, width)` from the lowest key given to the highest, in order: the given
 * keys where they are, generated ones (`[50, 59]` for an integer bin, `[1.5, 2.0[` otherwise) between;
 * at most `maxBins`, the lowest ones, or the highest ones when `from` is `'high'`. Keys that are not a
 * numeric bin of that width (the null group, an open bound) are left out.
 */
export function numberBinKeys(
  keys: readonly string[],
  width: number,
  maxBins = MAX_BINS,
  from: 'low' | 'high' = 'low',
): string[] {
  if (!(width > 0)) return [...keys];
  const byIndex = new Map<number, string>();
  let closed = false;
  for (const key of keys) {
    const match = NUMBER_KEY.exec(key);
    if (!match) continue;
    const from = Number(match[1]);
    if (!Number.isFinite(from)) continue;
    // The server's bin of x starts at floor(x / width) * width: its index is that quotient.
    byIndex.set(Math.round(from / width), key);
    if (match[3] === ']') closed = true;
  }
  if (byIndex.size === 0) return [];
  const indexes = [...byIndex.keys()];
  const lowest = Math.min(...indexes);
  const highest = Math.max(...indexes);
  const first = from === 'high' ? Math.max(lowest, highest - maxBins + 1) : lowest;
  const last = from === 'high' ? highest : Math.min(highest, lowest + maxBins - 1);
  const all: string[] = [];
  for (let k = first; k <= last; k++) {
    const start = k * width;
    all.push(
      byIndex.get(k) ??
        (closed ? `[${start}, ${start + width - 1}]` : `[${floatText(start)}, ${floatText(start + width)}[`),
    );
  }
  return all;
}

export type DateBinUnit = 'year' | 'month' | 'day' | 'hour';

const DATE_KEY = /^\[\s*([^,[\]]+?)\s*,\s*([^,[\]]+?)\s*\[$/;

const wallFormats = new Map<string, Intl.DateTimeFormat>();

/** The wall clock of `zone` at an instant, as milliseconds of the same reading in UTC. */
function wallClock(instant: number, zone: string): number {
  let format = wallFormats.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone: zone,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallFormats.set(zone, format);
  }
  const part = (type: string) =>
    Number(format.formatToParts(instant).find((p) => p.type === type)?.value ?? 0);
  return Date.UTC(part('year'), part('month') - 1, part('day'), part('hour'), part('minute'), part('second'));
}

/** The instant a wall-clock reading of `zone` names (the later offset, across a change of the clock). */
function fromWallClock(wall: number, zone: string): number {
  let instant = wall - (wallClock(wall, zone) - wall);
  instant = wall - (wallClock(instant, zone) - instant);
  return instant;
}

/** The start of the next bin after the one starting at `instant`: a calendar unit later on `zone`'s clock. */
export function nextBinStart(instant: string, unit: DateBinUnit, zone: string): string {
  const wall = new Date(wallClock(Date.parse(instant), zone));
  if (unit === 'year') wall.setUTCFullYear(wall.getUTCFullYear() + 1);
  else if (unit === 'month') wall.setUTCMonth(wall.getUTCMonth() + 1);
  else if (unit === 'day') wall.setUTCDate(wall.getUTCDate() + 1);
  else wall.setUTCHours(wall.getUTCHours() + 1);
  return new Date(fromWallClock(wall.getTime(), zone)).toISOString();
}

/**
 * Every bin key of `range(field, 1 unit)` (instants, `[2001-01-01T05:00:00.000Z, 2001-02-01T…[`) from the
 * earliest key given to the latest, in order, bins being calendar units on `zone`'s clock (the request's
 * `timezone`). Keys that are not such a bin are left out.
 */
export function dateBinKeys(
  keys: readonly string[],
  unit: DateBinUnit,
  zone: string,
  maxBins = MAX_BINS,
): string[] {
  const byStart = new Map<number, { key: string; to: string }>();
  for (const key of keys) {
    const match = DATE_KEY.exec(key);
    const start = match ? Date.parse(match[1]!) : Number.NaN;
    if (match && Number.isFinite(start) && Number.isFinite(Date.parse(match[2]!))) {
      byStart.set(start, { key, to: match[2]! });
    }
  }
  if (byStart.size === 0) return [];
  const starts = [...byStart.keys()];
  const last = Math.max(...starts);
  let from = new Date(Math.min(...starts)).toISOString();
  const all: string[] = [];
  while (Date.parse(from) <= last && all.length < maxBins) {
    const known = byStart.get(Date.parse(from));
    const to = known?.to ?? nextBinStart(from, unit, zone);
    // A bound that does not move forward (an unknown clock): stop rather than loop.
    if (!(Date.parse(to) > Date.parse(from))) break;
    all.push(known?.key ?? `[${from}, ${to}[`);
    from = new Date(Date.parse(to)).toISOString();
  }
  return all;
}
