import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bucketStart, formatRange, niceStep, parseRange, rangeClause } from './range-filter';

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
});
