import { describe, expect, it } from 'vitest';
import type { DatasetField } from '../../api';
import { formatsFor } from '../export/formats';
import { eventsByDay, moreOnDay, toEvents } from './calendar-events';
import {
  type Calendar,
  dayCounts,
  dayCountsParams,
  eventsParams,
  icalExportParams,
  rangeClause,
} from './calendar-queries';
import { addMonths, arrowDay, firstDayOfWeek, isDay, stepDay, visibleRange } from './calendar-range';
import { parseCalendar, writeCalendar } from './calendar-state';

const field = (name: string, type: string): DatasetField => ({ name, label: name, type });
const movies: Calendar = { start: field('release_date', 'date'), title: field('title', 'text') };
const spans: Calendar = { ...movies, end: field('end', 'date') };
const flights: Calendar = { start: field('date', 'datetime'), title: field('origin', 'text') };

describe('the days a calendar shows', () => {
  it('shows whole weeks around a month, starting on Monday or Sunday', () => {
    // March 2005 starts on a Tuesday and ends on a Thursday.
    const monday = visibleRange('month', '2005-03-14', 1);
    expect(monday.from).toBe('2005-02-28');
    expect(monday.to).toBe('2005-04-04');
    expect(monday.weeks).toHaveLength(5);
    expect(monday.weeks.every((w) => w.length === 7)).toBe(true);
    expect(monday.weeks[0]![0]).toBe('2005-02-28');
    const sunday = visibleRange('month', '2005-03-14', 0);
    expect(sunday.from).toBe('2005-02-27');
    expect(sunday.to).toBe('2005-04-03');
    // February 2015 on Sundays: exactly four weeks.
    expect(visibleRange('month', '2015-02-10', 0).weeks).toHaveLength(4);
    // A month of six rows: May 2021 from Monday.
    expect(visibleRange('month', '2021-05-31', 1).weeks).toHaveLength(6);
  });

  it('shows a week from its first day, and one day', () => {
    expect(visibleRange('week', '2005-03-13', 1)).toMatchObject({ from: '2005-03-07', to: '2005-03-14' });
    expect(visibleRange('week', '2005-03-13', 0)).toMatchObject({ from: '2005-03-13', to: '2005-03-20' });
    expect(visibleRange('day', '2004-02-29', 1)).toEqual({
      from: '2004-02-29',
      to: '2004-03-01',
      weeks: [['2004-02-29']],
    });
  });

  it('steps by the view, and moves the focused day with arrows', () => {
    expect(stepDay('month', '2005-01-31', 1)).toBe('2005-02-28');
    expect(addMonths('2004-03-31', -1)).toBe('2004-02-29');
    expect(stepDay('month', '2005-12-15', 1)).toBe('2006-01-15');
    expect(stepDay('week', '2005-03-14', -1)).toBe('2005-03-07');
    expect(stepDay('day', '2005-12-31', 1)).toBe('2006-01-01');
    expect(arrowDay('month', '2005-03-01', 'ArrowUp')).toBe('2005-02-22');
    expect(arrowDay('month', '2005-03-31', 'ArrowDown')).toBe('2005-04-07');
    expect(arrowDay('week', '2005-03-01', 'ArrowLeft')).toBe('2005-02-28');
    expect(arrowDay('day', '2005-03-01', 'ArrowUp')).toBeUndefined();
    expect(arrowDay('month', '2005-03-01', 'Enter')).toBeUndefined();
  });

  it('starts weeks on Monday in French and on Sunday in American English', () => {
    expect(firstDayOfWeek('fr-FR')).toBe(1);
    expect(firstDayOfWeek('en-US')).toBe(0);
  });
});

describe('the calendar in the address', () => {
  it('reads and writes the view, the day and the fields, keeping every other parameter', () => {
    const search = new URLSearchParams(
      'refine=major_genre:Comedy&calendar.view=week&calendar.date=2005-03-14&calendar.title=director&chart.x=a',
    );
    const state = parseCalendar(search);
    expect(state).toEqual({ view: 'week', date: '2005-03-14', choice: { title: 'director' } });
    const next = writeCalendar(search, { ...state, view: 'month', date: '2005-04-01' });
    expect(next.toString()).toBe(
      'refine=major_genre%3AComedy&chart.x=a&calendar.date=2005-04-01&calendar.title=director',
    );
  });

  it('drops what makes no sense', () => {
    expect(parseCalendar(new URLSearchParams('calendar.view=year&calendar.date=2005-02-30'))).toEqual({
      view: 'month',
      choice: {},
    });
    expect(isDay('2005-02-28')).toBe(true);
    expect(isDay('05-02-28')).toBe(false);
  });
});

