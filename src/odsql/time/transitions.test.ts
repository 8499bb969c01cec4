import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_SPANS, offsetSpans, zoneOffsets } from './transitions';
import { offsetAt } from './zones';

const at = (iso: string): number => Date.parse(iso);
const HOUR = 3_600_000;

describe('offsetSpans', () => {
  it('finds the daylight saving changes of a year, to the millisecond', () => {
    const spans = offsetSpans('Europe/Paris', at('2021-01-01T00:00:00Z'), at('2022-01-01T00:00:00Z'))!;
    expect(spans).toEqual([
      { until: at('2021-03-28T01:00:00Z'), offsetMs: HOUR },
      { until: at('2021-10-31T01:00:00Z'), offsetMs: 2 * HOUR },
      { offsetMs: HOUR },
    ]);
  });

  it('is one span for a zone without changes', () => {
    expect(offsetSpans('UTC', 0, at('2030-01-01T00:00:00Z'))).toEqual([{ offsetMs: 0 }]);
    expect(offsetSpans('Asia/Tokyo', at('2000-01-01T00:00:00Z'), at('2010-01-01T00:00:00Z'))).toEqual([
      { offsetMs: 9 * HOUR },
    ]);
  });

  it('gives up beyond MAX_SPANS changes', () => {
    const years = MAX_SPANS;
    expect(
      offsetSpans('America/New_York', at('1990-01-01T00:00:00Z'), at(`${1990 + years}-01-01T00:00:00Z`)),
    ).toBe(undefined);
  });

  it('gives the offset of every instant in range', () => {
    const from = at('2001-01-01T00:00:00Z');
    const to = at('2004-01-01T00:00:00Z');
    const spans = offsetSpans('America/Los_Angeles', from, to)!;
    fc.assert(
      fc.property(fc.integer({ min: from, max: to - 1 }), (t) => {
        const span = spans.find((s) => s.until === undefined || t < s.until)!;
        expect(span.offsetMs).toBe(offsetAt(t, 'America/Los_Angeles'));
      }),
      { numRuns: 2000 },
    );
  });
});

describe('zoneOffsets', () => {
  it('gives the offset offsetAt gives, for any instant', () => {
    for (const tz of ['Europe/Paris', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC']) {
      const offsets = zoneOffsets(tz);
      fc.assert(
        fc.property(fc.integer({ min: -5e12, max: 5e12 }), (ms) => {
          expect(offsets(ms)).toBe(offsetAt(ms, tz));
        }),
        { numRuns: 300 },
      );
      // Around a change, to the millisecond.
      const change = at('2021-03-28T01:00:00Z');
      if (tz === 'Europe/Paris') {
        expect(offsets(change - 1)).toBe(HOUR);
        expect(offsets(change)).toBe(2 * HOUR);
      }
    }
  });
});
