import type { DatasetField } from '../../api';
import { analyzeAxis } from '../routes/dataset-tabs';

/*
 * The chart of the Analyze tab, all of it in the address under `chart.` keys, so a link or Back
 * restores it and the table's own parameters (`sort`, `columns`…) never collide with it:
 *   chart.x=date&chart.precision=month                       the x axis: a field, a date precision…
 *   chart.width=5                                            …or the width of a numeric range
 *   chart.series=avg,temp_max,line,left,4c78a8               aggregation, field, type, axis, colour
 *   chart.series=count,,column,left,f58518,weather,stack     …broken down by a field, stacked or side by side
 *   chart.sort=x | -x | y | -y      chart.max=50
 * Every value is checked against the dataset's fields and replaced by a default when it makes no sense.
 */

export const AGGREGATIONS = ['count', 'sum', 'avg', 'min', 'max', 'median', 'percentile', 'stddev'] as const;
export type Aggregation = (typeof AGGREGATIONS)[number];
export const CHART_TYPES = ['line', 'area', 'column', 'bar', 'pie', 'scatter'] as const;
export type ChartType = (typeof CHART_TYPES)[number];
export const PRECISIONS = ['year', 'month', 'day', 'hour'] as const;
export type Precision = (typeof PRECISIONS)[number];
export const SORTS = ['x', '-x', 'y', '-y'] as const;
export type ChartSort = (typeof SORTS)[number];
export type Axis = 'left' | 'right';
export type Layout = 'stack' | 'group';

export interface Series {
  readonly aggregation: Aggregation;
  /** The aggregated field; empty for a count of records. */
  readonly field: string;
  /** The percent of a `percentile` (0 to 100). */
  readonly percent: number;
  readonly type: ChartType;
  readonly axis: Axis;
  /** A colour as six hexadecimal digits, without `#`. */
  readonly color: string;
  /** A field whose values split the series, each value its own line, area or bar. */
  readonly by?: string;
  readonly layout: Layout;
}

export interface ChartState {
  readonly x: string;
  readonly precision: Precision;
  /** Width of the numeric ranges of a numeric x axis; absent when each value is its own point. */
  readonly width?: number;
  readonly series: readonly Series[];
  readonly sort: ChartSort;
  readonly max: number;
}

export const MAX_POINTS = 2000;
export const DEFAULT_MAX = 200;
/** Colour-blind-safe colours (Okabe and Ito) for series added one after the other. */
export const PALETTE = ['0072b2', 'e69f00', '009e73', 'cc79a7', '56b4e9', 'd55e00', 'f0e442', '000000'];

const NUMERIC = new Set(['int', 'double']);
const TEMPORAL = new Set(['date', 'datetime']);
const GROUPABLE = new Set(['text', 'int', 'double', 'date', 'datetime', 'boolean']);

export const isNumeric = (field: DatasetField | undefined): boolean => !!field && NUMERIC.has(field.type);
export const isTemporal = (field: DatasetField | undefined): boolean => !!field && TEMPORAL.has(field.type);
/** Fields a chart can group by: not geometries, files or JSON. */
export const groupableFields = (fields: readonly DatasetField[]) =>
  fields.filter((f) => GROUPABLE.has(f.type));
/** Fields an aggregation other than count applies to: numbers (min and max take dates too, but a chart needs numbers). */
export const numericFields = (fields: readonly DatasetField[]) => fields.filter(isNumeric);

function pick<T extends string>(values: readonly T[], raw: string | null | undefined, fallback: T): T {
  return values.find((v) => v === raw) ?? fallback;
}

export function newSeries(index: number): Series {
  return {
    aggregation: 'count',
    field: '',
    percent: 90,
    type: 'column',
    axis: 'left',
    color: PALETTE[index % PALETTE.length]!,
    layout: 'stack',
  };
}

/**
 * The chart shown when the address names none: a count by the dataset's first date, facet or number
 * (analyzeAxis), never by a key, whose bars would all be 1.
 */
