import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { evaluateNow, type NowArgument, type NowResult } from './now';
import { wallClock } from './zones';

// A Thursday.
const NOW = Date.parse('2021-05-06T12:34:55.450Z');

function args(text: string): NowArgument[] {
  if (text === '') return [];
  return text.split(',').map((pair) => {
    const [name = '', value = ''] = pair.split('=');
    return { name: name.trim(), value: Number(value) };
  });
}

function now(text: string, nowMs = NOW, tz = 'UTC'): string {
  const result = evaluateNow(args(text), nowMs, tz);
  if (!result.ok) throw new Error(result.message);
  return new Date(result.epochMs).toISOString();
}

function failure(text: string): NowResult {
  return evaluateNow(args(text), NOW, 'UTC');
}

describe('evaluateNow', () => {
  it('returns now without arguments', () => {
    expect(evaluateNow([], NOW, 'UTC')).toEqual({ ok: true, epochMs: NOW, micros: 0 });
    expect(evaluateNow([], NOW, 'Europe/Paris')).toEqual({ ok: true, epochMs: NOW, micros: 0 });
  });

  it('runs the examples of the reference', () => {
    expect(now('years=-1')).toBe('2020-05-06T12:34:55.450Z');
    expect(now('year=2001, months=-1')).toBe('2001-04-06T12:34:55.450Z');
    expect(now('day=31, month=2')).toBe('2021-02-28T12:34:55.450Z');
    expect(now('mondays=-1')).toBe('2021-05-03T12:34:55.450Z');
  });

  it('sets components', () => {
    expect(now('year=1999, month=12, day=25, hour=0, minute=1, second=2')).toBe('1999-12-25T00:01:02.450Z');
    expect(now('day=31, month=2, year=2024')).toBe('2024-02-29T12:34:55.450Z');
    expect(now('day=31, month=4')).toBe('2021-04-30T12:34:55.450Z');
  });

  it('sets microseconds, reported past the millisecond', () => {
    expect(evaluateNow(args('microsecond=123456'), NOW, 'UTC')).toEqual({
      ok: true,
      epochMs: Date.parse('2021-05-06T12:34:55.123Z'),
      micros: 456,
    });
    expect(evaluateNow(args('microseconds=1500'), NOW, 'UTC')).toEqual({
      ok: true,
      epochMs: NOW + 1,
      micros: 500,
    });
    expect(evaluateNow(args('microseconds=-1'), NOW, 'UTC')).toEqual({
      ok: true,
      epochMs: NOW - 1,
      micros: 999,
    });
  });

  it('adds with carry and clamps the day after month arithmetic', () => {
    expect(now('days=30')).toBe('2021-06-05T12:34:55.450Z');
    expect(now('hours=12')).toBe('2021-05-07T00:34:55.450Z');
    expect(now('minutes=-35')).toBe('2021-05-06T11:59:55.450Z');
    expect(now('seconds=5')).toBe('2021-05-06T12:35:00.450Z');
    expect(now('months=8')).toBe('2022-01-06T12:34:55.450Z');
    expect(now('months=-17')).toBe('2019-12-06T12:34:55.450Z');
    const jan31 = Date.parse('2021-01-31T10:00:00Z');
    expect(now('months=1', jan31)).toBe('2021-02-28T10:00:00.000Z');
    expect(now('months=1', Date.parse('2024-01-31T10:00:00Z'))).toBe('2024-02-29T10:00:00.000Z');
    expect(now('years=1', Date.parse('2024-02-29T10:00:00Z'))).toBe('2025-02-28T10:00:00.000Z');
    expect(now('days=-365000')).toBe('1022-01-04T12:34:55.450Z');
  });

  it('applies absolute components before relative ones', () => {
    // relativedelta(day=31, months=1) on May 6: day 31 of June is clamped to 30.
    expect(now('day=31, months=1')).toBe('2021-06-30T12:34:55.450Z');
    // Days are added after the day was set.
    expect(now('days=1, day=31')).toBe('2021-06-01T12:34:55.450Z');
    // hour=23 then hours=2 carries into the next day.
    expect(now('hours=2, hour=23')).toBe('2021-05-07T01:34:55.450Z');
  });

  it('moves to weekdays like relativedelta', () => {
    // NOW is a Thursday.
    expect(now('weekday=0')).toBe('2021-05-10T12:34:55.450Z');
    expect(now('weekday=3')).toBe('2021-05-06T12:34:55.450Z');
    expect(now('weekday=6')).toBe('2021-05-09T12:34:55.450Z');
    expect(now('thursdays=1')).toBe('2021-05-06T12:34:55.450Z');
    expect(now('thursdays=2')).toBe('2021-05-13T12:34:55.450Z');
    expect(now('thursdays=-1')).toBe('2021-05-06T12:34:55.450Z');
    expect(now('fridays=-1')).toBe('2021-04-30T12:34:55.450Z');
    expect(now('sundays=3')).toBe('2021-05-23T12:34:55.450Z');
    expect(now('mondays=0')).toBe('2021-05-06T12:34:55.450Z');
    const monday = Date.parse('2021-05-03T08:00:00Z');
    expect(now('mondays=1', monday)).toBe('2021-05-03T08:00:00.000Z');
    expect(now('mondays=-1', monday)).toBe('2021-05-03T08:00:00.000Z');
    expect(now('mondays=2', monday)).toBe('2021-05-10T08:00:00.000Z');
    expect(now('mondays=-2', monday)).toBe('2021-04-26T08:00:00.000Z');
  });

  it('moves to the weekday last, after additions', () => {
    // May 6 + 1 day is Friday May 7; the next Monday from there is May 10.
    expect(now('mondays=1, days=1')).toBe('2021-05-10T12:34:55.450Z');
    // Start of the current week: previous-or-same Monday at midnight.
    expect(now('mondays=-1, hour=0, minute=0, second=0, microsecond=0')).toBe('2021-05-03T00:00:00.000Z');
  });

  it('lets the last occurrence win, weekday arguments sharing one slot', () => {
    expect(now('days=1, days=2')).toBe('2021-05-08T12:34:55.450Z');
    expect(now('month=1, month=3')).toBe('2021-03-06T12:34:55.450Z');
    expect(now('weekday=0, fridays=-1')).toBe('2021-04-30T12:34:55.450Z');
    expect(now('fridays=-1, weekday=0')).toBe('2021-05-10T12:34:55.450Z');
    expect(now('fridays=-1, mondays=0')).toBe('2021-05-06T12:34:55.450Z');
  });

  it('matches names without regard to case', () => {
    expect(now('Years=-1, DAY=1')).toBe('2020-05-01T12:34:55.450Z');
  });

  it('reports unknown arguments and invalid values', () => {
    expect(failure('fortnights=1')).toEqual({ ok: false, message: 'Unknown argument for now(): fortnights' });
    expect(failure('weeks=1')).toEqual({ ok: false, message: 'Unknown argument for now(): weeks' });
    expect(failure('month=13')).toEqual({ ok: false, message: 'Invalid value for now() argument month: 13' });
    for (const text of [
      'month=0',
      'year=0',
      'year=10000',
      'day=0',
      'day=32',
      'hour=24',
      'minute=60',
      'second=60',
      'microsecond=1000000',
      'weekday=7',
      'weekday=-1',
      'days=1.5',
      'days=NaN',
      'days=Infinity',
      'years=1e300',
    ]) {
      const result = failure(text);
      expect(result.ok, text).toBe(false);
      if (!result.ok) expect(result.message, text).toMatch(/^Invalid value for now\(\) argument \w+: /);
    }
  });

  it('keeps microsecond precision for the largest additions', () => {
    const micros = BigInt(NOW) * 1000n - 9007199254740991n;
    expect(evaluateNow(args('microseconds=-9007199254740991'), NOW, 'UTC')).toEqual({
      ok: true,
      epochMs: Number(micros / 1000n) - 1,
      micros: Number(1000n + (micros % 1000n)),
    });
  });

  it('reports results out of the year range', () => {
    const message = 'The result of now() is out of range (years 1 to 9999)';
    expect(failure('years=8000')).toEqual({ ok: false, message });
    expect(failure('year=1, days=-200')).toEqual({ ok: false, message });
    expect(failure('days=9007199254740991')).toEqual({ ok: false, message });
    expect(failure('months=-9007199254740991')).toEqual({ ok: false, message });
    expect(now('year=9999, month=12, day=31, hour=23, minute=59, second=59')).toBe(
      '9999-12-31T23:59:59.450Z',
    );
  });

  describe('in a timezone', () => {
    it('computes on the wall clock of the timezone', () => {
      // 2021-03-27 13:00 CET; the next day is a DST change in Paris.
      const before = Date.parse('2021-03-27T12:00:00Z');
      expect(now('days=1', before, 'Europe/Paris')).toBe('2021-03-28T11:00:00.000Z');
      expect(now('hours=24', before, 'Europe/Paris')).toBe('2021-03-28T11:00:00.000Z');
      expect(now('hour=0, minute=0, second=0, microsecond=0', before, 'Europe/Paris')).toBe(
        '2021-03-26T23:00:00.000Z',
      );
      // At 23:30 UTC on Dec 31 it is already next year in Paris.
      expect(
        now('month=1, day=1, hour=0, minute=0, second=0', Date.parse('2021-12-31T23:30:00Z'), 'Europe/Paris'),
      ).toBe('2021-12-31T23:00:00.000Z');
    });

    it('moves a time set in a DST gap forward', () => {
      const before = Date.parse('2021-03-27T12:00:00Z');
      expect(now('days=1, hour=2, minute=30', before, 'Europe/Paris')).toBe('2021-03-28T01:30:00.000Z');
      expect(now('year=2021, month=3, day=14, hour=2, minute=30, second=0', NOW, 'America/New_York')).toBe(
        '2021-03-14T07:30:00.450Z',
      );
    });

    it('keeps the current offset in a DST overlap', () => {
      // 01:15 UTC is 02:15 CET, the second 02:15 of the day in Paris.
      const second = Date.parse('2021-10-31T01:15:00Z');
      expect(now('', second, 'Europe/Paris')).toBe('2021-10-31T01:15:00.000Z');
      expect(now('minutes=10', second, 'Europe/Paris')).toBe('2021-10-31T01:25:00.000Z');
      // From the day before (CEST), the ambiguous 02:30 is the first one.
      const dayBefore = Date.parse('2021-10-30T12:00:00Z');
      expect(now('days=1, hour=2, minute=30', dayBefore, 'Europe/Paris')).toBe('2021-10-31T00:30:00.000Z');
      expect(now('days=1, hour=1, minute=30', Date.parse('2021-11-06T12:00:00Z'), 'America/New_York')).toBe(
        '2021-11-07T05:30:00.000Z',
      );
    });
  });

  const instant = fc.integer({
    min: Date.parse('1900-01-01T00:00:00Z'),
    max: Date.parse('2100-01-01T00:00:00Z'),
  });
  const zone = fc.constantFrom('UTC', 'Europe/Paris', 'America/New_York', 'Asia/Kathmandu');

  it('returns now itself without arguments, in any timezone', () => {
    fc.assert(
      fc.property(instant, zone, (t, tz) => {
        expect(evaluateNow([], t, tz)).toEqual({ ok: true, epochMs: t, micros: 0 });
      }),
      { numRuns: 300 },
    );
  });

  it('lands on the requested weekday, in the requested direction', () => {
    fc.assert(
      fc.property(
        instant,
        zone,
        fc.integer({ min: 0, max: 6 }),
        fc.integer({ min: -5, max: 5 }),
        (t, tz, day, n) => {
          const names = ['mondays', 'tuesdays', 'wednesdays', 'thursdays', 'fridays', 'saturdays', 'sundays'];
          const result = evaluateNow([{ name: names[day] ?? '', value: n }], t, tz);
          if (!result.ok) throw new Error(result.message);
          const before = wallClock(t, tz);
          const after = wallClock(result.epochMs, tz);
          const dayDelta = Math.round(
            (Date.UTC(after.year, after.month - 1, after.day) -
              Date.UTC(before.year, before.month - 1, before.day)) /
              86_400_000,
          );
          if (n === 0) expect(dayDelta).toBe(0);
          else {
            expect(after.weekday).toBe(day);
            if (n > 0) expect(dayDelta).toBeGreaterThanOrEqual((n - 1) * 7);
            if (n > 0) expect(dayDelta).toBeLessThan(n * 7);
            if (n < 0) expect(-dayDelta).toBeGreaterThanOrEqual((-n - 1) * 7);
            if (n < 0) expect(-dayDelta).toBeLessThan(-n * 7);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('adds days as whole days in UTC', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: -100_000, max: 100_000 }), (t, days) => {
        const result = evaluateNow([{ name: 'days', value: days }], t, 'UTC');
        expect(result).toEqual({ ok: true, epochMs: t + days * 86_400_000, micros: 0 });
      }),
    );
  });
});
