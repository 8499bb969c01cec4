import { type DatasetField, quoteField } from '../../api';

/*
 * A range of a number, date or date-time field: `range=<field>:<from>..<to>` in the address (either
 * bound may be empty), `field >= from AND field <= to` in the query (a date's upper bound takes its
 * whole day). The histogram under the slider comes from the API's own `group_by=range(field, width)`.
 */

export type RangeKind = 'number' | 'date';

export interface RangeFilter {
  readonly field: string;
  /** A number, or a calendar day `YYYY-MM-DD`. */
  readonly from?: string | undefined;
  readonly to?: string | undefined;
}

const NUMBER = /^-?\d+(\.\d+)?$/;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

export function rangeKind(field: Pick<DatasetField, 'type'>): RangeKind | undefined {
  if (field.type === 'int' || field.type === 'double' || field.type === 'decimal') return 'number';
  if (field.type === 'date' || field.type === 'datetime') return 'date';
  return undefined;
}

function validBound(text: string): boolean {
  return NUMBER.test(text) || DAY.test(text);
}

export function parseRange(text: string): RangeFilter | undefined {
  const colon = text.lastIndexOf(':');
  if (colon <= 0) return undefined;
  const [from = '', to = '', ...rest] = text.slice(colon + 1).split('..');
  if (rest.length > 0 || (from === '' && to === '')) return undefined;
  if ((from !== '' && !validBound(from)) || (to !== '' && !validBound(to))) return undefined;
  return {
    field: text.slice(0, colon),
    ...(from !== '' ? { from } : {}),
    ...(to !== '' ? { to } : {}),
  };
}

export function formatRange(range: RangeFilter): string {
  return `${range.field}:${range.from ?? ''}..${range.to ?? ''}`;
}

/** The day after a `YYYY-MM-DD` day. */
export function nextDay(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + 1);
  return date.toISOString().slice(0, 10);
}

function literal(bound: string): string {
  return DAY.test(bound) ? `date'${bound}'` : bound;
}

/** The range as an ODSQL condition; a day's upper bound includes the whole day. */
export function rangeClause(range: RangeFilter): string {
  const field = quoteField(range.field);
  const parts: string[] = [];
  if (range.from !== undefined) parts.push(`${field} >= ${literal(range.from)}`);
  if (range.to !== undefined) {
    parts.push(DAY.test(range.to) ? `${field} < ${literal(nextDay(range.to))}` : `${field} <= ${range.to}`);
  }
  return parts.join(' AND ');
}

/** A bar of the histogram: where it starts, where the next starts, and its records. */
export interface Bucket {
  readonly from: number;
  readonly to: number;
  readonly count: number;
}

/** A round step giving about `bars` bars between `lo` and `hi`: 1, 2 or 5 times a power of ten. */
export function niceStep(lo: number, hi: number, bars: number, integer: boolean): number {
  const raw = Math.max((hi - lo) / bars, Number.EPSILON);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((m) => m * power).find((s) => s >= raw) ?? raw;
  return integer ? Math.max(1, Math.ceil(step)) : step;
}

const DAY_MS = 86_400_000;

/** A calendar unit of the API's date histograms for a span, and its length in days (roughly). */
export function dateUnit(loMs: number, hiMs: number): { readonly unit: string; readonly days: number } {
  const days = (hiMs - loMs) / DAY_MS;
  if (days > 8 * 365) return { unit: '1 year', days: 365 };
  if (days > 60) return { unit: '1 month', days: 30 };
  return { unit: '1 day', days: 1 };
}

/** The lower bound written first in a bucket key: `[1900, 1909]`, `[2012-01-01T00:00:00.000Z, …[`. */
export function bucketStart(key: unknown, kind: RangeKind): number | undefined {
  if (typeof key === 'number') return key;
  if (typeof key !== 'string') return undefined;
  const first = /^[[\]]?\s*([^,\]]+)/.exec(key)?.[1]?.trim();
  if (first === undefined || first === '*') return undefined;
  const value = kind === 'date' ? Date.parse(first) : Number(first);
  return Number.isFinite(value) ? value : undefined;
}

/** Epoch milliseconds of a day or date-time, for the slider's scale. */
export function dayToMs(day: string): number {
  return Date.parse(DAY.test(day) ? `${day}T00:00:00Z` : day);
}

export function msToDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10);
}

/** The slider's scale: the field's lowest and highest values, as numbers (dates in epoch milliseconds). */
export interface Extent {
  readonly lo: number;
  readonly hi: number;
}

/**
 * The extent of an answer's `lo` and `hi`, read as the field's kind; undefined unless both are finite
 * numbers, so that nothing is asked with a bound that is not one (a date read as a number is NaN).
 */
export function readExtent(kind: RangeKind, lo: unknown, hi: unknown): Extent | undefined {
  if (lo === null || lo === undefined || hi === null || hi === undefined) return undefined;
  const read = (v: unknown): number =>
    kind === 'date'
      ? typeof v === 'string'
        ? dayToMs(v)
        : Number.NaN
      : typeof v === 'number'
        ? v
        : Number(v);
  const extent = { lo: read(lo), hi: read(hi) };
  return Number.isFinite(extent.lo) && Number.isFinite(extent.hi) ? extent : undefined;
}

/** The width of the histogram's bars over an extent: a calendar unit for dates, a round step for numbers. */
export function histogramWidth(
  kind: RangeKind,
  extent: Extent,
  bars: number,
  integer: boolean,
): { readonly unit: string; readonly days: number } {
  if (kind === 'date') return dateUnit(extent.lo, extent.hi);
  return { unit: String(niceStep(extent.lo, extent.hi, bars, integer)), days: 0 };
}
