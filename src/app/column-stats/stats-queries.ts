import {
  type DatasetField,
  type DatasetRecord,
  quoteField,
  quoteString,
  type RecordsParams,
} from '../../api';
import { dateBinKeys, numberBinKeys } from '../queries/range-bins';

/*
 * A column's statistics, each an ordinary records call with the table's filters: a summary
 * (aggregates without group_by: one row), then a histogram (`range()` groups) for numbers and dates,
 * or the most frequent values (groups by the field, largest counts first) for anything else.
 */

export type StatsKind = 'number' | 'date' | 'values';

export function statsKind(field: DatasetField): StatsKind {
  if (field.type === 'int' || field.type === 'double') return 'number';
  if (field.type === 'date' || field.type === 'datetime') return 'date';
  return 'values';
}

/** Fields whose values can be counted: not geometries, files or JSON. */
export function hasStats(field: DatasetField): boolean {
  return ['text', 'int', 'double', 'date', 'datetime', 'boolean'].includes(field.type);
}

export const TOP_VALUES = 10;
export const HISTOGRAM_BARS = 20;

export function summaryParams(field: DatasetField, filters: RecordsParams): RecordsParams {
  const f = quoteField(field.name);
  const kind = statsKind(field);
  const parts = [`count(${f}) AS filled`, 'count(*) AS total'];
  if (kind === 'number')
    parts.unshift(`min(${f}) AS min`, `max(${f}) AS max`, `avg(${f}) AS mean`, `median(${f}) AS median`);
  else if (kind === 'date') parts.unshift(`min(${f}) AS min`, `max(${f}) AS max`);
  else parts.unshift(`count(distinct ${f}) AS dv`);
  return { ...filters, select: parts.join(', '), limit: 1 };
}

/**
 * A round bar width (1, 2 or 5 times a power of ten) giving about `bars` bars between min and max. An
 * integer field's bars are whole numbers wide (at least 1), so each holds the same count of values.
 */
export function niceWidth(min: number, max: number, bars = HISTOGRAM_BARS, integer = false): number {
  const span = max - min;
  if (!(span > 0)) return 1;
  const raw = span / bars;
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].find((m) => m * power >= raw) ?? 10;
  return integer ? Math.max(1, Math.round(step * power)) : step * power;
}

const DAY = 86_400_000;

export type DateBarUnit = 'year' | 'month' | 'day' | 'hour';

/** A calendar unit giving a readable number of bars over a span of dates. */
export function dateUnit(min: string, max: string): DateBarUnit {
  const span = Date.parse(max) - Date.parse(min);
  if (!Number.isFinite(span)) return 'year';
  if (span > 3 * 365 * DAY) return 'year';
  if (span > 90 * DAY) return 'month';
  if (span > 3 * DAY) return 'day';
  return 'hour';
}

export function histogramParams(
  field: DatasetField,
  min: unknown,
  max: unknown,
  filters: RecordsParams,
): RecordsParams | undefined {
  const f = quoteField(field.name);
  let group: string;
  if (statsKind(field) === 'number') {
    if (typeof min !== 'number' || typeof max !== 'number') return undefined;
    group = `range(${f}, ${histogramWidth(field, min, max)})`;
  } else {
    if (typeof min !== 'string' || typeof max !== 'string') return undefined;
    group = `range(${f}, 1 ${dateUnit(min, max)})`;
  }
  return { ...filters, select: 'count(*) AS n', group_by: `${group} AS r`, order_by: 'r asc', limit: 500 };
}

/** The width of a number field's bars between its minimum and maximum. */
export function histogramWidth(field: DatasetField, min: number, max: number): number {
  return niceWidth(min, max, HISTOGRAM_BARS, field.type === 'int');
}

/**
 * Every bar of a histogram answer, in order, the empty ones (which the API leaves out) with a count of
 * 0, so that the bars are evenly spaced: a number field's from its minimum and maximum, a date field's
 * by calendar unit on the request's clock (`zone`).
 */
export function everyBar(
  results: readonly DatasetRecord[],
  field: DatasetField,
  min: unknown,
  max: unknown,
  zone: string,
): DatasetRecord[] {
  const counts = new Map<string, DatasetRecord>();
  for (const row of results) if (typeof row.r === 'string') counts.set(row.r, row);
  const answered = [...counts.keys()];
  let keys: string[];
  if (statsKind(field) === 'number') {
    if (typeof min !== 'number' || typeof max !== 'number') return [...results];
    keys = numberBinKeys(answered, histogramWidth(field, min, max));
  } else {
    if (typeof min !== 'string' || typeof max !== 'string') return [...results];
    keys = dateBinKeys(answered, dateUnit(min, max), zone);
  }
  return keys.map((r) => counts.get(r) ?? { r, n: 0 });
}

export function topValuesParams(field: DatasetField, filters: RecordsParams): RecordsParams {
  const f = quoteField(field.name);
  return {
    ...filters,
    select: 'count(*) AS n',
    group_by: `${f} AS v`,
    order_by: 'n desc',
    limit: TOP_VALUES + 1,
  };
}

/** A bar's range: its lower bound is in it; its upper bound too when `last` (an integer bar, `[0, 99]`). */
export interface BarRange {
  readonly from: string;
  readonly to: string;
  /** The upper bound is the bar's last value (closed), not the next bar's first (open). */
  readonly last?: boolean;
}

/**
 * The bounds of a range group key: `[10.0, 15.0[` or `[2012-01-01T00:00:00.000Z, 2013-01-01T…[`
 * (upper bound excluded), or an integer field's `[0, 99]` (both bounds included).
 */
export function parseRangeKey(key: unknown): BarRange | undefined {
  if (typeof key !== 'string') return undefined;
  const match = /^\[\s*([^,]+?)\s*,\s*([^[\]]+?)\s*([[\]])$/.exec(key);
  if (!match || match[1] === '*' || match[2] === '*') return undefined;
  return { from: match[1]!, to: match[2]!, ...(match[3] === ']' ? { last: true } : {}) };
}

/** The `where` of a bar: lower bound included, upper bound as the range groups have it. */
export function rangeWhere(field: DatasetField, range: BarRange): string {
  const f = quoteField(field.name);
  const value = (v: string) => (statsKind(field) === 'date' ? `date${quoteString(v)}` : String(Number(v)));
  return `${f} >= ${value(range.from)} AND ${f} ${range.last ? '<=' : '<'} ${value(range.to)}`;
}

/** The `where` of one value, for a field that is not a facet (a facet is refined instead). */
export function valueWhere(field: DatasetField, value: string): string {
  const f = quoteField(field.name);
  if (field.type === 'int' || field.type === 'double') return `${f} = ${Number(value)}`;
  if (field.type === 'boolean') return `${f} = ${value === 'true' ? 'true' : 'false'}`;
  return `${f} = ${quoteString(value)}`;
}

/** A condition added to the `where` already there (both must hold). */
export function andWhere(where: string | undefined, clause: string): string {
  return where && where.trim() !== '' ? `(${where}) AND ${clause}` : clause;
}
