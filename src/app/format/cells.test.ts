import { describe, expect, it } from 'vitest';
import type { DatasetField } from '../../api';
import { formatCell, formatDateTimeValue, fullText, isKnownTimeZone } from './cells';

const field = (type: string, annotations: Record<string, unknown> = {}): DatasetField => ({
  name: 'f',
  label: 'F',
  type,
  annotations,
});

const US = { locale: 'en-US' };
const DE = { locale: 'de-DE' };

describe('formatCell', () => {
  it('writes numbers in the reader locale, with the field decimals, without separators in codes', () => {
    expect(formatCell(1.23456, field('double', { decimals: 2 }), US)).toEqual({
      kind: 'number',
      text: '1.23',
    });
    expect(formatCell(1.23456, field('double', { decimals: 2 }), DE)).toEqual({
      kind: 'number',
      text: '1,23',
    });
    expect(formatCell(8000000, field('int', { unit: '$' }), US)).toEqual({
      kind: 'number',
      text: '8,000,000',
    });
    expect(formatCell(8000000, field('int'), DE)).toEqual({ kind: 'number', text: '8.000.000' });
    expect(formatCell(1900, field('int', { facet: true }), US)).toEqual({ kind: 'number', text: '1900' });
    expect(formatCell(0, field('int'), US)).toEqual({ kind: 'number', text: '0' });
  });

  it('shows calendar dates as written, whatever the time zone', () => {
    const display = formatCell('2013-02-15', field('date'), { ...US, timeZone: 'America/Los_Angeles' });
    expect(display).toEqual({ kind: 'date', text: 'Feb 15, 2013', raw: '2013-02-15' });
    expect(formatCell('2013-02-15', field('date'), DE)).toMatchObject({ text: '15.02.2013' });
  });

  it('shows date-times on the dataset clock', () => {
    const value = '2018-02-07T01:26:13.840000+00:00';
    expect(formatCell(value, field('datetime'), US)).toEqual({
      kind: 'date',
      text: 'Feb 7, 2018, 1:26:13 AM',
      raw: value,
    });
    // The same instant as a Los Angeles portal answers it with `timezone=America/Los_Angeles`.
    const pacific = '2018-02-06T17:26:13.840000-08:00';
    expect(formatDateTimeValue(pacific, { ...US, timeZone: 'America/Los_Angeles' })).toBe(
      'Feb 6, 2018, 5:26:13 PM',
    );
    expect(formatDateTimeValue(value, { ...DE, timeZone: 'Europe/Paris' })).toBe('7. Feb. 2018, 2:26:13');
    // An unknown zone falls back to UTC rather than failing the whole table.
    expect(formatDateTimeValue(value, { ...US, timeZone: 'Mars/Olympus' })).toBe('Feb 7, 2018, 1:26:13 AM');
    expect(formatCell('not a date', field('datetime'), US)).toMatchObject({ text: 'not a date' });
  });

  it('sums up geo values', () => {
    expect(formatCell({ lat: 47.6062095, lon: -122.3320708 }, field('geo_point_2d'))).toEqual({
      kind: 'geo',
      text: '47.60621, -122.33207',
    });
    expect(
      formatCell({ lat: 47.6062095, lon: -122.3320708 }, field('geo_point_2d'), { locale: 'fr-FR' }),
    ).toEqual({ kind: 'geo', text: '47,60621\u202f; -122,33207' });
    // A list of points (a multivalued field) in the same words.
    expect(formatCell([{ lat: 1.5, lon: 2.25 }], field('geo_point_2d'), { locale: 'fr-FR' })).toEqual({
      kind: 'list',
      items: ['1,5\u202f; 2,25'],
    });
    const shape = {
      type: 'Feature',
      geometry: {
        type: 'Polygon',
        coordinates: [
          [
            [0, 0],
            [1, 0],
            [1, 1],
            [0, 0],
          ],
        ],
      },
    };
    expect(formatCell(shape, field('geo_shape'))).toEqual({ kind: 'geo', text: 'Polygon (4 points)' });
  });

  it('lists multivalued values, dropping blanks', () => {
    expect(formatCell(['a', null, '', 'b'], field('text', { multivalued: ',' }))).toEqual({
      kind: 'list',
      items: ['a', 'b'],
    });
    expect(formatCell([1000, 2.5], field('double'), US)).toEqual({ kind: 'list', items: ['1,000', '2.5'] });
    expect(formatCell([], field('text'))).toEqual({ kind: 'empty' });
  });

  it('links web addresses and files only', () => {
    expect(formatCell('https://example.org/x', field('text'))).toEqual({
      kind: 'link',
      text: 'https://example.org/x',
      href: 'https://example.org/x',
    });
    expect(formatCell('javascript:alert(1)', field('text'))).toEqual({
      kind: 'text',
      text: 'javascript:alert(1)',
    });
    expect(formatCell({ url: 'https://example.org/f.pdf', filename: 'f.pdf' }, field('file'))).toEqual({
      kind: 'link',
      text: 'f.pdf',
      href: 'https://example.org/f.pdf',
    });
    expect(formatCell({ url: 'javascript:x', filename: 'f' }, field('file'))).toEqual({
      kind: 'text',
      text: '{"url":"javascript:x","filename":"f"}',
    });
  });

  it('treats null, undefined and empty text as empty, and spells out other values', () => {
    expect(formatCell(null, field('text'))).toEqual({ kind: 'empty' });
    expect(formatCell(undefined, field('int'))).toEqual({ kind: 'empty' });
    expect(formatCell('', field('text'))).toEqual({ kind: 'empty' });
    expect(formatCell(true, field('boolean'))).toEqual({ kind: 'text', text: 'true' });
    expect(formatCell({ a: 1 }, field('json'))).toEqual({ kind: 'text', text: '{"a":1}' });
  });
});

describe('fullText', () => {
  it('gives long text whole and JSON indented', () => {
    const long = 'word '.repeat(200);
    expect(fullText(long)).toBe(long);
    expect(fullText({ a: [1] })).toBe('{\n  "a": [\n    1\n  ]\n}');
    expect(fullText(null)).toBe('');
  });
});

describe('isKnownTimeZone', () => {
  it('accepts IANA zones and refuses the rest', () => {
    expect(isKnownTimeZone('America/Los_Angeles')).toBe(true);
    expect(isKnownTimeZone('UTC')).toBe(true);
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
    expect(isKnownTimeZone('')).toBe(false);
    expect(isKnownTimeZone(null)).toBe(false);
  });
});
