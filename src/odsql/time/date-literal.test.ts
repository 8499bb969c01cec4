import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type DateLiteralValue, localToIsoString, parseDateLiteral } from './date-literal';

function value(text: string): DateLiteralValue {
  const result = parseDateLiteral(text);
  if (!result.ok) throw new Error(result.message);
  return result.value;
}

const start = { month: 1, day: 1, hour: 0, minute: 0, second: 0, millisecond: 0 };

describe('parseDateLiteral', () => {
  it('reads partial ISO dates as the start of the period', () => {
    expect(value('1972')).toEqual({ kind: 'local', precision: 'year', ...start, year: 1972 });
    expect(value('2017-04')).toEqual({ kind: 'local', precision: 'month', ...start, year: 2017, month: 4 });
    expect(value('2017-04-03')).toEqual({
      kind: 'local',
      precision: 'day',
      ...start,
      year: 2017,
      month: 4,
      day: 3,
    });
    expect(value('2017-04-03T08')).toMatchObject({ precision: 'hour', hour: 8, minute: 0 });
    expect(value('2017-04-03T08:02')).toEqual({
      kind: 'local',
      precision: 'minute',
      ...start,
      year: 2017,
      month: 4,
      day: 3,
      hour: 8,
      minute: 2,
    });
    expect(value('2017-04-03T08:02:05')).toMatchObject({ precision: 'second', second: 5, millisecond: 0 });
    expect(value('2017-04-03T08:02:05.123')).toMatchObject({ precision: 'millisecond', millisecond: 123 });
  });

  it('reads fractions of any length, keeping milliseconds', () => {
    expect(value('2017-04-03T08:02:05.1')).toMatchObject({ millisecond: 100 });
    expect(value('2017-04-03T08:02:05.12')).toMatchObject({ millisecond: 120 });
    expect(value('2017-04-03T08:02:05.123456789')).toMatchObject({ millisecond: 123 });
    expect(value('2017-04-03T08:02:05,5')).toMatchObject({ millisecond: 500 });
  });

  it('accepts a space for T, slashes, one-digit month and day, and surrounding blanks', () => {
    expect(value('2017-04-03 08:02')).toEqual(value('2017-04-03T08:02'));
    expect(value('2018/04/01')).toEqual(value('2018-04-01'));
    expect(value('2018/04')).toEqual(value('2018-04'));
    expect(value('2018/4/1')).toEqual(value('2018-04-01'));
    expect(value('2018/04/01 10:00')).toEqual(value('2018-04-01T10:00'));
    expect(value(' 2018-04-01 ')).toEqual(value('2018-04-01'));
    expect(value('2017-04-03t08:02z')).toEqual(value('2017-04-03T08:02Z'));
  });

  it('reads offsets as instants', () => {
    expect(value('2017-04-03T08:02Z')).toEqual({
      kind: 'instant',
      precision: 'minute',
      epochMs: Date.parse('2017-04-03T08:02:00Z'),
    });
    const expected = Date.parse('2017-04-03T06:02:05.250Z');
    for (const text of [
      '2017-04-03T08:02:05.25+02:00',
      '2017-04-03T08:02:05.25+0200',
      '2017-04-03T08:02:05.25+02',
    ]) {
      expect(value(text)).toEqual({ kind: 'instant', precision: 'millisecond', epochMs: expected });
    }
    expect(value('2017-04-03 00:30-05:30')).toMatchObject({ epochMs: Date.parse('2017-04-03T06:00:00Z') });
    expect(value('0001-01-01T00:00Z')).toMatchObject({ epochMs: Date.parse('0001-01-01T00:00:00Z') });
  });

  it('validates ranges', () => {
    for (const text of [
      '2017-13-01',
      '2017-00-01',
      '2017-04-31',
      '2017-02-29',
      '1900-02-29',
      '2017-04-03T24:00',
      '2017-04-03T23:60',
      '2017-04-03T23:59:60',
      '0000',
      '2017-04-03T08:02+19:00',
      '2017-04-03T08:02+01:60',
    ]) {
      expect(parseDateLiteral(text), text).toEqual({ ok: false, message: `Cannot parse date: ${text}` });
    }
    expect(value('2016-02-29')).toMatchObject({ month: 2, day: 29 });
    expect(value('2000-02-29')).toMatchObject({ month: 2, day: 29 });
    expect(value('9999-12-31T23:59:59.999')).toMatchObject({ year: 9999, millisecond: 999 });
  });

  it('refuses malformed text', () => {
    for (const text of [
      '',
      'yesterday',
      '17',
      '12345',
      '2017-04/03',
      '2017-04-03T8:02',
      '2017-04-03T',
      '2017-04-03Z',
      '2017-04-03T08:02:05.',
      '2017-04-03T08:02:05.1234567890',
      '2017-04-03T08:02 +02:00',
      '٢٠١٧',
    ]) {
      expect(parseDateLiteral(text).ok, text).toBe(false);
    }
  });

  it('keeps messages short for long input', () => {
    const result = parseDateLiteral('9'.repeat(10_000));
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.message.length).toBeLessThan(100);
  });

  it('never throws on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 40 }), (text) => {
        expect(typeof parseDateLiteral(text).ok).toBe('boolean');
      }),
      { numRuns: 2000 },
    );
    const pieces = fc.constantFrom(
      '2017',
      '-',
      '/',
      '04',
      '4',
      'T',
      ' ',
      ':',
      '08',
      '.',
      '123',
      'Z',
      '+02:00',
      '99',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 12 }), (parts) => {
        expect(typeof parseDateLiteral(parts.join('')).ok).toBe('boolean');
      }),
      { numRuns: 2000 },
    );
  });

  it('agrees with Date.parse on valid instants', () => {
    const instant = fc.date({
      min: new Date('0001-01-01T00:00:00Z'),
      max: new Date('9999-12-31T23:59:59Z'),
      noInvalidDate: true,
    });
    fc.assert(
      fc.property(instant, (date) => {
        expect(value(date.toISOString())).toEqual({
          kind: 'instant',
          precision: 'millisecond',
          epochMs: date.getTime(),
        });
      }),
    );
  });
});

describe('localToIsoString', () => {
  it('writes what DuckDB casts to TIMESTAMP', () => {
    expect(
      localToIsoString({ year: 2017, month: 4, day: 3, hour: 8, minute: 2, second: 5, millisecond: 7 }),
    ).toBe('2017-04-03 08:02:05.007');
    const v = value('0042');
    if (v.kind !== 'local') throw new Error('expected a local value');
    expect(localToIsoString(v)).toBe('0042-01-01 00:00:00.000');
  });
});
