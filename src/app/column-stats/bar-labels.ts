import type { DatasetField, DatasetRecord } from '../../api';
import { type CellFormat, formatFieldNumber, isKnownTimeZone } from '../format/cells';
import { formatPeriodStart } from '../format/periods';
import type { HistogramBar } from './StatsHistogram';
import { type DateBarUnit, parseRangeKey } from './stats-queries';

/** How a bar is said: a range of numbers, or one period (a year, a month…), with its count. */
export interface BarWords {
  readonly range: (from: string, to: string, count: number) => string;
  readonly period: (period: string, count: number) => string;
}

/**
 * The bars of a histogram answer (`r` the range key, `n` its count), their bounds written as the table
 * writes the field's values: numbers in the reader's language, a date bar as the period it covers
 * ("Jan 2001"), a date-time's on the dataset's clock.
 */
export function histogramBars(
  results: readonly DatasetRecord[],
  field: DatasetField,
  unit: DateBarUnit | undefined,
  format: CellFormat,
  words: BarWords,
): HistogramBar[] {
  const zone = field.type === 'datetime' && isKnownTimeZone(format.timeZone) ? format.timeZone : 'UTC';
  return results.flatMap((r) => {
    const range = parseRangeKey(r.r);
    if (!range || typeof r.n !== 'number') return [];
    if (unit) {
      const period = formatPeriodStart(range.from, unit, zone, format.locale);
      return [{ ...range, n: r.n, name: words.period(period, r.n), short: period, end: period }];
    }
    const from = formatFieldNumber(Number(range.from), field, format);
    const to = formatFieldNumber(Number(range.to), field, format);
    return [{ ...range, n: r.n, name: words.range(from, to, r.n), short: from, end: to }];
  });
}
