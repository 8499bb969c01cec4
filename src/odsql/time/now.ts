import { civilFromDays, daysFromCivil, daysInMonth, weekdayOfDays } from './calendar';
import { offsetAt, wallClock, zonedToEpoch } from './zones';

/*
 * ODSQL `now(…)` with named arguments, following python-dateutil's relativedelta, which the
 * Opendatasoft service applies:
 * 1. absolute components (year, month, day, hour, minute, second, microsecond) replace the current
 *    ones, years and months are added at the same time, and the day is clamped to the length of the
 *    resulting month (Jan 31 + months=1 is Feb 28 or 29; day=31, month=2 is Feb 28 or 29);
 * 2. days, hours, minutes, seconds and microseconds are then added, carrying into larger units;
 * 3. last, the weekday move: `weekday=N` (0 = Monday … 6 = Sunday) and `mondays=K` … `sundays=K` all
 *    set the one weekday slot of relativedelta (the last of them wins). K > 0 moves to the K-th such
 *    day on or after the date, K < 0 to the |K|-th on or before it: `mondays=1` and `mondays=-1` on a
 *    Monday both stay on that day, `mondays=2` goes a week later. `weekday=N` is `K = 1`; K = 0 does
 *    not move.
 * Everything happens on the wall clock of the request timezone (adding 24 hours across a DST change
 * keeps the time of day), and the result is converted back to an instant with the offset `now` had
 * when the result falls in an overlap, otherwise as zonedToEpoch resolves it.
 * A repeated argument: the last occurrence wins. Names are matched without regard to case.
 */

export interface NowArgument {
  readonly name: string;
  readonly value: number;
}

/** `micros` carries the microseconds past `epochMs` (0–999) that `microsecond(s)` arguments can set. */
export type NowResult =
  | { readonly ok: true; readonly epochMs: number; readonly micros: number }
  | { readonly ok: false; readonly message: string };

type Absolute = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | 'microsecond';
type Relative = 'years' | 'months' | 'days' | 'hours' | 'minutes' | 'seconds' | 'microseconds';

const ABSOLUTE_RANGES: Readonly<Record<Absolute, readonly [number, number]>> = {
  year: [1, 9999],
  month: [1, 12],
  day: [1, 31],
  hour: [0, 23],
  minute: [0, 59],
  second: [0, 59],
  microsecond: [0, 999_999],
};
const RELATIVE: readonly Relative[] = [
  'years',
  'months',
  'days',
  'hours',
  'minutes',
  'seconds',
  'microseconds',
];
const WEEKDAY_COUNTS = ['mondays', 'tuesdays', 'wednesdays', 'thursdays', 'fridays', 'saturdays', 'sundays'];

const MICROS_PER_DAY = 86_400_000_000;
/** Per unit added to the time of day: how many make a day, and how many microseconds one is. */
const TIME_UNITS: readonly (readonly [Relative, number, number])[] = [
  ['hours', 24, 3_600_000_000],
  ['minutes', 1440, 60_000_000],
  ['seconds', 86_400, 1_000_000],
  ['microseconds', MICROS_PER_DAY, 1],
];
const OUT_OF_RANGE = 'The result of now() is out of range (years 1 to 9999)';

interface Plan {
  readonly absolute: Partial<Record<Absolute, number>>;
  readonly relative: Record<Relative, number>;
  /** The weekday to move to and which occurrence (relativedelta's `n`), or null for no move. */
  weekday: { readonly target: number; readonly n: number } | null;
}

