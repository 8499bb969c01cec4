import { describe, expect, it } from 'vitest';
import type { DatasetField } from '../../api';
import { monthCounts, monthCountsParams, openingDay, typicalMonthCount } from './calendar-opening';
import type { Calendar } from './calendar-queries';

const field = (name: string, type: string): DatasetField => ({ name, label: name, type });
const movies: Calendar = { start: field('release_date', 'date'), title: field('title', 'text') };

const months = (...pairs: [string, number][]) => pairs.map(([month, n]) => ({ month, n }));

describe('where the calendar opens', () => {
  it('asks for the selection by month in one group_by, without its facets', () => {
    expect(
      monthCountsParams(
        { refine: ['major_genre:Comedy'], facet: ['major_genre'], timezone: 'Europe/Paris' },
        movies,
      ),
    ).toEqual({
      refine: ['major_genre:Comedy'],
      timezone: 'Europe/Paris',
      select: 'count(*) as n',
      group_by: "date_format(release_date, 'yyyy-MM') as month",
      limit: 20000,
    });
  });

  it('reads the months earliest first, without the records lacking a date', () => {
    expect(
      monthCounts([
        { month: '2010-06', n: 12 },
        { month: null, n: 40 },
        { month: '1995-01', n: 3 },
      ]),
    ).toEqual(months(['1995-01', 3], ['2010-06', 12]));
  });

  it('skips the stray months after the records (movies: 2010, not a lone release in 2025)', () => {
    const movies = months(
      ['1930-12', 1],
      ['2009-11', 20],
      ['2010-04', 18],
      ['2010-05', 13],
      ['2010-06', 12],
      ['2010-07', 6],
      ['2010-12', 1],
      ['2025-12', 1],
      ['2046-12', 1],
    );
    expect(typicalMonthCount(movies)).toBe(18);
    expect(openingDay(movies, '2026-11-28')).toBe('2010-06-01');
    // Flights: six full months and six flights after the last midnight.
    const flights = months(['2001-05', 518_831], ['2001-06', 502_222], ['2001-07', 6]);
    expect(openingDay(flights, '2026-11-28')).toBe('2001-06-01');
  });

  it('opens on today in a busy current month, on the first busy month when all are to come, else today', () => {
    const current = months(['2026-10', 30], ['2026-11', 25], ['2027-01', 40]);
    expect(openingDay(current, '2026-11-28')).toBe('2026-11-28');
    const future = months(['2027-01', 1], ['2027-03', 30], ['2027-04', 28]);
    expect(openingDay(future, '2026-11-28')).toBe('2027-03-01');
    expect(openingDay([], '2026-11-28')).toBe('2026-11-28');
  });
});
