import { describe, expect, it } from 'vitest';
import {
  binExpression,
  binLabel,
  binOf,
  CATEGORY_COLOURS,
  categoryColours,
  categoryExpression,
  NO_VALUE_COLOUR,
  OTHER_COLOUR,
  quantileBins,
  SEQUENTIAL_COLOURS,
} from './colour-scales';

describe('quantile bins', () => {
  it('cuts values into five bins of about equal counts, light to dark', () => {
    const bins = quantileBins([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(bins.map((b) => [b.from, b.to])).toEqual([
      [1, 3],
      [3, 5],
      [5, 7],
      [7, 9],
      [9, 10],
    ]);
    expect(bins.map((b) => b.colour)).toEqual([...SEQUENTIAL_COLOURS]);
  });

  it('merges bins where values repeat, keeping the scale from light to dark', () => {
    const bins = quantileBins([1, 1, 1, 1, 1, 1, 1, 1, 50, 100]);
    expect(bins.map((b) => [b.from, b.to])).toEqual([
      [1, 50],
      [50, 100],
    ]);
    expect(bins.map((b) => b.colour)).toEqual([SEQUENTIAL_COLOURS[0], SEQUENTIAL_COLOURS[4]]);
  });

  it('gives one bin for one value, none for no value; ignores what is not a number', () => {
    expect(quantileBins([7, 7, Number.NaN])).toEqual([{ from: 7, to: 7, colour: SEQUENTIAL_COLOURS[4] }]);
    expect(quantileBins([])).toEqual([]);
  });

  it('finds the bin of a value, the last one including its end', () => {
    const bins = quantileBins([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(binOf(bins, 3)?.from).toBe(3);
    expect(binOf(bins, 10)?.from).toBe(9);
    expect(binOf(bins, 11)).toBeUndefined();
  });

  it('colours features by step, those without a number grey', () => {
    const bins = quantileBins([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(binExpression(bins, 'value')).toEqual([
      'case',
      ['==', ['typeof', ['get', 'value']], 'number'],
      [
        'step',
        ['to-number', ['get', 'value']],
        bins[0]!.colour,
        3,
        bins[1]!.colour,
        5,
        bins[2]!.colour,
        7,
        bins[3]!.colour,
        9,
        bins[4]!.colour,
      ],
      NO_VALUE_COLOUR,
    ]);
    expect(binExpression([], 'value')).toBe(NO_VALUE_COLOUR);
  });

  it('labels a bin with the reader’s number format', () => {
    const format = (n: number) => n.toLocaleString('fr-FR');
    expect(binLabel({ from: 1000, to: 2500.5, colour: '' }, format)).toBe('1\u202f000 – 2\u202f500,5');
    expect(binLabel({ from: 3, to: 3, colour: '' }, format)).toBe('3');
  });
});

describe('category colours', () => {
  it('gives the most frequent values the Okabe–Ito colours, the rest grey', () => {
    const values = ['TX', 'CA', 'AK', 'FL', 'OH', 'NY', 'IL', 'PA', 'MI'];
    const colours = categoryColours(values);
    expect(colours).toHaveLength(CATEGORY_COLOURS.length);
    expect(colours[0]).toEqual({ value: 'TX', colour: '#E69F00' });
    const expression = categoryExpression(colours, 'state') as unknown[];
    expect(expression.slice(0, 4)).toEqual(['match', ['to-string', ['get', 'state']], 'TX', '#E69F00']);
    expect(expression.at(-1)).toBe(OTHER_COLOUR);
    expect(expression).not.toContain('PA');
  });
});
