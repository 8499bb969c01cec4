import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import type { DatasetFacetsParams, ExploreClient } from '../../api';
import { recordsQuery } from '../queries/options';
import { RECORDS_PAGE_SIZE } from '../routes/dataset-search';
import { recordPagesQuery } from '../table/queries';
import { type CalendarEvent, toEvents } from './calendar-events';
import { monthCounts, monthCountsParams, openingDay } from './calendar-opening';
import { type Calendar, dayCounts, dayCountsParams, EVENT_CAP, eventsParams } from './calendar-queries';
import { type CalendarView, type VisibleRange, visibleRange, type Weekday } from './calendar-range';

/** Today on the visitor's own calendar. */
export function localToday(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

export interface CalendarData {
  /** The day shown: the address's, else where the selection's records are; undefined while it is asked. */
  readonly day: string | undefined;
  readonly range: VisibleRange | undefined;
  readonly events: readonly CalendarEvent[];
  /** Records starting on each day of the range. */
  readonly counts: ReadonlyMap<string, number>;
  /** Records of the range (starting or lasting in it). */
  readonly total: number | undefined;
  readonly loading: boolean;
  readonly error: unknown;
  /** More records in the range than loaded. */
  readonly more: boolean;
  readonly loadMore: () => void;
  readonly retry: () => void;
}

/**
 * The events of the range a view shows and the counts of its days, for the filters of the moment. The
 * month and week views load up to 500 events (5 pages) at once; the day view a page, then a page more
 * each time it is asked.
 */
export function useCalendarData(
  client: ExploreClient,
  datasetId: string,
  filters: DatasetFacetsParams,
  calendar: Calendar | undefined,
  view: CalendarView,
  date: string | undefined,
  firstDay: Weekday,
): CalendarData {
  const today = localToday();
  // One group_by of the selection by month: where its records are (calendar-opening.ts).
  const months = useQuery({
    ...recordsQuery(client, datasetId, calendar ? monthCountsParams(filters, calendar) : {}),
    enabled: calendar !== undefined && date === undefined,
  });
  const opening = useMemo(
    () => (months.data ? openingDay(monthCounts(months.data.results), today) : undefined),
    [months.data, today],
  );
  // The question failed: today.
  const day = date ?? opening ?? (months.isError ? today : undefined);

  const range = useMemo(
    () => (day === undefined ? undefined : visibleRange(view, day, firstDay)),
    [view, day, firstDay],
  );
  const bounds = range ? { from: range.from, to: range.to } : { from: today, to: today };
  const countParams = calendar ? dayCountsParams(filters, calendar, bounds) : {};
  const counts = useQuery({
    ...recordsQuery(client, datasetId, countParams),
    enabled: !!calendar && !!range,
  });
  const pageParams = calendar ? eventsParams(filters, calendar, bounds) : {};
  const pages = useInfiniteQuery({
    ...recordPagesQuery(client, datasetId, pageParams),
    enabled: !!calendar && !!range,
  });

  // How many events to hold: asked again for each range and filter (the key of its request).
  const requestKey = JSON.stringify(pageParams);
  const [extra, setExtra] = useState({ key: '', pages: 0 });
  const wanted =
    (view === 'day' ? RECORDS_PAGE_SIZE : EVENT_CAP) +
    (extra.key === requestKey ? extra.pages * RECORDS_PAGE_SIZE : 0);
  const records = useMemo(
    () => (pages.isPlaceholderData ? [] : (pages.data?.pages ?? []).flatMap((p) => p.response.results)),
    [pages.data, pages.isPlaceholderData],
  );
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isPlaceholderData } = pages;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage && !isPlaceholderData && records.length < wanted) {
      void fetchNextPage();
    }
  }, [hasNextPage, isFetchingNextPage, isPlaceholderData, records.length, wanted, fetchNextPage]);

  const events = useMemo(() => (calendar ? toEvents(records, calendar) : []), [records, calendar]);
  const total = pages.isPlaceholderData ? undefined : pages.data?.pages[0]?.response.total_count;
  return {
    day,
    range,
    events,
    counts: useMemo(() => dayCounts(counts.data?.results), [counts.data]),
    total,
    loading:
      day === undefined ||
      pages.isPending ||
      pages.isPlaceholderData ||
      (hasNextPage && records.length < wanted),
    error: pages.error ?? counts.error ?? undefined,
    more: hasNextPage === true,
    loadMore: () => setExtra({ key: requestKey, pages: (extra.key === requestKey ? extra.pages : 0) + 1 }),
    retry: () => {
      void pages.refetch();
      void counts.refetch();
    },
  };
}
