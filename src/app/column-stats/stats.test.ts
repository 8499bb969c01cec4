import { describe, expect, it } from 'vitest';
import type { DatasetField } from '../../api';
import type { DatasetSearch } from '../routes/dataset-search';
import {
  andWhere,
  dateUnit,
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
    expect(dateUnit('1928-12-31', '2046-12-31')).toBe('1 year');
    expect(dateUnit('2012-01-01', '2012-12-31')).toBe('1 month');
  });

  it('turns a bar into a range and a value into a refine or a condition', () => {
    expect(parseRangeKey('[6.0, 6.5[')).toEqual({ from: '6.0', to: '6.5' });
    expect(parseRangeKey('[*, 6.5[')).toBeUndefined();
    expect(rangeWhere(rating, '6.0', '6.5')).toBe('imdb_rating >= 6 AND imdb_rating < 6.5');
    expect(rangeWhere(date, '2012-01-01T00:00:00.000Z', '2013-01-01T00:00:00.000Z')).toBe(
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
    const option = histogramOption(bars) as {
      xAxis: { data: string[] };
      series: { type: string; data: number[] }[];
      tooltip: { formatter: (p: { dataIndex: number }) => string };
    };
    expect(option.xAxis.data).toEqual(['1', '2']);
    expect(option.series).toHaveLength(1);
    expect(option.series[0]!.type).toBe('bar');
    expect(option.series[0]!.data).toEqual([3, 0]);
    expect(option.tooltip.formatter({ dataIndex: 1 })).toBe('Keep 2 to 3 (0 records)');
  });
});
