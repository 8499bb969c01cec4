import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  civilFromDays,
  dayOfYear,
  daysFromCivil,
  daysInMonth,
  isLeapYear,
  isoWeek,
  MS_PER_DAY,
  weekdayOfDays,
} from './calendar';

describe('calendar', () => {
  it('knows leap years', () => {
    expect([1900, 2000, 2020, 2021, 2100, 2400].map(isLeapYear)).toEqual([
      false,
      true,
      true,
      false,
      false,
      true,
    ]);
    expect(daysInMonth(2024, 2)).toBe(29);
    expect(daysInMonth(2023, 2)).toBe(28);
    expect(daysInMonth(1900, 2)).toBe(28);
    expect([1, 3, 4, 6, 7, 8, 9, 11, 12].map((m) => daysInMonth(2021, m))).toEqual([
      31, 31, 30, 30, 31, 31, 30, 30, 31,
    ]);
  });

  it('counts days like Date.UTC, years 1 to 9999 included', () => {
    expect(daysFromCivil(1970, 1, 1)).toBe(0);
    expect(daysFromCivil(1969, 12, 31)).toBe(-1);
    fc.assert(
      fc.property(fc.integer({ min: -719_162, max: 2_932_896 }), (days) => {
        const date = new Date(days * MS_PER_DAY);
        const civil = civilFromDays(days);
        expect(civil).toEqual({
          year: date.getUTCFullYear(),
          month: date.getUTCMonth() + 1,
          day: date.getUTCDate(),
        });
        expect(daysFromCivil(civil.year, civil.month, civil.day)).toBe(days);
        expect(weekdayOfDays(days)).toBe((date.getUTCDay() + 6) % 7);
      }),
    );
  });

  it('numbers weekdays from Monday', () => {
    expect(weekdayOfDays(daysFromCivil(2021, 5, 3))).toBe(0);
    expect(weekdayOfDays(daysFromCivil(2021, 5, 9))).toBe(6);
    expect(weekdayOfDays(daysFromCivil(1, 1, 1))).toBe(0);
  });

  it('counts the day of the year', () => {
    expect(dayOfYear(2021, 1, 1)).toBe(1);
    expect(dayOfYear(2021, 12, 31)).toBe(365);
    expect(dayOfYear(2020, 12, 31)).toBe(366);
    expect(dayOfYear(2020, 3, 1)).toBe(61);
  });

  it('gives ISO weeks, including across the new year', () => {
    expect(isoWeek(2021, 1, 3)).toEqual({ weekYear: 2020, week: 53 });
    expect(isoWeek(2021, 1, 4)).toEqual({ weekYear: 2021, week: 1 });
    expect(isoWeek(2019, 12, 30)).toEqual({ weekYear: 2020, week: 1 });
    expect(isoWeek(2026, 1, 1)).toEqual({ weekYear: 2026, week: 1 });
    expect(isoWeek(2027, 1, 1)).toEqual({ weekYear: 2026, week: 53 });
    expect(isoWeek(2021, 5, 6)).toEqual({ weekYear: 2021, week: 18 });
  });
});