export function evaluateNow(args: readonly NowArgument[], nowEpochMs: number, tz: string): NowResult {
  const plan = planOf(args);
  if (typeof plan === 'string') return { ok: false, message: plan };
  const baseMs = Math.floor(nowEpochMs);
  const wall = wallClock(baseMs, tz);
  const { absolute: abs, relative: rel } = plan;

  // Step 1: replace and add years/months on a month count, so carries between them come for free.
  const monthCount =
    (abs.year ?? wall.year) * 12 + ((abs.month ?? wall.month) - 1) + rel.years * 12 + rel.months;
  const year = Math.floor(monthCount / 12);
  const month = monthCount - year * 12 + 1;
  if (year < 1 || year > 9999) return { ok: false, message: OUT_OF_RANGE };
  const day = Math.min(abs.day ?? wall.day, daysInMonth(year, month));
  const microOfSecond = abs.microsecond ?? wall.millisecond * 1000 + Math.floor((nowEpochMs - baseMs) * 1000);
  let days = daysFromCivil(year, month, day);
  let micros =
    (((abs.hour ?? wall.hour) * 60 + (abs.minute ?? wall.minute)) * 60 + (abs.second ?? wall.second)) *
      1_000_000 +
    microOfSecond;

  // Step 2: add days and time units; each unit is split into whole days and a remainder first so
  // that no intermediate value loses precision.
  days += rel.days;
  for (const [unit, perDay, unitMicros] of TIME_UNITS) {
    const [wholeDays, rest] = floorDivMod(rel[unit], perDay);
    days += wholeDays;
    micros += rest * unitMicros;
  }
  const [carry, microOfDay] = floorDivMod(micros, MICROS_PER_DAY);
  days += carry;

  // Step 3: the weekday move.
  if (plan.weekday) days += weekdayJump(weekdayOfDays(days), plan.weekday.target, plan.weekday.n);

  const date = civilFromDays(days);
  if (!Number.isSafeInteger(days) || date.year < 1 || date.year > 9999)
    return { ok: false, message: OUT_OF_RANGE };
  const local = {
    ...date,
    hour: Math.floor(microOfDay / 3_600_000_000),
    minute: Math.floor(microOfDay / 60_000_000) % 60,
    second: Math.floor(microOfDay / 1_000_000) % 60,
    millisecond: Math.floor(microOfDay / 1000) % 1000,
  };
  const epochMs = zonedToEpoch(local, tz, offsetAt(baseMs, tz));
  return { ok: true, epochMs, micros: microOfDay % 1000 };
}

/** Reads the arguments into a plan, or returns the error message. */
function planOf(args: readonly NowArgument[]): Plan | string {
  const plan: Plan = {
    absolute: {},
    relative: { years: 0, months: 0, days: 0, hours: 0, minutes: 0, seconds: 0, microseconds: 0 },
    weekday: null,
  };
  for (const { name: written, value } of args) {
    const name = written.toLowerCase();
    const weekdayCount = WEEKDAY_COUNTS.indexOf(name);
    if (!isAbsolute(name) && !isRelative(name) && name !== 'weekday' && weekdayCount < 0) {
      return `Unknown argument for now(): ${written}`;
    }
    const invalid = `Invalid value for now() argument ${written}: ${value}`;
    if (!Number.isSafeInteger(value)) return invalid;
    if (isAbsolute(name)) {
      const [min, max] = ABSOLUTE_RANGES[name];
      if (value < min || value > max) return invalid;
      plan.absolute[name] = value;
    } else if (isRelative(name)) {
      plan.relative[name] = value;
    } else if (name === 'weekday') {
      if (value < 0 || value > 6) return invalid;
      plan.weekday = { target: value, n: 1 };
    } else {
      plan.weekday = value === 0 ? null : { target: weekdayCount, n: value };
    }
  }
  return plan;
}

/** Days to add to reach the n-th `target` weekday on or after (n > 0) or on or before (n < 0). */
function weekdayJump(current: number, target: number, n: number): number {
  if (n > 0) return (n - 1) * 7 + ((7 - current + target) % 7);
  return -((-n - 1) * 7 + ((current - target + 7) % 7));
}

/** Integer division rounding down, with a remainder in [0, divisor); exact for safe integers. */
function floorDivMod(value: number, divisor: number): [number, number] {
  let quotient = Math.floor(value / divisor);
  let rest = value - quotient * divisor;
  // The float quotient of large values can be one off; the remainder shows it.
  if (rest < 0) {
    quotient -= 1;
    rest += divisor;
  } else if (rest >= divisor) {
    quotient += 1;
    rest -= divisor;
  }
  return [quotient, rest];
}

function isAbsolute(name: string): name is Absolute {
  return Object.hasOwn(ABSOLUTE_RANGES, name);
}

function isRelative(name: string): name is Relative {
  return (RELATIVE as readonly string[]).includes(name);
}
