import {
  type CalendarChoice,
  type CalendarFieldLike,
  calendarFields,
  endCandidates,
  startCandidates,
  titleCandidates,
} from '../../api/calendar';
import { invalidParameter } from '../errors';
import type { CalendarColumns, ExportColumn } from './types';

/*
 * The fields an iCalendar export makes its events of: the dataset's calendar (src/api/calendar.ts) among
 * the fields the export holds (a `select` may leave some out, a `group_by` all), or those the request
 * names, which must fit: a field it names that is not there or not of the right type is refused.
 */

function refuseUnfit(
  parameter: string,
  name: string | undefined,
  fits: readonly CalendarFieldLike[],
  what: string,
): void {
  if (name === undefined || name === '' || fits.some((f) => f.name === name)) return;
  const names = fits.map((f) => f.name).join(', ');
  throw invalidParameter(parameter, name, names === '' ? what : `${what} (${names})`);
}

/** The export's columns that are the dataset's own fields, with their annotations. */
function exportedFields<F extends CalendarFieldLike>(
  fields: readonly F[],
  columns: readonly ExportColumn[],
): F[] {
  return fields.filter((f) => columns.some((c) => c.name === f.name && c.type === f.type));
}

/** The calendar's columns, or undefined when the export has no date or datetime field and text field. */
export function calendarColumns(
  fields: readonly CalendarFieldLike[],
  columns: readonly ExportColumn[],
  choice: CalendarChoice,
): CalendarColumns | undefined {
  const exported = exportedFields(fields, columns);
  refuseUnfit(
    'start_field',
    choice.start,
    startCandidates(exported),
    'a date or datetime field of the export',
  );
  refuseUnfit('title_field', choice.title, titleCandidates(exported), 'a text field of the export');
  const calendar = calendarFields(exported, choice);
  if (!calendar) return undefined;
  refuseUnfit(
    'end_field',
    choice.end,
    endCandidates(exported, calendar.start),
    `a field of the export of the start's type (${calendar.start.type})`,
  );
  const column = (field: CalendarFieldLike): ExportColumn => columns.find((c) => c.name === field.name)!;
  return {
    start: column(calendar.start),
    ...(calendar.end ? { end: column(calendar.end) } : {}),
    title: column(calendar.title),
  };
}
