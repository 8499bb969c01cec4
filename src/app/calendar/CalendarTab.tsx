import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import { calendarFields, type Dataset, type DatasetField } from '../../api';
import { FilterChips } from '../components/FilterChips';
import { RecordsLayout } from '../components/RecordsLayout';
import { ErrorPanel } from '../components/StatusMessages';
import { type FilterChip, filterChips, withoutChip } from '../filters/chips';
import { datasetFacetSource } from '../filters/facet-enumeration';
import { datasetFacetLabeler } from '../filters/facet-labels';
import { useDatasetChipRemovals } from '../filters/useChipRemovals';
import type { CellFormat } from '../format/cells';
import { useDatasetSearch } from '../hooks/useDatasetSearch';
import { useNavigate } from '../hooks/useNavigate';
import { appLocale } from '../i18n/locale';
import { useExploreClient } from '../queries/client-context';
import { datasetFacetsQuery } from '../queries/options';
import { datasetFacetsParams, datasetFilterParams, datasetFilters } from '../queries/request-params';
import { useLocation } from '../router/useLocation';
import { NO_FILTERS } from '../routes/search-params';
import { useViewPath } from '../routes/view-path';
import { datasetTimeZone } from '../table/queries';
import { CalendarFieldsForm } from './CalendarFieldsForm';
import { CalendarGrid } from './CalendarGrid';
import { type CalendarEvent, eventsByDay } from './calendar-events';
import { icalExportParams } from './calendar-queries';
import { CALENDAR_VIEWS, type CalendarView, firstDayOfWeek, stepDay } from './calendar-range';
import { type CalendarState, parseCalendar, writeCalendar } from './calendar-state';
import { periodLabel } from './dates';
import { EventPopover } from './EventPopover';
import { IcsDownload } from './IcsDownload';
import { useCalendarT } from './i18n';
import { localToday, useCalendarData } from './useCalendarData';
import './calendar.css';

const NO_FIELDS: readonly DatasetField[] = [];

interface OpenEvent {
  readonly event: CalendarEvent;
  readonly from: HTMLElement;
  readonly position: { readonly top: number; readonly left: number } | undefined;
}

/** The place of a popover under the event it opened from, within the calendar; none on a phone. */
function popoverPosition(stage: HTMLElement | null, from: HTMLElement): OpenEvent['position'] {
  if (!stage || window.matchMedia('(max-width: 700px)').matches) return undefined;
  const box = stage.getBoundingClientRect();
  const at = from.getBoundingClientRect();
  const width = 320;
  return {
    top: at.bottom - box.top + 4,
    left: Math.max(0, Math.min(at.left - box.left, box.width - width)),
  };
}

