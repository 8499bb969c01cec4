import { type DatasetFacetsParams, type DatasetRecord, quoteField, type RecordsParams } from '../../api';
import type { Calendar } from './calendar-queries';

/*
 * Where the Calendar tab opens when the address names no day. The latest month holding any record is
 * often a stray (a movie dated 2046, a flight a minute past the last midnight), and a month with one event
 * looks empty. So the tab asks, in one `group_by`, how many records of the selection start in each month,
 * and opens on the latest month up to today that is as busy as the dataset usually is.
 */

/** Months a group_by may answer (the spec's ceiling for aggregations): 1,666 years. */
const MONTHS_LIMIT = 20_000;

/** How many records of the selection start in each month, as `YYYY-MM` on the dataset's clock. */
export function monthCountsParams(filters: DatasetFacetsParams, calendar: Calendar): RecordsParams {
  const { facet: _facet, ...rest } = filters;
  return {
    ...rest,
    select: 'count(*) as n',
    group_by: `date_format(${quoteField(calendar.start.name)}, 'yyyy-MM') as month`,
    limit: MONTHS_LIMIT,
  };
}

export interface MonthCount {
  /** `YYYY-MM`. */
  readonly month: string;
  readonly n: number;
}

/** The months of an answer, earliest first; the group of records without a start is left out. */
export function monthCounts(results: readonly DatasetRecord[] | undefined): MonthCount[] {
  const months: MonthCount[] = [];
  for (const row of results ?? []) {
    const month = typeof row.month === 'string' ? row.month.slice(0, 7) : '';
    if (/^\d{4}-\d{2}$/.test(month) && typeof row.n === 'number' && row.n > 0) {
      months.push({ month, n: row.n });
    }
  }
  return months.sort((a, b) => (a.month < b.month ? -1 : a.month > b.month ? 1 : 0));
}

/**
 * How busy a usual month is: the count of the month that holds the selection's middle record, months
 * ranked by their count. Unlike a plain median of months, a long tail of months with one stray record
 * does not pull it down, and unlike the busiest month, one peak does not push it up.
 */
export function typicalMonthCount(months: readonly MonthCount[]): number {
  const total = months.reduce((sum, m) => sum + m.n, 0);
  let seen = 0;
  for (const { n } of [...months].sort((a, b) => b.n - a.n)) {
    seen += n;
    if (seen * 2 >= total) return n;
  }
  return 0;
}

/**
 * The day the calendar opens on: in the latest month up to today's holding at least half a usual month's
 * records (today itself when that is this month, else the month's first day); when every such month is
 * still to come, the earliest of them; today when the selection is empty.
 */
export function openingDay(months: readonly MonthCount[], today: string): string {
  const typical = typicalMonthCount(months);
  const busy = months.filter((m) => m.n * 2 >= typical);
  const thisMonth = today.slice(0, 7);
  const past = busy.filter((m) => m.month <= thisMonth);
  const chosen = past.length > 0 ? past[past.length - 1] : busy[0];
  if (!chosen) return today;
  return chosen.month === thisMonth ? today : `${chosen.month}-01`;
}
