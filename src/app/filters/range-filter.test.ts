import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  bucketStart,
  formatRange,
  histogramWidth,
  niceStep,
  parseRange,
  rangeClause,
  readExtent,
} from './range-filter';

describe('range filters', () => {
  it('read and write the address form, either bound open', () => {
    expect(parseRange('year:2001..2017')).toEqual({ field: 'year', from: '2001', to: '2017' });
    expect(parseRange('date:2013-02-01..')).toEqual({ field: 'date', from: '2013-02-01' });
    expect(parseRange('year:..')).toBeUndefined();
    expect(parseRange('year:1;drop..2')).toBeUndefined();
    fc.assert(
      fc.property(fc.integer(), fc.integer(), (a, b) => {
        const range = { field: 'n', from: String(a), to: String(b) };
        expect(parseRange(formatRange(range))).toEqual(range);
      }),
    );
  });

  it('become ODSQL conditions; a day includes its whole day', () => {
    expect(rangeClause({ field: 'year', from: '2001', to: '2017' })).toBe(
      '`year` >= 2001 AND `year` <= 2017',
    );
    expect(rangeClause({ field: 'date', from: '2013-02-01', to: '2013-02-28' })).toBe(
      "`date` >= date'2013-02-01' AND `date` < date'2013-03-01'",
    );
  });

  it('read the histogram buckets the API writes and choose round steps', () => {
    expect(bucketStart('[1900, 1909]', 'number')).toBe(1900);
    expect(bucketStart('[2012-01-01T00:00:00.000Z, 2012-02-01T00:00:00.000Z[', 'date')).toBe(
      Date.UTC(2012, 0, 1),
    );
    expect(bucketStart('[*, 10[', 'number')).toBeUndefined();
    expect(niceStep(1900, 2017, 24, true)).toBe(5);
    expect(niceStep(0, 1, 24, false)).toBe(0.05);
  });

  it('read an extent only when both bounds are numbers of the field’s kind, so no width is NaN', () => {
    expect(readExtent('number', 31, 4962)).toEqual({ lo: 31, hi: 4962 });
    expect(readExtent('date', '2001-01-01', '2001-07-01T00:00:00+00:00')).toEqual({
      lo: Date.parse('2001-01-01T00:00:00Z'),
      hi: Date.parse('2001-07-01T00:00:00Z'),
    });
    // The previous field's answer (a date range, then a number field chosen): no extent, no request.
    expect(readExtent('number', '2001-01-01T00:01:00+00:00', '2001-07-01T00:00:00+00:00')).toBeUndefined();
    expect(readExtent('date', 0, 12)).toBeUndefined();
    expect(readExtent('number', null, 3)).toBeUndefined();
    expect(histogramWidth('number', { lo: 31, hi: 4962 }, 24, true)).toEqual({ unit: '500', days: 0 });
    expect(histogramWidth('number', { lo: 0, hi: 5.6 }, 24, false).unit).toBe('0.5');
    fc.assert(
      fc.property(
        fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }),
        fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e12, max: 1e12 }),
        fc.boolean(),
        (a, b, integer) => {
          const extent = readExtent('number', Math.min(a, b), Math.max(a, b));
          const unit = Number(histogramWidth('number', extent!, 24, integer).unit);
          expect(Number.isFinite(unit) && unit > 0).toBe(true);
        },
      ),
    );
  });
});
