import { type DatasetField, quoteField, type RecordsParams } from '../../api';
import { type ChartState, isNumeric, isTemporal, type Precision, type Series } from './chart-state';

/*
 * Every series is one ordinary `records` call with `group_by`: the x axis (and the breakdown field) as
 * the groups, the aggregation as the selected value. Nothing is computed here that the API could not
 * answer, so a visitor can copy any of these calls from the API tab.
 */

/** The most groups one records call returns (`limit` ≤ 20,000 with a group_by). */
export const GROUPS_LIMIT = 20_000;

const DATE_PATTERNS: Readonly<Record<Precision, string>> = {
  year: 'yyyy',
  month: 'yyyy-MM',
  day: 'yyyy-MM-dd',
  hour: 'yyyy-MM-dd HH',
};

/** The x axis as an ODSQL group expression. */
export function xExpression(chart: ChartState, fields: readonly DatasetField[]): string {
  const field = fields.find((f) => f.name === chart.x);
  const name = quoteField(chart.x);
  if (isTemporal(field)) return `date_format(${name}, '${DATE_PATTERNS[chart.precision]}')`;
  if (isNumeric(field) && chart.width !== undefined) return `range(${name}, ${chart.width})`;
  return name;
}

/** The aggregation as ODSQL: a standard deviation is read as its parts (mean, mean of squares, count). */
export function aggregateSelect(series: Series): string {
  const f = series.field ? quoteField(series.field) : '';
  switch (series.aggregation) {
    case 'count':
      return `count(${f || '*'}) AS y`;
    case 'percentile':
      return `percentile(${f}, ${series.percent}) AS y`;
    case 'stddev':
      return `avg(${f}) AS y, avg(${f} * ${f}) AS y2, count(${f}) AS n`;
    default:
      return `${series.aggregation}(${f}) AS y`;
  }
}

/**
 * The records call of one series. The first series decides which x values are shown (its order and its
 * maximum); the others are asked for every group and matched to those x values.
 */
export function seriesParams(
  chart: ChartState,
  index: number,
  fields: readonly DatasetField[],
  filters: RecordsParams,
): RecordsParams {
  const series = chart.series[index]!;
  const first = index === 0;
  const byValue = chart.sort === 'y' || chart.sort === '-y';
  // A standard deviation cannot be ordered by the server (it is computed here): its groups come by x.
  const serverOrderByValue = first && byValue && !series.by && series.aggregation !== 'stddev';
  const limited = first && !series.by && (serverOrderByValue || !byValue);
  return {
    ...filters,
    select: aggregateSelect(series),
    group_by: `${xExpression(chart, fields)} AS x${series.by ? `, ${quoteField(series.by)} AS b` : ''}`,
    order_by: serverOrderByValue
      ? `y ${chart.sort === '-y' ? 'desc' : 'asc'}`
      : `x ${chart.sort === '-x' ? 'desc' : 'asc'}`,
    limit: limited ? chart.max : GROUPS_LIMIT,
  };
}

export function chartParamsList(
  chart: ChartState,
  fields: readonly DatasetField[],
  filters: RecordsParams,
): RecordsParams[] {
  return chart.series.map((_, i) => seriesParams(chart, i, fields, filters));
}
