import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { dateText, isoDatetime, isoUtcMillis } from './clickhouse-instant-texts';

/*
 * The texts against the platform's own ISO writer (Date#toISOString), for the years it writes in four
 * digits; the texts beyond are the dialect's (wider years written whole).
 */

const MS_10000 = Date.UTC(9999, 11, 31, 23, 59, 59, 999);

describe('export time texts', () => {
  it('writes UTC instants and dates as toISOString does', () => {
    fc.assert(
      fc.property(fc.integer({ min: new Date('0000-01-01T00:00:00Z').getTime(), max: MS_10000 }), (ms) => {
        const iso = new Date(ms).toISOString();
        expect(isoUtcMillis(ms)).toBe(iso);
        expect(dateText(Math.floor(ms / 86_400_000))).toBe(iso.slice(0, 10));
      }),
    );
  });

  it('writes an instant at an offset: its wall clock, microseconds when not zero, the offset', () => {
    expect(isoDatetime(Date.UTC(2020, 2, 1, 12, 0, 0), 3600)).toBe('2020-03-01T13:00:00+01:00');
    expect(isoDatetime(Date.UTC(2020, 2, 1, 12, 0, 0, 250), -12_600)).toBe(
      '2020-03-01T08:30:00.250000-03:30',
    );
    expect(isoDatetime(Date.UTC(1969, 11, 31, 23, 59, 59, 999), 0)).toBe('1969-12-31T23:59:59.999000+00:00');
    expect(dateText(-719_528)).toBe('0000-01-01');
    expect(dateText(2_932_897)).toBe('10000-01-01');
  });
});
