import { daysFromCivil, daysInMonth, MS_PER_DAY } from './calendar';

/** The smallest unit written in a date literal: `date'2017-04'` has month precision. */
export type DatePrecision = 'year' | 'month' | 'day' | 'hour' | 'minute' | 'second' | 'millisecond';

/** Wall-clock date and time; months 1–12. */
export interface LocalDateTime {
  readonly year: number;
  readonly month: number;
  readonly day: number;
  readonly hour: number;
  readonly minute: number;
  readonly second: number;
  readonly millisecond: number;
}

/**
 * `local`: no offset was written, so this is wall-clock time in the request timezone (the compiler
 * converts it). `instant`: an offset or `Z` was written, so the literal names one instant.
 * Parts not written default to the start of the period (`2017` is 2017-01-01 00:00:00.000).
 */
export type DateLiteralValue =
  | ({ readonly kind: 'local'; readonly precision: DatePrecision } & LocalDateTime)
  | { readonly kind: 'instant'; readonly epochMs: number; readonly precision: DatePrecision };

export type DateLiteralResult =
  | { readonly ok: true; readonly value: DateLiteralValue }
  | { readonly ok: false; readonly message: string };

/**
 * `YYYY[-MM[-DD[(T| )HH[:MM[:SS[.fff]]][offset]]]]`, or the same with `/` between date parts.
 * Month and day may have one digit; fractions up to nine digits (beyond milliseconds they are
 * truncated); offsets are `Z`, `±HH`, `±HHMM` or `±HH:MM`.
 */
const DATE_LITERAL =
  /^(\d{4})(?:([-/])(\d{1,2})(?:\2(\d{1,2})(?:[T ](\d{2})(?::(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?)?)?$/i;

/** Longer input cannot be a date; refusing it early keeps messages short. */
const MAX_LENGTH = 64;
/** The widest UTC offsets in use are ±14:00; ±18:00 is the ISO/Java bound. */
const MAX_OFFSET_MINUTES = 18 * 60;

/** Reads the body of a `date'…'` literal, or a string compared with a date field. Never throws. */
export function parseDateLiteral(text: string): DateLiteralResult {
  const trimmed = text.trim();
  const failure: DateLiteralResult = { ok: false, message: `Cannot parse date: ${shorten(trimmed)}` };
  if (trimmed.length > MAX_LENGTH) return failure;
  const match = DATE_LITERAL.exec(trimmed);
  if (!match) return failure;
  const [, y, , mo, d, h, mi, s, fraction, offset] = match;
  const local: LocalDateTime = {
    year: Number(y),
    month: mo === undefined ? 1 : Number(mo),
    day: d === undefined ? 1 : Number(d),
    hour: h === undefined ? 0 : Number(h),
    minute: mi === undefined ? 0 : Number(mi),
    second: s === undefined ? 0 : Number(s),
    millisecond: fraction === undefined ? 0 : Number(fraction.slice(0, 3).padEnd(3, '0')),
  };
  if (!isValidLocal(local)) return failure;
  const precision = precisionOf([mo, d, h, mi, s, fraction]);
  if (offset === undefined) return { ok: true, value: { kind: 'local', precision, ...local } };
  const offsetMinutes = parseOffset(offset);
  if (offsetMinutes === null) return failure;
  const epochMs = localAsUtcMs(local) - offsetMinutes * 60_000;
  return { ok: true, value: { kind: 'instant', epochMs, precision } };
}

/** `'YYYY-MM-DD HH:MM:SS.mmm'`, which DuckDB casts to TIMESTAMP. */
export function localToIsoString(v: LocalDateTime): string {
  const pad = (n: number, width: number): string => String(n).padStart(width, '0');
  return (
    `${pad(v.year, 4)}-${pad(v.month, 2)}-${pad(v.day, 2)} ` +
    `${pad(v.hour, 2)}:${pad(v.minute, 2)}:${pad(v.second, 2)}.${pad(v.millisecond, 3)}`
  );
}

/** Milliseconds since the epoch of a wall-clock time read as UTC. */
export function localAsUtcMs(v: LocalDateTime): number {
  return (
    daysFromCivil(v.year, v.month, v.day) * MS_PER_DAY +
    ((v.hour * 60 + v.minute) * 60 + v.second) * 1000 +
    v.millisecond
  );
}

/** Ranges of every component; 24:00 and leap seconds are refused. */
export function isValidLocal(v: LocalDateTime): boolean {
  return (
    v.year >= 1 &&
    v.year <= 9999 &&
    v.month >= 1 &&
    v.month <= 12 &&
    v.day >= 1 &&
    v.day <= daysInMonth(v.year, v.month) &&
    v.hour <= 23 &&
    v.minute <= 59 &&
    v.second <= 59
  );
}

function precisionOf([month, day, hour, minute, second, fraction]: readonly (
  | string
  | undefined
)[]): DatePrecision {
  if (fraction !== undefined) return 'millisecond';
  if (second !== undefined) return 'second';
  if (minute !== undefined) return 'minute';
  if (hour !== undefined) return 'hour';
  if (day !== undefined) return 'day';
  return month !== undefined ? 'month' : 'year';
}

/** Minutes east of UTC, or null when out of range. */
function parseOffset(offset: string): number | null {
  if (offset.toUpperCase() === 'Z') return 0;
  const digits = offset.slice(1).replace(':', '');
  const minutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0');
  if (Number(digits.slice(2) || '0') > 59 || minutes > MAX_OFFSET_MINUTES) return null;
  return offset.startsWith('-') ? -minutes : minutes;
}

function shorten(text: string): string {
  return text.length > MAX_LENGTH ? `${text.slice(0, MAX_LENGTH)}…` : text;
}
