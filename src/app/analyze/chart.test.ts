import { describe, expect, it } from 'vitest';
import type { DatasetField } from '../../api';
import { formatPeriodKey } from '../format/periods';
import { chartData, compareX, standardDeviation } from './chart-data';
import { chartOption } from './chart-option';
import { aggregateSelect, seriesParams, xExpression } from './chart-queries';
import { type ChartState, defaultChart, parseChart, writeChart } from './chart-state';
import { betterPrecision } from './default-precision';

const fields: DatasetField[] = [
  { name: 'date', label: 'Date', type: 'date' },
  { name: 'temp_max', label: 'Max', type: 'double' },
  { name: 'weather', label: 'Weather', type: 'text' },
  { name: 'shape', label: 'Shape', type: 'geo_shape' },
];

const twoSeries: ChartState = {
  x: 'date',
  precision: 'month',
  series: [
    {
      aggregation: 'avg',
      field: 'temp_max',
      percent: 90,
      type: 'line',
      axis: 'right',
      color: '0072b2',
      layout: 'stack',
    },
    {
      aggregation: 'count',
      field: '',
      percent: 90,
      type: 'column',
      axis: 'left',
      color: 'e69f00',
      by: 'weather',
      layout: 'stack',
    },
  ],
  sort: 'x',
  max: 200,
};

describe('the chart in the address', () => {
  it('round-trips through chart.* parameters and keeps the others', () => {
    const search = writeChart(new URLSearchParams('refine=weather:rain&sort=date'), twoSeries);
    expect(search.getAll('chart.series')).toEqual([
      'avg,temp_max,line,right,0072b2',
      'count,,column,left,e69f00,weather,stack',
    ]);
    expect(search.get('refine')).toBe('weather:rain');
    expect(search.get('sort')).toBe('date');
    expect(parseChart(search, fields)).toEqual(twoSeries);
  });

  it('replaces what makes no sense by defaults', () => {
    const chart = parseChart(
      new URLSearchParams(
        'chart.x=shape&chart.series=avg,weather,line&chart.series=p95,temp_max,pie,left,zzz,nope&chart.max=999999&chart.sort=up',
      ),
      fields,
    );
    expect(chart.x).toBe('date');
    expect(chart.series).toHaveLength(1);
    expect(chart.series[0]).toMatchObject({
      aggregation: 'percentile',
      percent: 95,
      type: 'pie',
      color: 'e69f00',
    });
    expect(chart.series[0]?.by).toBeUndefined();
    expect(chart.max).toBe(2000);
    expect(chart.sort).toBe('x');
  });

  it('defaults to a count over the first date', () => {
    expect(defaultChart(fields)).toMatchObject({
      x: 'date',
      precision: 'month',
      series: [{ aggregation: 'count' }],
    });
  });

  it('defaults to the first facet that is not a key, ranked by count, never to the key', () => {
    const airports: DatasetField[] = [
      { name: 'iata', label: 'IATA', type: 'text', annotations: { id: true } },
      { name: 'name', label: 'Name', type: 'text' },
      { name: 'state', label: 'State', type: 'text', annotations: { facet: true } },
    ];
    const chart = parseChart(new URLSearchParams(), airports);
    expect(chart).toMatchObject({ x: 'state', sort: '-y', series: [{ aggregation: 'count' }] });
    expect(chart.width).toBeUndefined();
  });

  it('defaults to numeric ranges over a number when there is no date or facet', () => {
    const numbers: DatasetField[] = [
      { name: 'id', label: 'Id', type: 'int', annotations: { id: true } },
      { name: 'mass', label: 'Mass', type: 'double' },
    ];
    expect(parseChart(new URLSearchParams(), numbers)).toMatchObject({ x: 'mass', width: 10, sort: 'x' });
    // An axis the address names is ranged only when the address says so.
    expect(parseChart(new URLSearchParams('chart.x=mass'), numbers).width).toBeUndefined();
  });
});

