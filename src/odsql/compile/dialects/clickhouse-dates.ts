import { offsetSpans } from '../../time/transitions';
import { offsetAt } from '../../time/zones';
import type { IntervalUnit } from '../../vocabulary';
import type { Binder, DateComponent, ValueRange } from '../dialect';
import { civil, daysFromCivil, daysOf, MS_PER_DAY, ZONE_TABLE_WINDOW } from './clickhouse-calendar';
import { inDateTimeRange } from './clickhouse-instants';
import { bound, floorDiv, mod } from './clickhouse-sql';

/*
 * Dates, instants and wall clocks of the ClickHouse dialect. A date is its day number (`f@days`), an
 * instant its milliseconds since 1970-01-01 UTC (`f@ms`), and a wall clock the milliseconds of that
 * wall clock read as UTC: all Int64, exact for any year, where 18.16's Date and DateTime stop at 1970
 * and 2105. Calendar parts and texts are computed from those numbers (days to civil dates and back as
 * in H. Hinnant's algorithms), never by formatDateTime, which cannot print a date before 1970.
 *
 * Time zones: 18.16's zone tables are right only between 1970-01-02 and 2105 (ZONE_TABLE_WINDOW).
 * Outside that window, the offsets of a zone over the known range of the values are found in JavaScript
 * (with the zone data DuckDB's ICU shares) and chosen per value by comparison; without a known range,
 * a wall clock outside the window is null. Literals are converted in JavaScript, for any year.
 */

/** The most offset changes written out as comparisons per value. */
export const MAX_OFFSET_SPANS = 400;

const UNIT_MS: Readonly<Partial<Record<IntervalUnit, number>>> = {
  millisecond: 1,
  second: 1000,
  minute: 60_000,
  hour: 3_600_000,
  day: MS_PER_DAY,
  week: 7 * MS_PER_DAY,
};

/** Months a calendar interval adds. */
const UNIT_MONTHS: Readonly<Partial<Record<IntervalUnit, number>>> = { month: 1, quarter: 3, year: 12 };

/** The UTC offset in seconds of an instant (ms) from 18.16's zone tables: right inside ZONE_TABLE_WINDOW. */
function zoneTableOffset(ms: string, zone: string): string {
  const dt = `toDateTime(intDiv(${ms}, 1000), 'UTC')`;
  return `(toInt64(toDate(${dt}, ${zone})) * 86400 + toHour(${dt}, ${zone}) * 3600 + toMinute(${dt}, ${zone}) * 60 + toSecond(${dt}, ${zone}) - intDiv(${ms}, 1000))`;
}

/** The offset in seconds chosen among spans (`until` exclusive, bound) by comparing the instant. */
export function spanOffset(ms: string, spans: readonly { until?: string; seconds: string }[]): string {
  const last = spans[spans.length - 1]!;
  if (spans.length === 1) return last.seconds;
  const branches = spans.slice(0, -1).map((s) => `${ms} < ${s.until}, ${s.seconds}`);
  return `multiIf(${branches.join(', ')}, ${last.seconds})`;
}

type BoundSpans = { until?: string; seconds: string }[];

/** The request zone's offset changes over a range (bound), or undefined when there are too many. */
function boundSpans(bind: Binder, fromMs: number, toMs: number): BoundSpans | undefined {
  const spans = offsetSpans(bind.timezoneName(), fromMs, toMs, MAX_OFFSET_SPANS);
  return spans?.map((s) => ({
    ...(s.until !== undefined ? { until: bind.number(s.until) } : {}),
    seconds: bind.number(s.offsetMs / 1000),
  }));
}

/**
 * How the offset of an instant is found: the zone tables inside their window; outside it, the zone's
 * offset changes over the part of `instants` (when known) that lies outside, computed before the query;
 * null where neither applies. The changes are bound once and the returned function used at will.
 */
function offsets(zone: string, bind: Binder, instants?: ValueRange): (ms: string) => string {
  const { fromMs, untilMs } = ZONE_TABLE_WINDOW;
  const before = instants && instants.min < fromMs ? boundSpans(bind, instants.min, fromMs) : undefined;
  const after = instants && instants.max >= untilMs ? boundSpans(bind, untilMs, instants.max + 1) : undefined;
  return (ms) =>
    `multiIf(${ms} >= ${fromMs} AND ${ms} < ${untilMs}, ${zoneTableOffset(ms, zone)}, ${ms} < ${fromMs}, ${before ? spanOffset(ms, before) : 'NULL'}, ${after ? spanOffset(ms, after) : 'NULL'})`;
}

