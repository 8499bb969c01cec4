/*
 * The days a calendar view shows, as `YYYY-MM-DD` strings: a day is a calendar day, the same wherever
 * the visitor is (date fields are days; datetimes are placed on the day of the dataset's clock, which the
 * API writes in each value). Computed in UTC so that no local clock change moves a day.
 */

export const CALENDAR_VIEWS = ['month', 'week', 'day'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** 0 for Sunday … 6 for Saturday, as `Date.getUTCDay`. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

function toDate(day: string): Date {
  return new Date(`${day}T00:00:00Z`);
}

function toDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Whether a text is a day that exists (`2013-02-30` is not). */
export function isDay(text: string): boolean {
  const match = DAY.exec(text);
  if (!match) return false;
  const date = toDate(text);
  return !Number.isNaN(date.getTime()) && toDay(date) === text;
}

export function addDays(day: string, days: number): string {
  const date = toDate(day);
  date.setUTCDate(date.getUTCDate() + days);
  return toDay(date);
}

/** The same day of the month `months` later, or that month's last day when it is shorter. */
export function addMonths(day: string, months: number): string {
  const date = toDate(day);
  const wanted = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(wanted, last));
  return toDay(date);
}

export function weekdayOf(day: string): Weekday {
  return toDate(day).getUTCDay() as Weekday;
}

/** The first day of the week holding `day`, weeks starting on `firstDay`. */
export function startOfWeek(day: string, firstDay: Weekday): string {
  return addDays(day, -((weekdayOf(day) - firstDay + 7) % 7));
}

export function startOfMonth(day: string): string {
  return `${day.slice(0, 8)}01`;
}

/** The days shown, from `from` to `to` (exclusive), and the weeks they make (one for week and day views). */
export interface VisibleRange {
  readonly from: string;
  readonly to: string;
  readonly weeks: readonly (readonly string[])[];
}

function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  for (let day = from; day < to; day = addDays(day, 1)) days.push(day);
  return days;
}

/**
 * What a view of `day` shows: for a month, every week that holds one of its days (whole weeks, so the
 * grid's first and last rows show days of the months around it); a week from its first day; one day.
 */
export function visibleRange(view: CalendarView, day: string, firstDay: Weekday): VisibleRange {
  if (view === 'day') return { from: day, to: addDays(day, 1), weeks: [[day]] };
  if (view === 'week') {
    const from = startOfWeek(day, firstDay);
    const to = addDays(from, 7);
    return { from, to, weeks: [daysBetween(from, to)] };
  }
  const first = startOfMonth(day);
  const from = startOfWeek(first, firstDay);
  const nextMonth = addMonths(first, 1);
  const to = addDays(startOfWeek(addDays(nextMonth, -1), firstDay), 7);
  const days = daysBetween(from, to);
  const weeks: string[][] = [];
  for (let i = 0; i < days.length; i += 7) weeks.push(days.slice(i, i + 7));
  return { from, to, weeks };
}

/** The day shown after a step back (-1) or forward (+1): a month, a week or a day away. */
export function stepDay(view: CalendarView, day: string, step: -1 | 1): string {
  if (view === 'month') return addMonths(day, step);
  return addDays(day, view === 'week' ? 7 * step : step);
}

/** Where an arrow key moves the focused day: a day sideways, a week up or down (a day in the day view). */
export function arrowDay(view: CalendarView, day: string, key: string): string | undefined {
  switch (key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return view === 'month' ? addDays(day, -7) : undefined;
    case 'ArrowDown':
      return view === 'month' ? addDays(day, 7) : undefined;
    default:
      return undefined;
  }
}

/**
 * The first day of the week in a locale: `Intl.Locale#getWeekInfo` where the browser has it (Monday in
 * France, Sunday in the United States), else Monday but for English as written in the United States.
 */
export function firstDayOfWeek(locale: string): Weekday {
  try {
    const info = (
      new Intl.Locale(locale) as Intl.Locale & { getWeekInfo?: () => { firstDay: number } }
    ).getWeekInfo?.();
    // getWeekInfo counts 1 (Monday) to 7 (Sunday).
    if (info) return (info.firstDay % 7) as Weekday;
  } catch {
    // An unknown locale: the rule below.
  }
  return locale === 'en-US' || locale === 'en' ? 0 : 1;
}
