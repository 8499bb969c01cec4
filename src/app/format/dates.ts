/*
 * Dates are shown in UTC, the time zone the explorer's queries use, so a value and its facet
 * (year, month, day) always agree.
 */

import { appLocale } from '../i18n/locale';

const OPTIONS = {
  date: { dateStyle: 'medium', timeZone: 'UTC' },
  dateTime: {
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
    timeZone: 'UTC',
  },
  month: { month: 'long', timeZone: 'UTC' },
  monthYear: { month: 'long', year: 'numeric', timeZone: 'UTC' },
  dayMonthYear: { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' },
} as const satisfies Record<string, Intl.DateTimeFormatOptions>;

const cache = new Map<string, Intl.DateTimeFormat>();
/** A formatter in the language shown. */
function formatter(kind: keyof typeof OPTIONS): Intl.DateTimeFormat {
  const locale = appLocale();
  const key = `${locale}|${kind}`;
  let format = cache.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, OPTIONS[kind]);
    cache.set(key, format);
  }
  return format;
}

function parse(value: string): Date | undefined {
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** A `date` field value (`2013-02-15`) → `Feb 15, 2013`. */
export function formatDate(value: string): string {
  const date = parse(value.length === 10 ? `${value}T00:00:00Z` : value);
  return date ? formatter('date').format(date) : value;
}

/** A `datetime` field value → `Feb 7, 2018, 01:26:13` (UTC). */
export function formatDateTime(value: string): string {
  const date = parse(value);
  return date ? formatter('dateTime').format(date) : value;
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
  return day === undefined ? formatter('monthYear').format(date) : formatter('dayMonthYear').format(date);
}

/** A date facet value under its parent: months by name (`February`), days by number, years as is. */
export function formatDatePathLeaf(path: string): string {
  const match = PATH.exec(path);
  if (!match) return path;
  const [, year, month, day] = match;
  if (month === undefined) return year!;
  if (day !== undefined) return String(Number(day));
  const date = pathDate(year!, month);
  return date ? formatter('month').format(date) : path;
}
