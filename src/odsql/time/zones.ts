import { civilFromDays, MS_PER_DAY, weekdayOfDays } from './calendar';
import { type LocalDateTime, localAsUtcMs } from './date-literal';

/*
 * Timezone arithmetic through Intl only. Intl gives the UTC offset of a zone at an instant; everything
 * else is plain calendar arithmetic.
 */

/** Wall-clock components plus the weekday, 0 = Monday … 6 = Sunday. */
export interface WallClock extends LocalDateTime {
  readonly weekday: number;
}

/** Timezone ids are short (the longest IANA id has 32 characters); longer input is not one. */
const MAX_TIMEZONE_LENGTH = 64;
/** Formatters are costly to build; the cache is bounded because ids are case-insensitive. */
const MAX_CACHED_FORMATTERS = 1000;
const formatters = new Map<string, Intl.DateTimeFormat>();

/** True for an IANA/CLDR timezone id Intl knows, such as `Europe/Paris` or `UTC`. */
export function isValidTimezone(tz: string): boolean {
  if (tz.length === 0 || tz.length > MAX_TIMEZONE_LENGTH) return false;
  try {
    formatterFor(tz);
    return true;
  } catch {
    return false;
  }
}

/**
 * Wall clock in `tz` at an instant. `tz` must satisfy isValidTimezone and `epochMs` be a valid Date
 * time value; otherwise Intl throws a RangeError.
 */
export function wallClock(epochMs: number, tz: string): WallClock {
  const local = epochMs + offsetAt(epochMs, tz);
  const days = Math.floor(local / MS_PER_DAY);
  const msOfDay = local - days * MS_PER_DAY;
  return {
    ...civilFromDays(days),
    hour: Math.floor(msOfDay / 3_600_000),
    minute: Math.floor(msOfDay / 60_000) % 60,
    second: Math.floor(msOfDay / 1000) % 60,
    millisecond: msOfDay % 1000,
    weekday: weekdayOfDays(days),
  };
}

/**
 * The instant at which the wall clock in `tz` shows `local`. Wall-clock times that do not exist or
 * exist twice because of an offset change are resolved deterministically:
 * - in a gap (clocks jump forward), the time is moved forward by the length of the gap, i.e. read
 *   with the offset in force before the gap: 02:30 on a day Paris jumps from 02:00 to 03:00 gives 03:30;
 * - in an overlap (clocks fall back), the earlier instant is taken (the first 02:30 on the day Paris
 *   falls back from 03:00 to 02:00), unless `preferredOffsetMs` names the offset of the other one.
 * This is what java.time and Temporal call the "compatible" resolution.
 */
export function zonedToEpoch(local: LocalDateTime, tz: string, preferredOffsetMs?: number): number {
  const localMs = localAsUtcMs(local);
  // Offsets a day away on either side bracket any single transition near `local`.
  const before = offsetAt(localMs - MS_PER_DAY, tz);
  const after = offsetAt(localMs + MS_PER_DAY, tz);
  const candidates = [localMs - before, localMs - after].filter(
    (instant) => offsetAt(instant, tz) === localMs - instant,
  );
  const preferred = candidates.find((instant) => localMs - instant === preferredOffsetMs);
  if (preferred !== undefined) return preferred;
  if (candidates.length > 0) return Math.min(...candidates);
  return localMs - before;
}

/** Offset of `tz` from UTC at an instant, in milliseconds (east positive). */
export function offsetAt(epochMs: number, tz: string): number {
  const second = Math.floor(epochMs / 1000) * 1000;
  const parts = formatterFor(tz).formatToParts(second);
  let year = 0;
  let month = 1;
  let day = 1;
  let hour = 0;
  let minute = 0;
  let secondOfMinute = 0;
  let beforeChrist = false;
  for (const part of parts) {
    const value = Number(part.value);
    if (part.type === 'year') year = value;
    else if (part.type === 'month') month = value;
    else if (part.type === 'day') day = value;
    else if (part.type === 'hour') hour = value;
    else if (part.type === 'minute') minute = value;
    else if (part.type === 'second') secondOfMinute = value;
    else if (part.type === 'era') beforeChrist = part.value === 'BC';
  }
  const wall = localAsUtcMs({
    year: beforeChrist ? 1 - year : year,
    month,
    day,
    hour,
    minute,
    second: secondOfMinute,
    millisecond: 0,
  });
  return wall - second;
}

function formatterFor(tz: string): Intl.DateTimeFormat {
  const cached = formatters.get(tz);
  if (cached) return cached;
  const formatter = new Intl.DateTimeFormat('en-US-u-ca-gregory-nu-latn', {
    timeZone: tz,
    hourCycle: 'h23',
    era: 'short',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  });
  if (formatters.size >= MAX_CACHED_FORMATTERS) formatters.clear();
  formatters.set(tz, formatter);
  return formatter;
}
