import { appLocale } from '../i18n/locale';
import type { CalendarView, VisibleRange } from './calendar-range';

/*
 * Month and day names in the visitor's language, from Intl: days are calendar days, formatted in UTC so
 * that no clock moves them.
 */

const formats = new Map<string, Intl.DateTimeFormat>();

function format(kind: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${appLocale()}|${kind}`;
  let found = formats.get(key);
  if (!found) {
    found = new Intl.DateTimeFormat(appLocale(), { ...options, timeZone: 'UTC' });
    formats.set(key, found);
  }
  return found;
}

const at = (day: string): Date => new Date(`${day}T00:00:00Z`);

/** The names of a week's days, in its order: `Mon` and `Monday`. */
export function weekdayNames(week: readonly string[]): { short: string; long: string }[] {
  return week.map((day) => ({
    short: format('weekday-short', { weekday: 'short' }).format(at(day)),
    long: format('weekday-long', { weekday: 'long' }).format(at(day)),
  }));
}

/** A day in full: `Monday, March 14, 2005`, `lundi 14 mars 2005`. */
export function dayLabel(day: string): string {
  return format('day', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' }).format(at(day));
}

/** What a view shows: `March 2005`, `Mar 7 – 13, 2005`, or the day in full. */
export function periodLabel(view: CalendarView, day: string, range: VisibleRange): string {
  if (view === 'day') return dayLabel(day);
  if (view === 'month') return format('month', { month: 'long', year: 'numeric' }).format(at(day));
  const week = format('week', { day: 'numeric', month: 'short', year: 'numeric' });
  const last = range.weeks[0]?.[6] ?? range.from;
  return week.formatRange(at(range.from), at(last));
}
