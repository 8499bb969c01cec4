import { type KeyboardEvent, useEffect, useRef } from 'react';
import { type CalendarEvent, moreOnDay } from './calendar-events';
import { arrowDay, type CalendarView, type VisibleRange } from './calendar-range';
import { dayLabel, weekdayNames } from './dates';
import { useCalendarT } from './i18n';

/*
 * The days of a view as an ARIA grid: one tab stop (the focused day, which is the day in the address),
 * arrow keys move it a day or a week (past the edge, the view follows), Enter opens the day. The events
 * of the focused day are in the tab order; the other days' are reached by moving there, so that a month
 * is not a hundred tab stops.
 */

/** Events a day shows before "+N more": a few in a month, most of a week, all of one day. */
const SHOWN: Readonly<Record<CalendarView, number>> = { month: 3, week: 12, day: Number.POSITIVE_INFINITY };

interface CalendarGridProps {
  readonly view: CalendarView;
  readonly range: VisibleRange;
  /** The day in the address: focused, and the month a month view shows. */
  readonly day: string;
  readonly byDay: ReadonlyMap<string, readonly CalendarEvent[]>;
  readonly counts: ReadonlyMap<string, number>;
  readonly period: string;
  readonly busy: boolean;
  readonly untitled: string;
  readonly onFocusDay: (day: string) => void;
  readonly onOpenDay: (day: string) => void;
  readonly onOpenEvent: (event: CalendarEvent, from: HTMLElement) => void;
}

export function CalendarGrid({
  view,
  range,
  day,
  byDay,
  counts,
  period,
  busy,
  untitled,
  onFocusDay,
  onOpenDay,
  onOpenEvent,
}: CalendarGridProps) {
  const t = useCalendarT();
  const grid = useRef<HTMLTableElement>(null);
  // Set by a key that moved the day: the new day's cell takes the focus once it is drawn.
  const moving = useRef(false);
  useEffect(() => {
    if (!moving.current) return;
    moving.current = false;
    grid.current?.querySelector<HTMLElement>(`[data-day="${day}"]`)?.focus();
  });

  const month = day.slice(0, 7);
  const names = weekdayNames(range.weeks[0] ?? []);
  const onKey = (event: KeyboardEvent<HTMLElement>, cellDay: string) => {
    // Keys on an event or a link inside the day are theirs.
    if (event.target !== event.currentTarget) return;
    const next = arrowDay(view, cellDay, event.key);
    if (next !== undefined) {
      event.preventDefault();
      moving.current = true;
      onFocusDay(next);
    } else if ((event.key === 'Enter' || event.key === ' ') && view !== 'day') {
      event.preventDefault();
      onOpenDay(cellDay);
    }
  };

  return (
    <table
      ref={grid}
      className={`calendar-grid calendar-view-${view}`}
      // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: the WAI-ARIA grid pattern on a table of days, keyboard handled below
      role="grid"
      aria-label={t('grid', { period })}
      aria-busy={busy}
      aria-describedby="calendar-keys"
    >
      <thead>
        <tr>
          {names.map((name) => (
            <th key={name.long} scope="col" abbr={name.long}>
              {view === 'day' ? name.long : name.short}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {range.weeks.map((week) => (
          <tr key={week[0]}>
            {week.map((cellDay, column) => {
              const events = byDay.get(cellDay) ?? [];
              const shown = events.slice(0, SHOWN[view]);
              const more = moreOnDay(cellDay, events, shown.length, counts);
              const focused = cellDay === day;
              const outside = view === 'month' && cellDay.slice(0, 7) !== month;
              const label = dayLabel(cellDay);
              return (
                <td
                  key={cellDay}
                  // biome-ignore lint/a11y/noNoninteractiveElementToInteractiveRole: a day of the grid pattern, focused by the arrow keys
                  role="gridcell"
                  data-day={cellDay}
                  tabIndex={focused ? 0 : -1}
                  aria-selected={focused}
                  className={['calendar-day', outside && 'is-outside', focused && 'is-focused']
                    .filter(Boolean)
                    .join(' ')}
                  onKeyDown={(event) => onKey(event, cellDay)}
                  onClick={(event) => {
                    if (event.target === event.currentTarget && !focused) onFocusDay(cellDay);
                  }}
                >
                  <div className="calendar-day-head">
                    <span className="calendar-day-weekday" aria-hidden="true">
                      {names[column]?.short}
                    </span>
                    <button
                      type="button"
                      className="calendar-day-number"
                      tabIndex={-1}
                      aria-label={label}
                      onClick={() => (view === 'day' ? onFocusDay(cellDay) : onOpenDay(cellDay))}
                    >
                      {Number(cellDay.slice(8))}
                    </button>
                    {outside && <span className="visually-hidden">{t('outside')}</span>}
                  </div>
                  {shown.length > 0 && (
                    <ul className="calendar-events">
                      {shown.map((event) => (
                        <li key={event.key}>
                          <button
                            type="button"
                            className={event.time ? 'calendar-event' : 'calendar-event is-all-day'}
                            tabIndex={focused ? 0 : -1}
                            title={event.title || untitled}
                            onClick={(click) => onOpenEvent(event, click.currentTarget)}
                          >
                            {event.time && <span className="calendar-event-time">{event.time}</span>}
                            <span className="calendar-event-title">{event.title || untitled}</span>
                          </button>
                        </li>
                      ))}
                    </ul>
                  )}
                  {view === 'day' && events.length === 0 && !busy && (
                    <p className="calendar-none">{t('noEvent')}</p>
                  )}
                  {more > 0 && view !== 'day' && (
                    <button
                      type="button"
                      className="calendar-more"
                      tabIndex={focused ? 0 : -1}
                      aria-label={t('moreLabel', { count: more, day: label })}
                      onClick={() => onOpenDay(cellDay)}
                    >
                      {t('more', { count: more })}
                    </button>
                  )}
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