/** The records of a dataset as events on a month, a week or a day, following every filter. */
export default function CalendarTab({ dataset }: { readonly dataset: Dataset }) {
  const t = useCalendarT();
  const client = useExploreClient();
  const datasetId = dataset.dataset_id;
  const fields = dataset.fields ?? NO_FIELDS;
  const fieldNames = useMemo(() => new Set(fields.map((f) => f.name)), [fields]);
  const { state, setFilters } = useDatasetSearch(datasetId, 'calendar', fieldNames);
  const { search } = useLocation();
  const { navigate } = useNavigate();
  const viewPath = useViewPath();
  const place = useMemo(() => parseCalendar(search), [search]);
  const setPlace = useCallback(
    (next: CalendarState, replace = false) =>
      navigate(viewPath(datasetId, 'calendar', writeCalendar(search, next)), { replace }),
    [navigate, viewPath, datasetId, search],
  );
  const calendar = useMemo(() => calendarFields(fields, place.choice), [fields, place.choice]);

  const timeZone = datasetTimeZone(dataset);
  const cellFormat = useMemo<CellFormat>(() => ({ timeZone }), [timeZone]);
  const filters = useMemo(() => datasetFilterParams(state, timeZone), [state, timeZone]);
  const firstDay = firstDayOfWeek(appLocale());
  const data = useCalendarData(client, datasetId, filters, calendar, place.view, place.date, firstDay);
  const byDay = useMemo(
    () => (data.range ? eventsByDay(data.events, data.range) : new Map<string, CalendarEvent[]>()),
    [data.events, data.range],
  );

  const labels = useMemo(() => datasetFacetLabeler(fields), [fields]);
  const chips = useMemo(() => filterChips(state, labels), [state, labels]);
  const facetSource = useMemo(
    () => datasetFacetSource(client, datasetId, datasetFilters(state)),
    [client, datasetId, state],
  );
  const facets = useQuery(datasetFacetsQuery(client, datasetId, datasetFacetsParams(state, timeZone)));
  const removals = useDatasetChipRemovals(client, datasetId, state, chips);
  const removeChip = (chip: FilterChip) => setFilters(withoutChip(state, chip));

  const stage = useRef<HTMLDivElement>(null);
  const [open, setOpen] = useState<OpenEvent>();
  const closeEvent = () => {
    open?.from.focus();
    setOpen(undefined);
  };

  if (!calendar) {
    return (
      <main className="content" id="main">
        <p>{t('noCalendar')}</p>
      </main>
    );
  }

  const day = data.day;
  const goTo = (next: Partial<CalendarState>, replace = false) => {
    setOpen(undefined);
    setPlace({ ...place, ...(day ? { date: day } : {}), ...next }, replace);
  };
  const view = place.view;
  const period = day && data.range ? periodLabel(view, day, data.range) : '';
  const icsUrl = client.urls.recordsExport(datasetId, 'ical', icalExportParams(filters, calendar));
  const capped = view !== 'day' && data.more && !data.loading;

  return (
    <RecordsLayout
      facets={facets}
      viewError={data.error}
      source={facetSource}
      labels={labels}
      filters={state}
      onFilters={setFilters}
      className="calendar-tab"
    >
      <FilterChips
        chips={chips}
        onRemove={removeChip}
        onClearAll={() => setFilters(NO_FILTERS)}
        removals={removals}
      />
      <div className="calendar-toolbar">
        <div className="calendar-nav">
          <button
            type="button"
            className="button"
            aria-label={t(`previous.${view}`)}
            title={t(`previous.${view}`)}
            disabled={!day}
            onClick={() => day && goTo({ date: stepDay(view, day, -1) })}
          >
            ‹
          </button>
          <button type="button" className="button" onClick={() => goTo({ date: localToday() })}>
            {t('today')}
          </button>
          <button
            type="button"
            className="button"
            aria-label={t(`next.${view}`)}
            title={t(`next.${view}`)}
            disabled={!day}
            onClick={() => day && goTo({ date: stepDay(view, day, 1) })}
          >
            ›
          </button>
          <h2 className="calendar-period" aria-live="polite">
            {period}
          </h2>
        </div>
        <fieldset className="calendar-views">
          <legend className="visually-hidden">{t('viewChoice')}</legend>
          {CALENDAR_VIEWS.map((v: CalendarView) => (
            <button
              key={v}
              type="button"
              className={v === view ? 'button is-active' : 'button'}
              aria-pressed={v === view}
              onClick={() => goTo({ view: v })}
            >
              {t(`views.${v}`)}
            </button>
          ))}
        </fieldset>
      </div>
      <div className="calendar-toolbar calendar-toolbar-secondary">
        <p className="result-count" aria-live="polite">
          {data.total !== undefined ? t('events', { count: data.total }) : t('loading')}
        </p>
        <CalendarFieldsForm
          fields={fields}
          calendar={calendar}
          choice={place.choice}
          onChoice={(choice) => goTo({ choice }, true)}
        />
        <IcsDownload url={icsUrl} fallbackName={`${datasetId}.ics`} getFile={client.getFile} />
      </div>
      {capped && (
        <p className="notice" role="note">
          {t('capped', { count: data.events.length })}
        </p>
      )}
      {data.error !== undefined && (
        <ErrorPanel compact title={t('failed')} error={data.error} onRetry={data.retry} />
      )}
      <p id="calendar-keys" className="visually-hidden">
        {t('keys')}
      </p>
      <div className="calendar-stage" ref={stage}>
        {day && data.range ? (
          <CalendarGrid
            view={view}
            range={data.range}
            day={day}
            byDay={byDay}
            counts={data.counts}
            period={period}
            busy={data.loading}
            untitled={t('untitled')}
            onFocusDay={(next) => goTo({ date: next }, true)}
            onOpenDay={(next) => goTo({ view: 'day', date: next })}
            onOpenEvent={(event, from) =>
              setOpen({ event, from, position: popoverPosition(stage.current, from) })
            }
          />
        ) : (
          <div className="calendar-placeholder" aria-busy="true">
            {t('loading')}
          </div>
        )}
        {open && (
          <EventPopover
            key={open.event.key}
            event={open.event}
            calendar={calendar}
            fields={fields}
            format={cellFormat}
            datasetId={datasetId}
            search={search}
            position={open.position}
            onClose={closeEvent}
          />
        )}
      </div>
      {view === 'day' && data.more && (
        <p className="calendar-show-more">
          <button type="button" className="button" onClick={data.loadMore} disabled={data.loading}>
            {t('showMore')}
          </button>
        </p>
      )}
    </RecordsLayout>
  );
}