describe('the records calls of a chart', () => {
  it('groups by the date at its precision, or by numeric ranges', () => {
    expect(xExpression(twoSeries, fields)).toBe("date_format(`date`, 'yyyy-MM')");
    expect(xExpression({ ...twoSeries, x: 'temp_max', width: 5 }, fields)).toBe('range(temp_max, 5)');
    expect(xExpression({ ...twoSeries, x: 'weather' }, fields)).toBe('weather');
  });

  it('asks each series with the filters, its aggregation and its breakdown', () => {
    const filters = { refine: ['weather:rain'], where: 'temp_max > 3' };
    expect(seriesParams(twoSeries, 0, fields, filters)).toEqual({
      ...filters,
      select: 'avg(temp_max) AS y',
      group_by: "date_format(`date`, 'yyyy-MM') AS x",
      order_by: 'x asc',
      limit: 200,
    });
    expect(seriesParams(twoSeries, 1, fields, filters)).toMatchObject({
      select: 'count(*) AS y',
      group_by: "date_format(`date`, 'yyyy-MM') AS x, weather AS b",
      limit: 20000,
    });
    expect(seriesParams({ ...twoSeries, sort: '-y' }, 0, fields, {})).toMatchObject({
      order_by: 'y desc',
      limit: 200,
    });
  });

  it('reads a standard deviation as its parts, and a percentile with its percent', () => {
    const base = twoSeries.series[0]!;
    expect(aggregateSelect({ ...base, aggregation: 'stddev' })).toBe(
      'avg(temp_max) AS y, avg(temp_max * temp_max) AS y2, count(temp_max) AS n',
    );
    expect(aggregateSelect({ ...base, aggregation: 'percentile', percent: 75 })).toBe(
      'percentile(temp_max, 75) AS y',
    );
  });
});

