import type { CalendarChoice } from '../../api';
import { CALENDAR_VIEWS, type CalendarView, isDay } from './calendar-range';

/*
 * The Calendar tab's place in the address, under `calendar.` keys so the table's and the chart's own
 * parameters never collide with it, and a link or Back restores it:
 *   calendar.view=month|week|day     calendar.date=2005-03-14   (the day shown, and focused)
 *   calendar.start=…  calendar.end=…  calendar.title=…         (fields chosen instead of the rule's)
 * Values that make no sense are dropped: the view is then the month, the date where the records are.
 */

export interface CalendarState {
  readonly view: CalendarView;
  /** Absent: the calendar opens where the selection's records are (calendar-opening.ts). */
  readonly date?: string;
  readonly choice: CalendarChoice;
}

const PREFIX = 'calendar.';

function field(search: URLSearchParams, key: string): string | undefined {
  const value = search.get(`${PREFIX}${key}`)?.trim();
  return value ? value : undefined;
}

export function parseCalendar(search: URLSearchParams): CalendarState {
  const view = CALENDAR_VIEWS.find((v) => v === search.get(`${PREFIX}view`)) ?? 'month';
  const date = search.get(`${PREFIX}date`) ?? '';
  const start = field(search, 'start');
  const end = field(search, 'end');
  const title = field(search, 'title');
  return {
    view,
    ...(isDay(date) ? { date } : {}),
    choice: {
      ...(start ? { start } : {}),
      ...(end ? { end } : {}),
      ...(title ? { title } : {}),
    },
  };
}

/** Writes the calendar into an address, replacing any calendar there and keeping every other parameter. */
export function writeCalendar(search: URLSearchParams, state: CalendarState): URLSearchParams {
  const next = new URLSearchParams([...search].filter(([key]) => !key.startsWith(PREFIX)));
  if (state.view !== 'month') next.set(`${PREFIX}view`, state.view);
  if (state.date) next.set(`${PREFIX}date`, state.date);
  for (const key of ['start', 'end', 'title'] as const) {
    const name = state.choice[key];
    if (name) next.set(`${PREFIX}${key}`, name);
  }
  return next;
}
