import type { Dataset } from '../../api';
import { localValue } from './local-list';

/*
 * What a dataset looked like at the reader's last visit of its page, so that the next visit (and the
 * catalog's card) can say it changed since: its modification and processing dates and its number of
 * records, as the portal's metadata gives them.
 */

export interface DatasetMark {
  readonly modified: string | null;
  readonly data_processed: string | null;
  readonly metadata_processed: string | null;
  readonly records_count: number | null;
}

type Visits = Readonly<Record<string, DatasetMark>>;

const MAX_VISITS = 500;

function isMark(value: unknown): value is DatasetMark {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  const text = (x: unknown) => x === null || typeof x === 'string';
  return (
    text(v.modified) &&
    text(v.data_processed) &&
    text(v.metadata_processed) &&
    (v.records_count === null || typeof v.records_count === 'number')
  );
}

const visits = localValue<Visits>('explorer.visits.v1', {}, (raw) =>
  typeof raw === 'object' && raw !== null && !Array.isArray(raw)
    ? Object.fromEntries(Object.entries(raw).filter(([, mark]) => isMark(mark)))
    : undefined,
);

const keyOf = (portal: string, datasetId: string): string => `${portal}|${datasetId}`;

/** The dataset's mark from its metadata. */
export function markOf(dataset: Dataset): DatasetMark {
  const metas = dataset.metas?.default;
  const text = (value: unknown) => (typeof value === 'string' ? value : null);
  return {
    modified: text(metas?.modified),
    data_processed: text(metas?.data_processed),
    metadata_processed: text(metas?.metadata_processed),
    records_count: typeof metas?.records_count === 'number' ? metas.records_count : null,
  };
}

/** What changed between two marks: the names of the fields that differ. */
export function changesBetween(before: DatasetMark, now: DatasetMark): (keyof DatasetMark)[] {
  return (Object.keys(now) as (keyof DatasetMark)[]).filter((k) => before[k] !== now[k]);
}

/** The dataset's mark at the last visit, if the reader visited it in this browser. */
export function lastVisit(portal: string, datasetId: string): DatasetMark | undefined {
  return visits.read()[keyOf(portal, datasetId)];
}

/** Remembers this visit's mark (the oldest visits are forgotten past a few hundred datasets). */
export function recordVisit(portal: string, datasetId: string, mark: DatasetMark): void {
  const key = keyOf(portal, datasetId);
  const others = Object.entries(visits.read()).filter(([k]) => k !== key);
  visits.write(Object.fromEntries([...others.slice(-(MAX_VISITS - 1)), [key, mark]]));
}

export const subscribeToVisits = visits.subscribe;
export const readVisits = visits.read;
