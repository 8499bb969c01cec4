import { describe, expect, it } from 'vitest';
import { datePathBounds, datePathDepth, formatDatePath, parseDatePath } from './paths';

describe('parseDatePath', () => {
  it('reads a year, a month and a day, with slashes or dashes', () => {
    expect(parseDatePath('2020')).toEqual({ year: 2020 });
    expect(parseDatePath('2020/11')).toEqual({ year: 2020, month: 11 });
    expect(parseDatePath('2020/11/05')).toEqual({ year: 2020, month: 11, day: 5 });
    expect(parseDatePath('2020-11-05')).toEqual({ year: 2020, month: 11, day: 5 });
    expect(parseDatePath(' 2020/1/5 ')).toEqual({ year: 2020, month: 1, day: 5 });
  });

  it('refuses what is not a date period', () => {
    for (const bad of [
      '',
      '20',
      '0000',
      '2020/13',
      '2020/00',
      '2020/02/30',
      '2021/02/29',
      '2020/11/05/01',
      'abc',
      '2020/',
    ]) {
      expect(parseDatePath(bad), bad).toBeUndefined();
    }
    expect(parseDatePath('2020/02/29')).toEqual({ year: 2020, month: 2, day: 29 });
  });
});

describe('date paths', () => {
  it('formats zero-padded paths and knows their depth', () => {
    expect(formatDatePath([2020])).toBe('2020');
    expect(formatDatePath([2020, 3])).toBe('2020/03');
    expect(formatDatePath([987, 3, 7])).toBe('0987/03/07');
    expect(datePathDepth({ year: 2020 })).toBe(1);
    expect(datePathDepth({ year: 2020, month: 3 })).toBe(2);
    expect(datePathDepth({ year: 2020, month: 3, day: 1 })).toBe(3);
  });

  it('bounds a period by its first day and the first day after it', () => {
    expect(datePathBounds({ year: 2020 })).toEqual([
      [2020, 1, 1],
      [2021, 1, 1],
    ]);
    expect(datePathBounds({ year: 2020, month: 2 })).toEqual([
      [2020, 2, 1],
      [2020, 3, 1],
    ]);
    expect(datePathBounds({ year: 2020, month: 12 })).toEqual([
      [2020, 12, 1],
      [2021, 1, 1],
    ]);
    expect(datePathBounds({ year: 2020, month: 2, day: 29 })).toEqual([
      [2020, 2, 29],
      [2020, 3, 1],
    ]);
    expect(datePathBounds({ year: 2020, month: 12, day: 31 })).toEqual([
      [2020, 12, 31],
      [2021, 1, 1],
    ]);
    expect(datePathBounds({ year: 2020, month: 11, day: 5 })).toEqual([
      [2020, 11, 5],
      [2020, 11, 6],
    ]);
  });
});