export function defaultChart(fields: readonly DatasetField[]): ChartState {
  const axis = analyzeAxis(fields);
  // Reached by its address only (the tab is not offered): a field that is not a key, if any.
  const x =
    axis?.field ??
    groupableFields(fields).find((f) => f.annotations?.id !== true) ??
    groupableFields(fields)[0] ??
    fields[0];
  const ranges = axis ? axis.kind === 'number' : isNumeric(x);
  return {
    x: x?.name ?? '',
    precision: 'month',
    ...(ranges ? { width: 10 } : {}),
    series: [newSeries(0)],
    sort: isTemporal(x) || ranges ? 'x' : '-y',
    max: DEFAULT_MAX,
  };
}

function readSeries(
  raw: string,
  fields: ReadonlyMap<string, DatasetField>,
  index: number,
): Series | undefined {
  const [agg = '', field = '', type, axis, color, by, layout] = raw.split(',').map((p) => p.trim());
  const percentile = /^p(\d{1,2}(?:\.\d+)?|100)$/.exec(agg);
  const aggregation: Aggregation | undefined = percentile
    ? 'percentile'
    : AGGREGATIONS.find((a) => a === agg && a !== 'percentile');
  if (!aggregation) return undefined;
  const numeric = isNumeric(fields.get(field));
  if (aggregation !== 'count' && !numeric) return undefined;
  const byField = by && by !== field && GROUPABLE.has(fields.get(by)?.type ?? '') ? by : undefined;
  return {
    aggregation,
    field: aggregation === 'count' && !numeric ? '' : field,
    percent: percentile ? Number(percentile[1]) : 90,
    type: pick(CHART_TYPES, type, 'column'),
    axis: axis === 'right' ? 'right' : 'left',
    color: color && /^[0-9a-f]{6}$/i.test(color) ? color.toLowerCase() : PALETTE[index % PALETTE.length]!,
    ...(byField ? { by: byField } : {}),
    layout: layout === 'group' ? 'group' : 'stack',
  };
}

/** The chart named by the address, checked against the dataset's fields. */
export function parseChart(search: URLSearchParams, fields: readonly DatasetField[]): ChartState {
  const fallback = defaultChart(fields);
  const byName = new Map(fields.map((f) => [f.name, f]));
  const xName = search.get('chart.x');
  const xField =
    xName !== null && GROUPABLE.has(byName.get(xName)?.type ?? '') ? byName.get(xName) : undefined;
  const x = xField ?? byName.get(fallback.x);
  const widthText = search.get('chart.width');
  const named = widthText !== null && /^\d+(\.\d+)?$/.test(widthText) ? Number(widthText) : undefined;
  // The default axis keeps its ranges; an axis the address names is ranged only when it says so.
  const width = named ?? (xField ? undefined : fallback.width);
  const series = search
    .getAll('chart.series')
    .map((raw, i) => readSeries(raw, byName, i))
    .filter((s): s is Series => s !== undefined);
  const maxText = search.get('chart.max');
  const max = maxText !== null && /^\d+$/.test(maxText) ? Number(maxText) : fallback.max;
  return {
    x: x?.name ?? '',
    precision: pick(PRECISIONS, search.get('chart.precision'), 'month'),
    ...(isNumeric(x) && width !== undefined && width > 0 ? { width } : {}),
    series: series.length > 0 ? series : fallback.series,
    sort: pick(SORTS, search.get('chart.sort'), xField ? 'x' : fallback.sort),
    max: Math.min(Math.max(max, 1), MAX_POINTS),
  };
}

function formatSeries(s: Series): string {
  const agg = s.aggregation === 'percentile' ? `p${s.percent}` : s.aggregation;
  const parts = [agg, s.field, s.type, s.axis, s.color];
  if (s.by) parts.push(s.by, s.layout);
  return parts.join(',');
}

/** Writes the chart into an address, replacing any chart already there and keeping every other parameter. */
export function writeChart(search: URLSearchParams, chart: ChartState): URLSearchParams {
  const next = new URLSearchParams([...search].filter(([key]) => !key.startsWith('chart.')));
  next.set('chart.x', chart.x);
  if (chart.width !== undefined) next.set('chart.width', String(chart.width));
  else next.set('chart.precision', chart.precision);
  for (const s of chart.series) next.append('chart.series', formatSeries(s));
  next.set('chart.sort', chart.sort);
  next.set('chart.max', String(chart.max));
  return next;
}

/** The chart parameters of an address, kept apart so that a view which rewrites its own keeps them. */
export function chartParams(search: URLSearchParams): [string, string][] {
  return [...search].filter(([key]) => key.startsWith('chart.'));
}
