import { describe, expect, it } from 'vitest';
import { formatDate, formatDatePath, formatDatePathLeaf, formatDateTime } from './dates';
import { describeShape, formatGeoPoint } from './geo';
import { excerpt } from './markdown';
import { formatCompactCount, formatNumber } from './numbers';
import { looksLikeHtml, stripMarkup } from './text';

describe('text', () => {
  it('strips tags and entities from HTML descriptions', () => {
    expect(stripMarkup('<div><p>Trees&nbsp;of <b>Vancouver</b></p><p>Daily&#8217;s</p></div>')).toBe(
      'Trees of Vancouver Daily’s',
    );
    expect(looksLikeHtml('<p>x</p>')).toBe(true);
    expect(looksLikeHtml('a < b and c > d')).toBe(false);
  });

  it('cuts excerpts at a word', () => {
    const text = 'word '.repeat(100);
    const short = excerpt(text, 50);
    expect(short.length).toBeLessThanOrEqual(51);
    expect(short.endsWith('word…')).toBe(true);
    expect(excerpt('Short text.')).toBe('Short text.');
  });
});

describe('numbers', () => {
  it('writes counts on map clusters with three figures at most', () => {
    expect([950, 1234, 12_934, 166_341, 2_433_000].map(formatCompactCount)).toEqual([
      '950',
      '1.2K',
      '12.9K',
      '166K',
      '2.4M',
    ]);
  });

  it('groups thousands unless told not to, and honours decimals', () => {
    expect(formatNumber(6000)).toBe('6,000');
    expect(formatNumber(1900, { grouping: false })).toBe('1900');
    expect(formatNumber(1267360)).toBe('1,267,360');
    expect(formatNumber(2.5)).toBe('2.5');
    expect(formatNumber(2, { decimals: 2 })).toBe('2.00');
  });
});

describe('dates', () => {
  it('formats date and datetime values in UTC', () => {
    expect(formatDate('2013-02-15')).toBe('Feb 15, 2013');
    expect(formatDateTime('2018-02-07T01:26:13.840000+00:00')).toBe('Feb 7, 2018, 01:26:13');
    expect(formatDate('not a date')).toBe('not a date');
  });

  it('names facet paths', () => {
    expect(formatDatePath('2013')).toBe('2013');
    expect(formatDatePath('2013/02')).toBe('February 2013');
    expect(formatDatePath('2013/02/05')).toBe('February 5, 2013');
    expect(formatDatePathLeaf('2013/02')).toBe('February');
    expect(formatDatePathLeaf('2013/02/05')).toBe('5');
    expect(formatDatePathLeaf('other')).toBe('other');
  });
});

describe('geo', () => {
  it('writes points as lat, lon and sums up shapes', () => {
    expect(formatGeoPoint({ lat: 47.6062095, lon: -122.3320708 })).toBe('47.60621, -122.33207');
    // French decimals are commas: a semicolon parts latitude from longitude.
    expect(formatGeoPoint({ lat: 33.64044, lon: -84.426944 }, 'fr-FR')).toBe('33,64044\u202f; -84,42694');
    expect(formatGeoPoint({ lat: 33.64044, lon: -84.426944 }, 'en-US')).toBe('33.64044, -84.42694');
    expect(formatGeoPoint({ lat: -0.000001, lon: 1234.5 }, 'en-US')).toBe('0, 1234.5');
    const square = [
      [
        [0, 0],
        [1, 0],
        [1, 1],
        [0, 0],
      ],
    ];
    expect(describeShape({ type: 'Feature', geometry: { type: 'Polygon', coordinates: square } })).toBe(
      'Polygon (4 points)',
    );
    expect(describeShape({ type: 'MultiPolygon', coordinates: [square, square] })).toBe(
      'MultiPolygon (8 points)',
    );
    expect(describeShape({ type: 'Point', coordinates: [1, 2] })).toBe('Point (1 point)');
    expect(describeShape('x')).toBeUndefined();
  });
});

describe('Markdown descriptions', () => {
  it('lose their marks in card excerpts', () => {
    expect(
      excerpt(
        'Flights from the `flights-3m.parquet` file, **3 million** of them; see [the source](https://x.org).',
      ),
    ).toBe('Flights from the flights-3m.parquet file, 3 million of them; see the source.');
  });
});