describe('the calendar’s requests', () => {
  const filters = { where: 'search("love")', refine: ['major_genre:Comedy'], timezone: 'Europe/Paris' };
  const march = { from: '2005-02-28', to: '2005-04-04' };

  it('asks for the range only, sorted by start, on top of every filter', () => {
    expect(eventsParams(filters, movies, march)).toEqual({
      where: ['search("love")', "release_date >= date'2005-02-28' AND release_date < date'2005-04-04'"],
      refine: ['major_genre:Comedy'],
      timezone: 'Europe/Paris',
      order_by: 'release_date asc, title asc',
      limit: 100,
    });
    expect(rangeClause(spans, march)).toBe(
      "(release_date >= date'2005-02-28' OR end >= date'2005-02-28') AND release_date < date'2005-04-04'",
    );
  });

  it('counts records per day, by the day of a datetime on the dataset’s clock', () => {
    expect(dayCountsParams({}, movies, march)).toMatchObject({
      select: 'count(*) as n',
      group_by: 'release_date as day',
    });
    expect(dayCountsParams({}, flights, march).group_by).toBe("date_format(`date`, 'yyyy-MM-dd') as day");
    expect(
      dayCounts([
        { day: '2005-03-04', n: 3 },
        { day: null, n: 2 },
      ]),
    ).toEqual(new Map([['2005-03-04', 3]]));
  });

  it('exports the selection with its fields', () => {
    expect(icalExportParams(filters, spans)).toMatchObject({
      start_field: 'release_date',
      end_field: 'end',
      title_field: 'title',
      use_labels: true,
      refine: ['major_genre:Comedy'],
    });
  });
});

describe('records as events', () => {
  it('places spans on every day they last and times on datetimes', () => {
    const events = toEvents(
      [
        { _id: 'a', title: 'Long', release_date: '2005-03-03', end: '2005-03-05' },
        { _id: 'b', title: null, release_date: '2005-03-04', end: '2005-03-01' },
        { title: 'No day', release_date: null },
      ],
      spans,
    );
    expect(events.map((e) => [e.key, e.title, e.startDay, e.endDay])).toEqual([
      ['a', 'Long', '2005-03-03', '2005-03-05'],
      ['b', '', '2005-03-04', '2005-03-04'],
    ]);
    const byDay = eventsByDay(events, visibleRange('week', '2005-03-02', 1));
    expect(byDay.get('2005-03-04')!.map((e) => e.key)).toEqual(['a', 'b']);
    expect(byDay.get('2005-03-06')).toEqual([]);
    const [flight] = toEvents([{ date: '2001-01-01T06:15:00+01:00', origin: 'SFO' }], flights);
    expect(flight).toMatchObject({ startDay: '2001-01-01', time: '06:15', title: 'SFO' });
  });

  it('says how many more start on a day than its cell shows', () => {
    const events = toEvents(
      ['A', 'B', 'C', 'D'].map((title, i) => ({ _id: title, title, release_date: '2005-03-04', n: i })),
      movies,
    );
    expect(moreOnDay('2005-03-04', events, 3, new Map([['2005-03-04', 9]]))).toBe(6);
    // The count not there yet: the loaded events.
    expect(moreOnDay('2005-03-04', events, 3, new Map())).toBe(1);
    expect(moreOnDay('2005-03-04', events, 5, new Map())).toBe(0);
  });
});

describe('the iCalendar format in the Export and API tabs', () => {
  it('is offered for datasets with a calendar only', () => {
    const names = (fields: DatasetField[]) => formatsFor(fields).map((f) => f.format);
    expect(names([field('title', 'text'), field('release_date', 'date')])).toContain('ical');
    expect(names([field('title', 'text'), field('n', 'int')])).not.toContain('ical');
    expect(names([field('at', 'datetime'), field('n', 'int')])).not.toContain('ical');
  });
});