/** The offset in seconds of an instant (ms) in the request zone (see offsets). */
export function offsetOf(ms: string, zone: string, bind: Binder, instants?: ValueRange): string {
  return offsets(zone, bind, instants)(ms);
}

/** The wall clock (ms) of an instant (ms) in the request zone (see offsets). */
export function wallClock(ms: string, zone: string, bind: Binder, instants?: ValueRange): string {
  return bound(ms, '__wi', `__wi + ${offsetOf('__wi', zone, bind, instants)} * 1000`);
}

/** Wall clocks lie within 14 hours of their instant, and a bucket's end up to a year past its start. */
const WALL_MARGIN_MS = 400 * MS_PER_DAY;

/**
 * The instant (ms) at which a wall clock (ms) shows in a zone, as DuckDB's ICU reads it: in a gap
 * (spring forward), with the offset before the change; in an overlap (fall back), the later instant.
 * Offsets as `offsets` finds them, over `instants` widened by WALL_MARGIN_MS.
 */
export function fromWallClock(local: string, zone: string, bind: Binder, instants?: ValueRange): string {
  const off = offsets(
    zone,
    bind,
    instants && { min: instants.min - WALL_MARGIN_MS, max: instants.max + WALL_MARGIN_MS },
  );
  return bound(
    local,
    '__fl',
    bound(
      `${off(`__fl - ${MS_PER_DAY}`)} * 1000`,
      '__fe',
      bound(
        `${off(`__fl + ${MS_PER_DAY}`)} * 1000`,
        '__fa',
        bound(
          `if(${off('__fl - __fe')} * 1000 = __fe, 1, 0) + if(${off('__fl - __fa')} * 1000 = __fa, 2, 0)`,
          '__fv',
          'if(__fe = __fa OR __fv = 0 OR __fv = 1, __fl - __fe, if(__fv = 2, __fl - __fa, greatest(__fl - __fe, __fl - __fa)))',
        ),
      ),
    ),
  );
}

/** instantOf's rule (DuckDB's ICU) in JavaScript, for literals: the instant a wall clock (ms) shows in `tz`. */
export function instantOfWallClock(local: number, tz: string): number {
  const early = offsetAt(local - MS_PER_DAY, tz);
  const late = offsetAt(local + MS_PER_DAY, tz);
  const earlyValid = offsetAt(local - early, tz) === early;
  const lateValid = offsetAt(local - late, tz) === late;
  if (early === late || !lateValid) return local - early;
  if (!earlyValid) return local - late;
  return Math.max(local - early, local - late);
}

// ---- Calendar parts of a wall clock (ms) ----------------------------------------------------------

/** ISO day of week, 1 = Monday … 7 = Sunday, of a day number (1970-01-01 was a Thursday). */
const isoDow = (days: string): string => `(${mod(`${days} + 3`, 7)} + 1)`;

/** Day of the year (1…366) of a day number whose civil year is `y`. */
const dayOfYear = (days: string, y: string): string => `(${days} - ${daysFromCivil(y, '1')} + 1)`;

/** The Thursday of the ISO week of a day number: its year and day of year give the ISO year and week. */
const thursday = (days: string): string => `(${days} - ${mod(`${days} + 3`, 7)} + 3)`;

/** An integer part of a wall clock (ms), the wall clock computed once. */
export function datePart(component: DateComponent, wall: string): string {
  return bound(wall, '__pw', bound(daysOf('__pw'), '__pd', partOf(component, '__pw', '__pd')));
}

/** 18.16's functions of a DateTime for the parts they give as the numbers do (Int64 like them). */
const NATIVE_PARTS: Readonly<Partial<Record<DateComponent, (dt: string) => string>>> = {
  year: (dt) => `toInt64(toYear(${dt}))`,
  'year % 100': (dt) => `toInt64(toYear(${dt}) % 100)`,
  month: (dt) => `toInt64(toMonth(${dt}))`,
  day: (dt) => `toInt64(toDayOfMonth(${dt}))`,
  hour: (dt) => `toInt64(toHour(${dt}))`,
  minute: (dt) => `toInt64(toMinute(${dt}))`,
  second: (dt) => `toInt64(toSecond(${dt}))`,
};

