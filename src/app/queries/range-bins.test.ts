import { describe, expect, it } from 'vitest';
import { dateBinKeys, nextBinStart, numberBinKeys } from './range-bins';

describe('every bin of a number histogram', () => {
  it('fills the integer bins the answer skipped (movies running time, bins of 10)', () => {
    expect(numberBinKeys(['[40, 49]', '[70, 79]', '[80, 89]'], 10)).toEqual([
      '[40, 49]',
      '[50, 59]',
      '[60, 69]',
      '[70, 79]',
      '[80, 89]',
    ]);
  });

  it('writes the missing decimal bins as the server does, float rounding included', () => {
    expect(numberBinKeys(['[1.0, 1.5[', '[2.5, 3.0[', '[-0.5, 0.0['], 0.5)).toEqual([
      '[-0.5, 0.0[',
      '[0.0, 0.5[',
      '[0.5, 1.0[',
      '[1.0, 1.5[',
      '[1.5, 2.0[',
      '[2.0, 2.5[',
      '[2.5, 3.0[',
    ]);
    // range(imdb_rating, 0.1) answers [1.3, 1.4000000000000001[ then [1.5, 1.6[.
    expect(numberBinKeys(['[1.3, 1.4000000000000001[', '[1.5, 1.6['], 0.1)).toEqual([
      '[1.3, 1.4000000000000001[',
      '[1.4000000000000001, 1.5000000000000002[',
      '[1.5, 1.6[',
    ]);
  });

  it('leaves out what is not a bin, and stops after the most bins', () => {
    expect(numberBinKeys(['', '[*, 10[', '[10, 19]'], 10)).toEqual(['[10, 19]']);
    expect(numberBinKeys([], 10)).toEqual([]);
    expect(numberBinKeys(['[0, 0]', '[100000, 100000]'], 1, 5)).toEqual([
      '[0, 0]',
      '[1, 1]',
      '[2, 2]',
      '[3, 3]',
      '[4, 4]',
    ]);
    expect(numberBinKeys(['[0, 0]', '[100000, 100000]'], 1, 2, 'high')).toEqual([
      '[99999, 99999]',
      '[100000, 100000]',
    ]);
  });
});

describe('every bin of a date histogram', () => {
  it('fills the months without a record (la-riots deaths)', () => {
    const keys = dateBinKeys(
      [
        '[1992-04-01T00:00:00.000Z, 1992-05-01T00:00:00.000Z[',
        '[1992-05-01T00:00:00.000Z, 1992-06-01T00:00:00.000Z[',
        '[1992-08-01T00:00:00.000Z, 1992-09-01T00:00:00.000Z[',
      ],
      'month',
      'UTC',
    );
    expect(keys).toEqual([
      '[1992-04-01T00:00:00.000Z, 1992-05-01T00:00:00.000Z[',
      '[1992-05-01T00:00:00.000Z, 1992-06-01T00:00:00.000Z[',
      '[1992-06-01T00:00:00.000Z, 1992-07-01T00:00:00.000Z[',
      '[1992-07-01T00:00:00.000Z, 1992-08-01T00:00:00.000Z[',
      '[1992-08-01T00:00:00.000Z, 1992-09-01T00:00:00.000Z[',
    ]);
  });

  it('counts units on the dataset’s clock, across a change of the clock', () => {
    // Midnight in New York: 05:00 UTC in winter, 04:00 in summer.
    expect(nextBinStart('2001-03-01T05:00:00.000Z', 'month', 'America/New_York')).toBe(
      '2001-04-01T05:00:00.000Z',
    );
    expect(nextBinStart('2001-04-01T05:00:00.000Z', 'month', 'America/New_York')).toBe(
      '2001-05-01T04:00:00.000Z',
    );
    expect(nextBinStart('2001-03-31T05:00:00.000Z', 'day', 'America/New_York')).toBe(
      '2001-04-01T05:00:00.000Z',
    );
    expect(nextBinStart('2001-04-01T05:00:00.000Z', 'day', 'America/New_York')).toBe(
      '2001-04-02T04:00:00.000Z',
    );
    expect(nextBinStart('2012-12-31T23:00:00.000Z', 'year', 'Europe/Paris')).toBe('2013-12-31T23:00:00.000Z');
    expect(nextBinStart('2001-01-01T10:00:00.000Z', 'hour', 'UTC')).toBe('2001-01-01T11:00:00.000Z');
    const winter = dateBinKeys(
      [
        '[2001-01-01T05:00:00.000Z, 2001-02-01T05:00:00.000Z[',
        '[2001-04-01T05:00:00.000Z, 2001-05-01T04:00:00.000Z[',
      ],
      'month',
      'America/New_York',
    );
    expect(winter[2]).toBe('[2001-03-01T05:00:00.000Z, 2001-04-01T05:00:00.000Z[');
    expect(winter).toHaveLength(4);
  });
});
