import { useEffect, useId, useRef } from 'react';
import type { DatasetField } from '../../api';
import { CellValue } from '../components/CellValue';
import type { CellFormat } from '../format/cells';
import { Link } from '../router/Link';
import { datasetPath } from '../routes/paths';
import type { CalendarEvent } from './calendar-events';
import type { Calendar } from './calendar-queries';
import { useCalendarT } from './i18n';

/** Fields the popover lists after the event's dates: the record's first ones, without the calendar's. */
const MAIN_FIELDS = 6;
const GEO_TYPES = new Set(['geo_point_2d', 'geo_shape']);

interface EventPopoverProps {
  readonly event: CalendarEvent;
  readonly calendar: Calendar;
  readonly fields: readonly DatasetField[];
  readonly format: CellFormat;
  readonly datasetId: string;
  /** The address's parameters: the record opens in the table with the same filters. */
  readonly search: URLSearchParams;
  /** Where it shows, in the calendar's own coordinates; undefined on a phone (a sheet at the bottom). */
  readonly position: { readonly top: number; readonly left: number } | undefined;
  readonly onClose: () => void;
}

/** An event's main fields and a link to its record, over the calendar; Escape closes it. */
export function EventPopover({
  event,
  calendar,
  fields,
  format,
  datasetId,
  search,
  position,
  onClose,
}: EventPopoverProps) {
  const t = useCalendarT();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);
  useEffect(() => {
    panel.current?.focus();
  }, []);

  const own = new Set([calendar.title.name, calendar.start.name, calendar.end?.name]);
  const dates = [calendar.start, ...(calendar.end ? [calendar.end] : [])];
  const others = fields
    .filter((f) => !own.has(f.name) && !GEO_TYPES.has(f.type))
    .filter((f) => event.record[f.name] !== null && event.record[f.name] !== undefined)
    .slice(0, MAIN_FIELDS);
  const recordSearch = new URLSearchParams(search);
  if (event.id !== undefined) recordSearch.set('record', event.id);

  return (
    <div
      ref={panel}
      className="calendar-popover"
      role="dialog"
      aria-labelledby={titleId}
      tabIndex={-1}
      style={position ? { top: position.top, left: position.left } : undefined}
      onKeyDown={(key) => {
        if (key.key === 'Escape') {
          key.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="calendar-popover-head">
        <h3 id={titleId}>{event.title || t('untitled')}</h3>
        <button type="button" className="calendar-popover-close" aria-label={t('close')} onClick={onClose}>
          ×
        </button>
      </div>
      <dl className="calendar-popover-fields">
        {[...dates, ...others].map((field) => (
          <div key={field.name}>
            <dt>{field.label || field.name}</dt>
            <dd>
              {event.record[field.name] === null || event.record[field.name] === undefined ? (
                <span className="muted">—</span>
              ) : (
                <CellValue value={event.record[field.name]} field={field} format={format} />
              )}
            </dd>
          </div>
        ))}
      </dl>
      {event.id !== undefined && (
        <p className="calendar-popover-actions">
          <Link className="button" to={datasetPath(datasetId, 'table', recordSearch)}>
            {t('openRecord')}
          </Link>
        </p>
      )}
    </div>
  );
}
