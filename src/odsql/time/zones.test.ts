import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidTimezone, offsetAt, wallClock, zonedToEpoch } from './zones';

const at = (iso: string): number => Date.parse(iso);
const local = (
  year: number,
  month: number,
  day: number,
  hour = 0,
  minute = 0,
  second = 0,
  millisecond = 0,
) => ({
  year,
  month,
  day,
  hour,
  minute,
  second,
  millisecond,
});

describe('isValidTimezone', () => {
  it('accepts IANA ids and UTC', () => {
    for (const tz of [
      'UTC',
      'Europe/Paris',
      'America/New_York',
      'Asia/Kolkata',
      'Etc/GMT+5',
      'europe/paris',
    ]) {
      expect(isValidTimezone(tz), tz).toBe(true);
    }
  });

  it('refuses anything else', () => {
    for (const tz of ['', 'Mars/Olympus', 'Europe/Paris ', 'x'.repeat(65), 'Europe/'.repeat(20), '\u0000']) {
      expect(isValidTimezone(tz), tz).toBe(false);
    }
  });
});

describe('wallClock', () => {
  it('gives the local components and the weekday', () => {
    expect(wallClock(at('2021-05-06T12:34:55.450Z'), 'UTC')).toEqual({
      ...local(2021, 5, 6, 12, 34, 55, 450),
      weekday: 3,
    });
    expect(wallClock(at('2021-07-01T22:30:00Z'), 'Europe/Paris')).toEqual({
      ...local(2021, 7, 2, 0, 30),
      weekday: 4,
    });
    expect(wallClock(at('2021-01-01T03:00:00Z'), 'America/New_York')).toEqual({
      ...local(2020, 12, 31, 22),
      weekday: 3,
    });
  });

  it('follows DST changes', () => {
    expect(wallClock(at('2021-03-28T00:59:59Z'), 'Europe/Paris')).toMatchObject({ hour: 1, minute: 59 });
    expect(wallClock(at('2021-03-28T01:00:00Z'), 'Europe/Paris')).toMatchObject({ hour: 3, minute: 0 });
    expect(wallClock(at('2021-10-31T00:30:00Z'), 'Europe/Paris')).toMatchObject({ hour: 2, minute: 30 });
    expect(wallClock(at('2021-10-31T01:30:00Z'), 'Europe/Paris')).toMatchObject({ hour: 2, minute: 30 });
    expect(wallClock(at('2021-03-14T07:00:00Z'), 'America/New_York')).toMatchObject({ hour: 3 });
  });

  it('handles historical offsets with seconds and the ends of the year range', () => {
    // Paris used its local mean time, UTC+0:09:21, until 1911.
    expect(wallClock(at('1900-01-01T00:00:00Z'), 'Europe/Paris')).toMatchObject(local(1900, 1, 1, 0, 9, 21));
    expect(wallClock(at('0001-01-01T00:00:00Z'), 'UTC')).toEqual({ ...local(1, 1, 1), weekday: 0 });
    expect(wallClock(at('9999-12-31T23:59:59.999Z'), 'UTC')).toMatchObject(
      local(9999, 12, 31, 23, 59, 59, 999),
    );
  });
});

describe('zonedToEpoch', () => {
  it('converts ordinary wall-clock times', () => {
    expect(zonedToEpoch(local(2021, 7, 2, 0, 30), 'Europe/Paris')).toBe(at('2021-07-01T22:30:00Z'));
    expect(zonedToEpoch(local(2021, 1, 15, 9, 0, 0, 5), 'America/New_York')).toBe(
      at('2021-01-15T14:00:00.005Z'),
    );
    expect(zonedToEpoch(local(2021, 5, 6, 12), 'UTC')).toBe(at('2021-05-06T12:00:00Z'));
  });

  it('moves times in a DST gap forward by the gap', () => {
    // Paris jumps from 02:00 CET to 03:00 CEST: 02:30 does not exist and becomes 03:30 CEST.
    expect(zonedToEpoch(local(2021, 3, 28, 2, 30), 'Europe/Paris')).toBe(at('2021-03-28T01:30:00Z'));
    expect(zonedToEpoch(local(2021, 3, 28, 2, 0), 'Europe/Paris')).toBe(at('2021-03-28T01:00:00Z'));
    expect(zonedToEpoch(local(2021, 3, 28, 3, 0), 'Europe/Paris')).toBe(at('2021-03-28T01:00:00Z'));
    // New York jumps from 02:00 EST to 03:00 EDT.
    expect(zonedToEpoch(local(2021, 3, 14, 2, 30), 'America/New_York')).toBe(at('2021-03-14T07:30:00Z'));
  });

  it('takes the earlier instant in a DST overlap, unless the other offset is preferred', () => {
    // Paris falls back from 03:00 CEST to 02:00 CET: 02:30 happens twice.
    expect(zonedToEpoch(local(2021, 10, 31, 2, 30), 'Europe/Paris')).toBe(at('2021-10-31T00:30:00Z'));
    expect(zonedToEpoch(local(2021, 10, 31, 2, 30), 'Europe/Paris', 3_600_000)).toBe(
      at('2021-10-31T01:30:00Z'),
    );
    expect(zonedToEpoch(local(2021, 10, 31, 2, 30), 'Europe/Paris', 7_200_000)).toBe(
      at('2021-10-31T00:30:00Z'),
    );
    // New York falls back from 02:00 EDT to 01:00 EST: 01:30 happens twice.
    expect(zonedToEpoch(local(2021, 11, 7, 1, 30), 'America/New_York')).toBe(at('2021-11-07T05:30:00Z'));
    expect(zonedToEpoch(local(2021, 11, 7, 1, 30), 'America/New_York', -5 * 3_600_000)).toBe(
      at('2021-11-07T06:30:00Z'),
    );
  });

  it('ignores a preferred offset that does not apply', () => {
    expect(zonedToEpoch(local(2021, 7, 2, 0, 30), 'Europe/Paris', 3_600_000)).toBe(
      at('2021-07-01T22:30:00Z'),
    );
  });

  const zones = fc.constantFrom(
    'UTC',
    'Europe/Paris',
    'America/New_York',
    'Australia/Lord_Howe',
    'Asia/Kolkata',
  );
  const instant = fc.integer({ min: at('1900-01-01T00:00:00Z'), max: at('2100-01-01T00:00:00Z') });

  it('inverts wallClock outside DST overlaps, and gives the earlier instant inside them', () => {
    fc.assert(
      fc.property(instant, zones, (t, tz) => {
        const wall = wallClock(t, tz);
        const back = zonedToEpoch(wall, tz);
        if (back !== t) {
          // An overlap: the same wall-clock time happened earlier.
          expect(back).toBeLessThan(t);
          expect(wallClock(back, tz)).toEqual(wall);
        }
        expect(zonedToEpoch(wall, tz, offsetAt(t, tz))).toBe(t);
      }),
      { numRuns: 500 },
    );
  });

  it('inverts wallClock exactly around DST changes when no overlap is involved', () => {
    const spring = at('2021-03-28T01:00:00Z');
    for (let t = spring - 7_200_000; t <= spring + 7_200_000; t += 60_000) {
      expect(zonedToEpoch(wallClock(t, 'Europe/Paris'), 'Europe/Paris')).toBe(t);
    }
  });
});
