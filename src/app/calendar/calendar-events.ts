import type { DatasetRecord } from '../../api';
import { recordId } from '../table/queries';
import type { Calendar } from './calendar-queries';
import { dayOfValue, timeOfValue } from './calendar-queries';
import type { VisibleRange } from './calendar-range';

/*
 * Records as calendar events: the day (and, for a datetime, the time) each starts, the last day it lasts
 * when the dataset has an end field, and what it is called; then the events of each day shown.
 */

export interface CalendarEvent {
  /** Unique among the events loaded: the record id, else its place in the answer. */
  readonly key: string;
  /** The record id, which opens the record's detail; absent when the portal gives none. */
  readonly id?: string;
  readonly record: DatasetRecord;
  readonly title: string;
  readonly startDay: string;
  /** The last day it lasts (its start day when it has no end, or an end before its start). */
  readonly endDay: string;
  /** `09:30` for a datetime start; absent for a whole day. */
  readonly time?: string;
}

function text(value: unknown): string {
  if (value === null || value === undefined) return '';
  return Array.isArray(value) ? value.join(', ') : String(value);
}

export function toEvents(records: readonly DatasetRecord[], calendar: Calendar): CalendarEvent[] {
  return records.flatMap((record, index): CalendarEvent[] => {
    const startDay = dayOfValue(record[calendar.start.name]);
    if (startDay === undefined) return [];
    const endValue = calendar.end ? dayOfValue(record[calendar.end.name]) : undefined;
    const time = calendar.start.type === 'datetime' ? timeOfValue(record[calendar.start.name]) : undefined;
    const id = recordId(record);
    return [
      {
        key: id ?? `#${index}`,
        ...(id !== undefined ? { id } : {}),
        record,
        title: text(record[calendar.title.name]),
        startDay,
        endDay: endValue !== undefined && endValue > startDay ? endValue : startDay,
        ...(time !== undefined ? { time } : {}),
      },
    ];
  });
}

/** The events of each day of the range, a span on every day it lasts, in the order they came. */
export function eventsByDay(
  events: readonly CalendarEvent[],
  range: Pick<VisibleRange, 'weeks'>,
): ReadonlyMap<string, readonly CalendarEvent[]> {
  const byDay = new Map<string, CalendarEvent[]>();
  for (const day of range.weeks.flat()) byDay.set(day, []);
  for (const event of events) {
    for (const [day, list] of byDay) if (event.startDay <= day && day <= event.endDay) list.push(event);
  }
  return byDay;
}

/**
 * How many records start on a day beyond the `shown` events of its cell: the day's count from the
 * server, or the events loaded when it is larger (a count not yet there).
 */
export function moreOnDay(
  day: string,
  dayEvents: readonly CalendarEvent[],
  shown: number,
  counts: ReadonlyMap<string, number>,
): number {
  const starting = dayEvents.filter((e) => e.startDay === day);
  const shownStarting = dayEvents.slice(0, shown).filter((e) => e.startDay === day).length;
  return Math.max(counts.get(day) ?? 0, starting.length) - shownStarting;
}
