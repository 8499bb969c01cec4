import type {
  CalendarColumns,
  ExportColumn,
  ExportContext,
  ExportRecord,
  RecordExportFormat,
} from '../types';
import { columnTitle, geometryOf, textValue } from './geo-values';
import { contentLine, escapeText, icalDate, icalDateTime, icalDayAfter } from './ical-text';

/*
 * iCalendar (RFC 5545), the `ical` format of Opendatasoft's Explore API: one VEVENT per record of the
 * selection, from the calendar's fields (src/api/calendar.ts, or `start_field`, `end_field`,
 * `title_field`). A date field makes all-day events (`DTSTART;VALUE=DATE`, and an exclusive DTEND the day
 * after the end date); a datetime field makes timed events in UTC, which needs no VTIMEZONE. The title
 * is the SUMMARY, the other fields `label: value` lines of the DESCRIPTION; a point also goes in GEO.
 * Records without a start are no events and are left out.
 */

const PRODUCT = '-//odexplorer//Explore API iCalendar export//EN';

const GEOMETRY = new Set(['geo_point_2d', 'geo_shape']);

/** The fields the description lists: not the event's own, nor geometries (a point goes in GEO). */
function describedColumns(context: ExportContext, calendar: CalendarColumns): ExportColumn[] {
  const own = new Set([calendar.start.name, calendar.end?.name, calendar.title.name]);
  return context.columns.filter((c) => !own.has(c.name) && !GEOMETRY.has(c.type));
}

/** A DATE or DATE-TIME value and the parameter that types it (`;VALUE=DATE` for days). */
interface IcalTime {
  readonly params: string;
  readonly value: string;
}

interface EventTimes {
  readonly start: IcalTime;
  readonly end?: IcalTime;
}

const day = (value: string): IcalTime => ({ params: ';VALUE=DATE', value });
const moment = (value: string): IcalTime => ({ params: '', value });

/** DTSTART and DTEND, or undefined when the record has no usable start. */
function eventTimes(calendar: CalendarColumns, record: ExportRecord): EventTimes | undefined {
  const start = record.fields[calendar.start.name];
  const end = calendar.end ? record.fields[calendar.end.name] : null;
  if (typeof start !== 'string') return undefined;
  if (calendar.start.type === 'date') {
    const first = icalDate(start);
    if (first === undefined) return undefined;
    // A span ends after its last day; an end before the start is no span.
    const after = typeof end === 'string' && end >= start ? icalDayAfter(end) : undefined;
    return { start: day(first), ...(after !== undefined ? { end: day(after) } : {}) };
  }
  const at = icalDateTime(start);
  if (at === undefined) return undefined;
  const until = typeof end === 'string' ? icalDateTime(end) : undefined;
  return { start: moment(at), ...(until !== undefined && until > at ? { end: moment(until) } : {}) };
}

/** The host of the API, the right-hand side of every UID. */
function uidHost(datasetUrl: string): string {
  try {
    return new URL(datasetUrl).hostname || 'localhost';
  } catch {
    return 'localhost';
  }
}

/** What every event of the file shares. */
interface EventPlan {
  readonly calendar: CalendarColumns;
  readonly described: readonly ExportColumn[];
  readonly point: ExportColumn | undefined;
  readonly host: string;
  readonly stampedAt: string;
}

function vevent(context: ExportContext, plan: EventPlan, record: ExportRecord): string {
  const { calendar, described, point, host, stampedAt } = plan;
  const times = eventTimes(calendar, record);
  if (!times) return '';
  const title = textValue(record.fields[calendar.title.name]);
  const description = described.flatMap((c) => {
    const value = textValue(record.fields[c.name]);
    return value === null ? [] : [`${columnTitle(context, c)}: ${value}`];
  });
  const geometry = point ? geometryOf(record.fields[point.name]) : null;
  const id = record.id ?? '';
  // Record ids are content hashes: two datasets can hold the same one, so the dataset is in the UID too.
  const uid = `${id}.${context.dataset.dataset_id}@${host}`;
  return [
    'BEGIN:VEVENT\r\n',
    contentLine('UID', escapeText(uid)),
    contentLine('DTSTAMP', (record.timestamp && icalDateTime(record.timestamp)) || stampedAt),
    contentLine('DTSTART', times.start.value, times.start.params),
    times.end ? contentLine('DTEND', times.end.value, times.end.params) : '',
    title !== null ? contentLine('SUMMARY', escapeText(title)) : '',
    description.length > 0 ? contentLine('DESCRIPTION', escapeText(description.join('\n'))) : '',
    geometry?.type === 'Point'
      ? contentLine('GEO', `${geometry.coordinates[1]};${geometry.coordinates[0]}`)
      : '',
    id !== '' ? contentLine('URL', `${context.datasetUrl}/records/${encodeURIComponent(id)}`) : '',
    'END:VEVENT\r\n',
  ].join('');
}

async function* writeIcal(context: ExportContext): AsyncIterable<string> {
  const calendar = context.calendar;
  // The route resolves the calendar before it picks this writer (routes.ts): its absence is a bug.
  if (!calendar) throw new Error('the iCalendar export was started without its calendar fields');
  const plan: EventPlan = {
    calendar,
    described: describedColumns(context, calendar),
    point: context.columns.find((c) => c.type === 'geo_point_2d'),
    host: uidHost(context.datasetUrl),
    stampedAt: icalDateTime(new Date().toISOString())!,
  };
  const name = escapeText(context.dataset.title ?? context.dataset.dataset_id);
  yield [
    'BEGIN:VCALENDAR\r\n',
    'VERSION:2.0\r\n',
    contentLine('PRODID', PRODUCT),
    'CALSCALE:GREGORIAN\r\n',
    // The calendar's name: RFC 7986's NAME, and the X-WR-CALNAME most calendar programs read.
    contentLine('NAME', name),
    contentLine('X-WR-CALNAME', name),
  ].join('');
  for await (const batch of context.records) {
    if (context.signal.aborted) return;
    yield batch.map((r) => vevent(context, plan, r)).join('');
  }
  yield 'END:VCALENDAR\r\n';
}

export const ical: RecordExportFormat = {
  format: 'ical',
  extension: 'ics',
  mediaType: 'text/calendar; charset=utf-8',
  versions: ['2.0', '2.1'],
  write: writeIcal,
};
