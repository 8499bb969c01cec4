import { describe, expect, it } from 'vitest';
import type { DatasetField } from '../../api';
import type { DatasetSearch } from '../routes/dataset-search';
import { histogramBars } from './bar-labels';
import {
  andWhere,
  dateUnit,
  everyBar,
  histogramParams,
  niceWidth,
  parseRangeKey,
  rangeWhere,
  summaryParams,
  valueWhere,
} from './stats-queries';
import { statsFilters } from './useColumnStats';

const rating: DatasetField = { name: 'imdb_rating', label: 'IMDB rating', type: 'double' };
const date: DatasetField = { name: 'date', label: 'Date', type: 'date' };
const genre: DatasetField = {
  name: 'major_genre',
  label: 'Genre',
  type: 'text',
  annotations: { facet: true },
};
const director: DatasetField = { name: 'director', label: 'Director', type: 'text' };
const distance: DatasetField = { name: 'distance', label: 'Distance', type: 'int' };

const state: DatasetSearch = {
  q: '',
  refine: [],
  exclude: [],
  query: { where: 'year > 2' },
  map: {} as DatasetSearch['map'],
};

describe('column statistics', () => {
  it('asks a summary fitting the field', () => {
    expect(summaryParams(rating, {}).select).toBe(
      'min(imdb_rating) AS min, max(imdb_rating) AS max, avg(imdb_rating) AS mean, median(imdb_rating) AS median, count(imdb_rating) AS filled, count(*) AS total',
    );
    expect(summaryParams(director, {}).select).toBe(
      'count(distinct director) AS dv, count(director) AS filled, count(*) AS total',
    );
  });

  it('chooses round bar widths and calendar units', () => {
    expect(niceWidth(1.4, 9.2)).toBe(0.5);
    expect(niceWidth(0, 1000)).toBe(50);
    expect(niceWidth(3, 3)).toBe(1);
    expect(dateUnit('1928-12-31', '2046-12-31')).toBe('year');
    expect(dateUnit('2012-01-01', '2012-12-31')).toBe('month');
  });

  it('gives an integer field bars a whole number wide, read from its closed range keys', () => {
    expect(niceWidth(46, 222, 20, true)).toBe(10);
    expect(niceWidth(0, 10, 20, true)).toBe(1);
    expect(niceWidth(0, 4, 20, true)).toBe(1);
    expect(histogramParams(distance, 31, 4962, {})?.group_by).toBe('range(distance, 500) AS r');
    expect(histogramParams(date, '2001-01-01', '2001-07-01', {})?.group_by).toBe(
      'range(`date`, 1 month) AS r',
    );
    // The API writes an integer bar with both bounds in it: [0, 99].
    expect(parseRangeKey('[0, 99]')).toEqual({ from: '0', to: '99', last: true });
    expect(parseRangeKey('[-10, -1]')).toEqual({ from: '-10', to: '-1', last: true });
    expect(rangeWhere(distance, { from: '0', to: '99', last: true })).toBe(
      'distance >= 0 AND distance <= 99',
    );
    expect(statsFilters(state, distance, { kind: 'range', from: '100', to: '199', last: true }).where).toBe(
      '(year > 2) AND distance >= 100 AND distance <= 199',
    );
  });

  it('gives every bar of the range, an empty one counting 0 (movies running time, la-riots deaths)', () => {
    const runtime: DatasetField = { name: 'running_time_min', label: 'Running time', type: 'int' };
    expect(
      everyBar(
        [
          { r: '[40, 49]', n: 1 },
          { r: '[70, 79]', n: 17 },
        ],
        runtime,
        46,
        222,
        'UTC',
      ),
    ).toEqual([
      { r: '[40, 49]', n: 1 },
      { r: '[50, 59]', n: 0 },
      { r: '[60, 69]', n: 0 },
      { r: '[70, 79]', n: 17 },
    ]);
    const deaths = everyBar(
      [
        { r: '[1992-04-01T00:00:00.000Z, 1992-05-01T00:00:00.000Z[', n: 36 },
        { r: '[1992-07-01T00:00:00.000Z, 1992-08-01T00:00:00.000Z[', n: 1 },
      ],
      date,
      '1992-04-29',
      '1992-07-30',
      'UTC',
    );
    expect(deaths.map((b) => b.n)).toEqual([36, 0, 0, 1]);
    expect(deaths[1]!.r).toBe('[1992-05-01T00:00:00.000Z, 1992-06-01T00:00:00.000Z[');
  });

  it('writes the bars as the table writes the values, dates as the period of the bar', () => {
    const words = {
      range: (from: string, to: string, n: number) => `${from} to ${to}: ${n}`,
      period: (period: string, n: number) => `${period}: ${n}`,
    };
    const ints = histogramBars(
      [
        { r: '[0, 999]', n: 12 },
        { r: '[1000, 1999]', n: 3 },
      ],
      distance,
      undefined,
      { locale: 'fr-FR' },
      words,
    );
    expect(ints.map((b) => [b.name, b.short, b.end, b.last])).toEqual([
      ['0 to 999: 12', '0', '999', true],
      ['1\u202f000 to 1\u202f999: 3', '1\u202f000', '1\u202f999', true],
    ]);
    const months = [
      { r: '[2001-01-01T00:00:00.000Z, 2001-02-01T00:00:00.000Z[', n: 5 },
      { r: '[2001-02-01T00:00:00.000Z, 2001-03-01T00:00:00.000Z[', n: 7 },
    ];
    const departure: DatasetField = { name: 'date', label: 'Departure', type: 'datetime' };
    expect(histogramBars(months, departure, 'month', { locale: 'fr-FR' }, words).map((b) => b.name)).toEqual([
      'janv. 2001: 5',
      'févr. 2001: 7',
    ]);
    expect(histogramBars(months, departure, 'month', { locale: 'en-US' }, words).map((b) => b.short)).toEqual(
      ['Jan 2001', 'Feb 2001'],
    );
    // On the dataset's clock: midnight UTC is still the last day of December in New York.
    expect(
      histogramBars(months, departure, 'day', { locale: 'en-US', timeZone: 'America/New_York' }, words)[0]!
        .short,
    ).toBe('Dec 31, 2000');
    // A bar the API wrote open-ended (a static range) is not one of these bars.
    expect(histogramBars([{ r: '[*, 10[', n: 1 }], distance, undefined, {}, words)).toEqual([]);
  });

  it('turns a bar into a range and a value into a refine or a condition', () => {
    expect(parseRangeKey('[6.0, 6.5[')).toEqual({ from: '6.0', to: '6.5' });
    expect(parseRangeKey('[*, 6.5[')).toBeUndefined();
    expect(rangeWhere(rating, { from: '6.0', to: '6.5' })).toBe('imdb_rating >= 6 AND imdb_rating < 6.5');
    expect(rangeWhere(date, { from: '2012-01-01T00:00:00.000Z', to: '2013-01-01T00:00:00.000Z' })).toBe(
      '`date` >= date"2012-01-01T00:00:00.000Z" AND `date` < date"2013-01-01T00:00:00.000Z"',
    );
    expect(valueWhere(director, 'Steven "S" Spielberg')).toBe('director = "Steven \\"S\\" Spielberg"');
    expect(andWhere(undefined, 'a = 1')).toBe('a = 1');
    expect(andWhere('b = 2 OR c = 3', 'a = 1')).toBe('(b = 2 OR c = 3) AND a = 1');
    expect(statsFilters(state, rating, { kind: 'range', from: '6', to: '7' }).where).toBe(
      '(year > 2) AND imdb_rating >= 6 AND imdb_rating < 7',
    );
    expect(statsFilters(state, genre, { kind: 'value', value: 'Drama' }).refine).toEqual([
      { facet: 'major_genre', value: 'Drama' },
    ]);
  });
});

describe('histogramOption', () => {
  it('draws one bar per range, labelled by its lower bound, its words in the tooltip', async () => {
    const { histogramOption } = await import('./histogram-option');
    const bars = [
      { n: 3, name: 'Keep 1 to 2 (3 records)', short: '1' },
      { n: 0, name: 'Keep 2 to 3 (0 records)', short: '2' },
    ];
    const french = new Intl.NumberFormat('fr-FR');
    const option = histogramOption(bars, (n) => french.format(n)) as {
      xAxis: { data: string[] };
      yAxis: { axisLabel: { formatter: (n: number) => string } };
      series: { type: string; data: number[] }[];
      tooltip: { formatter: (p: { dataIndex: number }) => string };
    };
    expect(option.xAxis.data).toEqual(['1', '2']);
    expect(option.series).toHaveLength(1);
    expect(option.series[0]!.type).toBe('bar');
    expect(option.series[0]!.data).toEqual([3, 0]);
    expect(option.tooltip.formatter({ dataIndex: 1 })).toBe('Keep 2 to 3 (0 records)');
    // Counts on the axis in the reader's language.
    expect(option.yAxis.axisLabel.formatter(600000)).toBe('600\u202f000');
  });
});
