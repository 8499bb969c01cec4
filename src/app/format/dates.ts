/*
 * Dates are shown in UTC, the time zone the explorer's queries use, so a value and its facet
 * (year, month, day) always agree.
 */

const DATE = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeZone: 'UTC' });
const DATE_TIME = new Intl.DateTimeFormat('en', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
  timeZone: 'UTC',
});
const MONTH = new Intl.DateTimeFormat('en', { month: 'long', timeZone: 'UTC' });
const MONTH_YEAR = new Intl.DateTimeFormat('en', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const DAY_MONTH_YEAR = new Intl.DateTimeFormat('en', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

function parse(value: string): Date | undefined {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** A `date` field value (`2013-02-15`) → `Feb 15, 2013`. */
export function formatDate(value: string): string {
  const date = parse(value.length === 10 ? `${value}T00:00:00Z` : value);
  return date ? DATE.format(date) : value;
}

/** A `datetime` field value → `Feb 7, 2018, 01:26:13` (UTC). */
export function formatDateTime(value: string): string {
  const date = parse(value);
  return date ? DATE_TIME.format(date) : value;
}

const PATH = /^(\d{4})(?:\/(\d{2}))?(?:\/(\d{2}))?$/;

function pathDate(year: string, month = '01', day = '01'): Date | undefined {
  return parse(`${year}-${month}-${day}T00:00:00Z`);
}

/** A date facet path in full: `2013` → `2013`, `2013/02` → `February 2013`, `2013/02/15` → `February 15, 2013`. */
export function formatDatePath(path: string): string {
  const match = PATH.exec(path);
  if (!match) return path;
  const [, year, month, day] = match;
  const date = pathDate(year!, month, day);
  if (!date || month === undefined) return path;
  return day === undefined ? MONTH_YEAR.format(date) : DAY_MONTH_YEAR.format(date);
}

/** A date facet value under its parent: months by name (`February`), days by number, years as is. */
export function formatDatePathLeaf(path: string): string {
  const match = PATH.exec(path);
  if (!match) return path;
  const [, year, month, day] = match;
  if (month === undefined) return year!;
  if (day !== undefined) return String(Number(day));
  const date = pathDate(year!, month);
  return date ? MONTH.format(date) : path;
}