describe('the answers put side by side', () => {
  it('makes one column per series and breakdown value, matched on x', () => {
    const data = chartData(twoSeries, [
      [
        { x: '2012-01', y: 7 },
        { x: '2012-02', y: 9 },
      ],
      [
        { x: '2012-01', b: 'rain', n: 1, y: 18 },
        { x: '2012-01', b: 'sun', y: 4 },
        { x: '2012-02', b: 'rain', y: 17 },
        { x: '2012-03', b: 'rain', y: 20 },
      ],
    ]);
    expect(data.xs).toEqual(['2012-01', '2012-02']);
    expect(data.columns).toEqual([
      { series: 0, values: [7, 9] },
      { series: 1, breakdown: 'rain', values: [18, 17] },
      { series: 1, breakdown: 'sun', values: [4, null] },
    ]);
    const option = chartOption(twoSeries, data, {
      x: (x) => x,
      column: (i) => `c${i}`,
      xAxis: 'Date',
      leftAxis: 'Count',
      rightAxis: 'Max',
      value: String,
      percent: String,
    }) as { series: { type: string; stack?: string; yAxisIndex: number }[]; yAxis: unknown[] };
    expect(option.series.map((s) => [s.type, s.stack, s.yAxisIndex])).toEqual([
      ['line', undefined, 1],
      ['bar', 'series-1', 0],
      ['bar', 'series-1', 0],
    ]);
    expect(option.yAxis).toHaveLength(2);
  });

  it('sorts numeric ranges as numbers and computes a sample standard deviation', () => {
    expect(['[10.0, 15.0[', '[-5.0, 0.0[', '[5.0, 10.0['].sort(compareX)).toEqual([
      '[-5.0, 0.0[',
      '[5.0, 10.0[',
      '[10.0, 15.0[',
    ]);
    // Text as people read it, as the API orders its groups.
    expect(['US', 'aviation', 'Écosse', 'ecology', 'Aviation'].sort(compareX)).toEqual([
      'Aviation',
      'aviation',
      'ecology',
      'Écosse',
      'US',
    ]);
    // Values 2, 4, 4, 4, 5, 5, 7, 9: mean 5, mean of squares 29, n 8 → sample deviation √(32/7).
    expect(standardDeviation(5, 29, 8)).toBeCloseTo(Math.sqrt(32 / 7), 10);
    expect(standardDeviation(5, 25, 1)).toBeNull();
  });

  it('moves a default date chart to years when months overflow it, to days when they are few', () => {
    const byMonth: ChartState = { ...twoSeries, max: 200 };
    expect(betterPrecision(byMonth, 200)).toBe('year');
    expect(betterPrecision(byMonth, 2)).toBe('day');
    expect(betterPrecision(byMonth, 48)).toBeUndefined();
    expect(betterPrecision(byMonth, 0)).toBeUndefined();
    expect(betterPrecision({ ...byMonth, precision: 'year' }, 200)).toBeUndefined();
  });

  it('gives a histogram every bin of its range, an empty one counting 0, at most the maximum', () => {
    const histogram: ChartState = {
      x: 'running_time_min',
      precision: 'month',
      width: 10,
      series: [{ ...twoSeries.series[1]!, by: undefined }],
      sort: 'x',
      max: 200,
    };
    const answer = [
      { x: '[40, 49]', y: 1 },
      { x: '[70, 79]', y: 17 },
      { x: '[80, 89]', y: 126 },
      { x: null, y: 3 },
    ];
    const data = chartData(histogram, [answer]);
    expect(data.xs).toEqual(['[40, 49]', '[50, 59]', '[60, 69]', '[70, 79]', '[80, 89]', '']);
    expect(data.columns[0]!.values).toEqual([1, 0, 0, 17, 126, 3]);
    // Highest first, and no more points than the chart's maximum.
    expect(chartData({ ...histogram, sort: '-x', max: 3 }, [answer]).xs).toEqual([
      '[80, 89]',
      '[70, 79]',
      '[60, 69]',
    ]);
    // An average has no value in an empty bin; ordered by value, there is no axis to even out.
    const average = { ...histogram, series: [{ ...histogram.series[0]!, aggregation: 'avg' as const }] };
    expect(chartData(average, [answer]).columns[0]!.values).toEqual([1, null, null, 17, 126, 3]);
    expect(chartData({ ...histogram, sort: '-y' }, [answer]).xs).toHaveLength(4);
  });

  it('writes values in the reader’s language and keeps axis names clear of their tick labels', () => {
    const french = new Intl.NumberFormat('fr-FR');
    const data = chartData(twoSeries, [[{ x: '2001-01', y: 600000 }], [{ x: '2001-01', b: 'rain', y: 3.5 }]]);
    const option = chartOption(twoSeries, data, {
      x: (x) => formatPeriodKey(x, 'month', 'fr-FR'),
      column: (i) => `c${i}`,
      xAxis: 'Date',
      leftAxis: 'Count',
      rightAxis: 'Max',
      value: (v) => french.format(v),
      percent: String,
    }) as {
      xAxis: { data: string[]; nameMoveOverlap: boolean };
      yAxis: { axisLabel: { formatter: (v: number) => string }; nameMoveOverlap: boolean }[];
      tooltip: { valueFormatter: (v: unknown) => string };
      grid: { containLabel?: boolean; outerBoundsContain: string };
    };
    expect(option.xAxis.data).toEqual(['janv. 2001']);
    expect(option.yAxis[0]!.axisLabel.formatter(600000)).toBe('600\u202f000');
    expect(option.tooltip.valueFormatter(20529)).toBe('20\u202f529');
    expect(option.tooltip.valueFormatter(null)).toBe('—');
    // The names move beyond the labels, and the grid holds labels and names alike.
    expect(option.xAxis.nameMoveOverlap).toBe(true);
    expect(option.yAxis.every((axis) => axis.nameMoveOverlap)).toBe(true);
    expect(option.grid.containLabel).toBeUndefined();
    expect(option.grid.outerBoundsContain).toBe('all');
  });
});

describe('periods', () => {
  it('writes a group’s date key as its period in the language', () => {
    expect(formatPeriodKey('2001', 'year', 'fr-FR')).toBe('2001');
    expect(formatPeriodKey('2001-01', 'month', 'fr-FR')).toBe('janv. 2001');
    expect(formatPeriodKey('2001-01', 'month', 'en-US')).toBe('Jan 2001');
    expect(formatPeriodKey('2001-01-15', 'day', 'fr-FR')).toBe('15 janv. 2001');
    expect(formatPeriodKey('2001-01-15', 'day', 'en-US')).toBe('Jan 15, 2001');
    expect(formatPeriodKey('2001-01-15 13', 'hour', 'en-US')).toBe('Jan 15, 2001, 13:00');
    expect(formatPeriodKey('[10.0, 15.0[', 'month', 'en-US')).toBe('[10.0, 15.0[');
  });
});