/**
 * A part of a wall clock (ms) by 18.16's DateTime functions, when the instants it shows are known to
 * lie where a DateTime holds them (the wall clock within a day of its instant): the same number at a
 * fraction of the cost of the civil-date arithmetic per row (group_by month of 3M instants: 100 ms
 * instead of 1,400). Undefined otherwise, or for a part without its function here.
 */
export function nativeDatePart(
  component: DateComponent,
  wall: string,
  instants?: ValueRange,
): string | undefined {
  const part = NATIVE_PARTS[component];
  if (!part || !inDateTimeRange(instants)) return undefined;
  // The wall clock is not negative here: intDiv's rounding toward zero is floor.
  return part(`toDateTime(intDiv(${wall}, 1000), 'UTC')`);
}

function partOf(component: DateComponent, wall: string, days: string): string {
  const ofDay = mod(wall, MS_PER_DAY);
  switch (component) {
    case 'year':
      return civil(days, (y) => y);
    case 'year % 100':
      return civil(days, (y) => mod(y, 100));
    case 'month':
      return civil(days, (_, m) => m);
    case 'day':
      return civil(days, (_, __, d) => d);
    case 'hour':
      return `intDiv(${ofDay}, 3600000)`;
    case 'minute':
      return `intDiv(${mod(wall, 3_600_000)}, 60000)`;
    case 'second':
      return `intDiv(${mod(wall, 60_000)}, 1000)`;
    case 'isodow':
      return isoDow(days);
    case 'dayofyear':
      return bound(
        days,
        '__dd',
        civil('__dd', (y) => dayOfYear('__dd', y)),
      );
    case 'isoyear':
      return civil(thursday(days), (y) => y);
    case 'isoyear % 100':
      return civil(thursday(days), (y) => mod(y, 100));
    case 'week':
      return bound(
        thursday(days),
        '__wd',
        civil('__wd', (y) => `intDiv(${dayOfYear('__wd', y)} - 1, 7) + 1`),
      );
  }
}

// ---- Date ranges ----------------------------------------------------------------------------------

/** Whether ClickHouse can add or bucket `unit` as a fixed number of milliseconds. */
export const fixedUnitMs = (unit: IntervalUnit): number | undefined => UNIT_MS[unit];

/** The start of the unit holding a wall clock (ms). */
export function truncate(unit: IntervalUnit, value: string): string {
  return bound(value, '__uw', truncated(unit, '__uw'));
}

function truncated(unit: IntervalUnit, wall: string): string {
  const fixed = UNIT_MS[unit];
  if (unit === 'week') {
    const days = daysOf(wall);
    return `((${days} - ${mod(`${days} + 3`, 7)}) * ${MS_PER_DAY})`;
  }
  if (fixed !== undefined) return `(${floorDiv(wall, fixed)} * ${fixed})`;
  const first = (m: string): string =>
    unit === 'year' ? '1' : unit === 'quarter' ? `(${m} - (${m} - 1) % 3)` : m;
  return `(${civil(daysOf(wall), (y, m) => daysFromCivil(y, first(m)))} * ${MS_PER_DAY})`;
}

/** A wall clock (ms) at the start of a month plus `n` (SQL) units. */
export function addInterval(value: string, unit: IntervalUnit, n: string): string {
  const fixed = UNIT_MS[unit];
  if (fixed !== undefined) return `(${value} + ${n} * ${fixed})`;
  const wall = '__aw';
  const months = `${n} * ${UNIT_MONTHS[unit]}`;
  return bound(
    value,
    wall,
    `(${civil(daysOf(wall), (y, m) =>
      bound(
        `${y} * 12 + ${m} - 1 + ${months}`,
        '__am',
        daysFromCivil(floorDiv('__am', 12), `(${mod('__am', 12)} + 1)`),
      ),
    )} * ${MS_PER_DAY})`,
  );
}
