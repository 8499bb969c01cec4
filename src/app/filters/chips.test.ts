import { describe, expect, it } from 'vitest';
import { filterChips } from './chips';

describe('filterChips', () => {
  it('lists the search, each refine and each exclude with readable labels', () => {
    const chips = filterChips(
      {
        q: 'fog',
        refine: [{ facet: 'date', value: '2013/02' }],
        exclude: [{ facet: 'weather', value: 'sun' }],
      },
      {
        facetLabel: (facet) => (facet === 'date' ? 'Date' : 'Weather'),
        valueLabel: (facet, value) => (facet === 'date' ? 'February 2013' : value),
      },
    );
    expect(chips.map((c) => [c.kind, c.label])).toEqual([
      ['search', 'Search: “fog”'],
      ['refine', 'Date: February 2013'],
      ['exclude', 'Weather: not sun'],
    ]);
    expect(new Set(chips.map((c) => c.key)).size).toBe(3);
  });
});
