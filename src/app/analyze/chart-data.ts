import type { DatasetRecord } from '../../api';
import { numberBinKeys } from '../queries/range-bins';
import type { ChartState, Series } from './chart-state';

/*
 * The answers of the series' records calls, put side by side: one row per x value, one column per
 * series (or per value of its breakdown field). The chart, its table, and its CSV all read this.
 */

/** Breakdown values beyond these many (the largest totals) are left out, so a legend stays readable. */
export const MAX_BREAKDOWN_VALUES = 12;

export interface ChartColumn {
  readonly series: number;
  /** The breakdown value this column holds, when its series is broken down. */
  readonly breakdown?: string;
  readonly values: readonly (number | null)[];
}

export interface ChartData {
  readonly xs: readonly string[];
  readonly columns: readonly ChartColumn[];
  /** Breakdown values left out (beyond MAX_BREAKDOWN_VALUES), per series. */
  readonly omitted: number;
}

/** An x value or a breakdown value as text (a null group is an empty string). */
function key(value: unknown): string {
  if (value === null || value === undefined) return '';
  return typeof value === 'string' ? value : String(value);
}

function toNumber(value: unknown): number | null {
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
}

/** A sample standard deviation from the mean, the mean of squares and the count the server gave. */
export function standardDeviation(mean: unknown, meanOfSquares: unknown, count: unknown): number | null {
  const m = toNumber(mean);
  const m2 = toNumber(meanOfSquares);
  const n = toNumber(count);
  if (m === null || m2 === null || n === null || n < 2) return null;
  return Math.sqrt(Math.max(0, m2 - m * m) * (n / (n - 1)));
}

export function rowValue(series: Series, row: DatasetRecord): number | null {
  return series.aggregation === 'stddev' ? standardDeviation(row.y, row.y2, row.n) : toNumber(row.y);
}

/** The lower bound of a numeric range key (`[10.0, 15.0[`), so ranges sort as numbers. */
function rangeStart(x: string): number | undefined {
  const match = /^\[(-?[\d.e+-]+|\*),/.exec(x);
  if (!match) return undefined;
  return match[1] === '*' ? Number.NEGATIVE_INFINITY : Number(match[1]);
}

export function compareX(a: string, b: string): number {
  const ra = rangeStart(a);
  const rb = rangeStart(b);
  if (ra !== undefined && rb !== undefined) return ra - rb;
  const na = Number(a);
  const nb = Number(b);
  if (a !== '' && b !== '' && Number.isFinite(na) && Number.isFinite(nb)) return na - nb;
  // Text as the API sorts group keys: case and accents folded, then the text itself.
  const fa = readingKey(a);
  const fb = readingKey(b);
  if (fa !== fb) return fa < fb ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

function readingKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase();
}

interface SeriesAnswer {
  readonly rows: ReadonlyMap<string, ReadonlyMap<string, number | null>>;
  readonly breakdowns: readonly string[];
}

function collect(series: Series, results: readonly DatasetRecord[]): SeriesAnswer {
  const rows = new Map<string, Map<string, number | null>>();
  const totals = new Map<string, number>();
  for (const row of results) {
    const x = key(row.x);
    const b = series.by ? key(row.b) : '';
    const value = rowValue(series, row);
    const cells = rows.get(x) ?? new Map<string, number | null>();
    rows.set(x, cells);
    cells.set(b, value);
    totals.set(b, (totals.get(b) ?? 0) + Math.abs(value ?? 0));
  }
  const breakdowns = [...totals.entries()]
    .sort((a, b) => b[1] - a[1] || compareX(a[0], b[0]))
    .map(([b]) => b);
  return { rows, breakdowns };
}

/**
 * A histogram's x values with its empty bins (which the API leaves out), so that its bars are evenly
 * spaced: only for ranges of a width ordered by x, at most the chart's maximum of points, from the end
 * the order starts with. The null group, if any, stays last.
 */
function withEmptyBins(chart: ChartState, xs: readonly string[]): string[] {
  if (chart.width === undefined || (chart.sort !== 'x' && chart.sort !== '-x')) return [...xs];
  const descending = chart.sort === '-x';
  const bins = numberBinKeys(xs, chart.width, chart.max, descending ? 'high' : 'low');
  if (bins.length === 0) return [...xs];
  const others = xs.filter((x) => !bins.includes(x) && !/^\[/.test(x));
  return [...(descending ? bins.reverse() : bins), ...others].slice(0, chart.max);
}

/** Puts the answers of every series (in the chart's order) into one table. */
export function chartData(chart: ChartState, answers: readonly (readonly DatasetRecord[])[]): ChartData {
  const collected = chart.series.map((s, i) => collect(s, answers[i] ?? []));
  const first = collected[0];
  let xs: string[] = first ? [...first.rows.keys()] : [];
  const firstSeries = chart.series[0];
  const byValue = chart.sort === 'y' || chart.sort === '-y';
  const total = (x: string) =>
    [...(first?.rows.get(x)?.values() ?? [])].reduce<number>((sum, v) => sum + (v ?? 0), 0);
  // The server already ordered and limited a plain first series; a broken-down or computed one is done here.
  if (firstSeries && (firstSeries.by || firstSeries.aggregation === 'stddev' || !byValue)) {
    xs.sort(byValue ? (a, b) => total(a) - total(b) : compareX);
    if (chart.sort === '-x' || chart.sort === '-y') xs.reverse();
    xs = xs.slice(0, chart.max);
  }
  const answered = new Set(xs);
  xs = withEmptyBins(chart, xs);
  let omitted = 0;
  const columns: ChartColumn[] = [];
  chart.series.forEach((series, index) => {
    const answer = collected[index]!;
    const kept = series.by ? answer.breakdowns.slice(0, MAX_BREAKDOWN_VALUES) : [''];
    omitted += answer.breakdowns.length - Math.min(answer.breakdowns.length, kept.length);
    for (const b of kept) {
      columns.push({
        series: index,
        ...(series.by ? { breakdown: b } : {}),
        // A bin no record fell in counts 0 records; any other figure of it has no value.
        values: xs.map(
          (x) =>
            answer.rows.get(x)?.get(b) ?? (series.aggregation === 'count' && !answered.has(x) ? 0 : null),
        ),
      });
    }
  });
  return { xs, columns, omitted: chart.series.some((s) => s.by) ? omitted : 0 };
}
