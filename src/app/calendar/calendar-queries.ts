import {
  type CalendarFields,
  type DatasetFacetsParams,
  type DatasetField,
  type DatasetRecord,
  quoteField,
  type RecordsExportParams,
  type RecordsParams,
} from '../../api';
import { RECORDS_PAGE_SIZE } from '../routes/dataset-search';
import type { VisibleRange } from './calendar-range';

/*
 * The Calendar tab's requests. It asks only for the days it shows: the records that start (or, with an
 * end field, last) in the visible range, sorted by their start and paged; and how many start on each
 * day (a `group_by` count), so that a dense day says how many more it holds than it shows.
 */

export type Calendar = CalendarFields<DatasetField>;

/** The most events the month and week views load (5 pages); past that, days show counts. */
export const EVENT_CAP = 500;

const day = (text: string): string => `date'${text}'`;

/** Adds a clause to the filters' `where` (the portal ANDs repeated clauses). */
function withClause<P extends DatasetFacetsParams>(params: P, clause: string): P {
  const where =
    params.where === undefined ? [] : typeof params.where === 'string' ? [params.where] : params.where;
  return { ...params, where: [...where, clause] };
}

/** Records starting in the range; with an end field, also those started before and still going on. */
export function rangeClause(calendar: Calendar, range: Pick<VisibleRange, 'from' | 'to'>): string {
  const start = quoteField(calendar.start.name);
  const before = `${start} < ${day(range.to)}`;
  if (!calendar.end) return `${start} >= ${day(range.from)} AND ${before}`;
  const end = quoteField(calendar.end.name);
  return `(${start} >= ${day(range.from)} OR ${end} >= ${day(range.from)}) AND ${before}`;
}

/** The events of the range, a page at a time, earliest first (the title breaks ties, so pages are stable). */
export function eventsParams(
  filters: DatasetFacetsParams,
  calendar: Calendar,
  range: Pick<VisibleRange, 'from' | 'to'>,
): RecordsParams {
  const { facet: _facet, ...rest } = withClause(filters, rangeClause(calendar, range));
  return {
    ...rest,
    order_by: `${quoteField(calendar.start.name)} asc, ${quoteField(calendar.title.name)} asc`,
    limit: RECORDS_PAGE_SIZE,
  };
}

/** The day a record starts: the field itself for a date, its day on the dataset's clock for a datetime. */
function dayExpression(calendar: Calendar): string {
  const start = quoteField(calendar.start.name);
  return calendar.start.type === 'date' ? start : `date_format(${start}, 'yyyy-MM-dd')`;
}

/** How many records start on each day of the range (a month view shows 42 days at most). */
export function dayCountsParams(
  filters: DatasetFacetsParams,
  calendar: Calendar,
  range: Pick<VisibleRange, 'from' | 'to'>,
): RecordsParams {
  const start = quoteField(calendar.start.name);
  const { facet: _facet, ...rest } = withClause(
    filters,
    `${start} >= ${day(range.from)} AND ${start} < ${day(range.to)}`,
  );
  return { ...rest, select: 'count(*) as n', group_by: `${dayExpression(calendar)} as day`, limit: 100 };
}

/** The day counts of an answer, by day. */
export function dayCounts(results: readonly DatasetRecord[] | undefined): ReadonlyMap<string, number> {
  const counts = new Map<string, number>();
  for (const row of results ?? []) {
    const key = typeof row.day === 'string' ? row.day.slice(0, 10) : undefined;
    if (key !== undefined && typeof row.n === 'number') counts.set(key, row.n);
  }
  return counts;
}

/** The day of a date or datetime value as the API writes it (`2005-03-14`, `2005-03-14T09:30:00+01:00`). */
export function dayOfValue(value: unknown): string | undefined {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}/.test(value) ? value.slice(0, 10) : undefined;
}

/** The time of day of a datetime value on the dataset's clock (`09:30`). */
export function timeOfValue(value: unknown): string | undefined {
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value)
    ? value.slice(11, 16)
    : undefined;
}

/** The `ical` export of the selection, with the calendar's fields (the visible range aside). */
export function icalExportParams(filters: DatasetFacetsParams, calendar: Calendar): RecordsExportParams {
  const { facet: _facet, ...rest } = filters;
  return {
    ...rest,
    order_by: `${quoteField(calendar.start.name)} asc`,
    use_labels: true,
    start_field: calendar.start.name,
    ...(calendar.end ? { end_field: calendar.end.name } : {}),
    title_field: calendar.title.name,
  };
}
