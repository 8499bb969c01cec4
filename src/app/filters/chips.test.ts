import { describe, expect, it } from 'vitest';
import { filterChips, withoutChip } from './chips';

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

  it('shows a typed query as its own chip, and each chip removes only its filter', () => {
    const filters = {
      q: 'fog',
      where: 'temp_max > 20',
      refine: [{ facet: 'weather', value: 'rain' }],
      exclude: [{ facet: 'weather', value: 'sun' }],
    };
    const chips = filterChips(filters, { facetLabel: (f) => f, valueLabel: (_f, v) => v });
    expect(chips.map((c) => c.label)).toEqual([
      'Search: “fog”',
      'Query: temp_max > 20',
      'weather: rain',
      'weather: not sun',
    ]);
    const [search, query, refine, exclude] = chips;
    expect(withoutChip(filters, search!)).toEqual({ ...filters, q: '' });
    expect(withoutChip(filters, query!)).toEqual({
      q: 'fog',
      refine: filters.refine,
      exclude: filters.exclude,
    });
    expect(withoutChip(filters, refine!).refine).toEqual([]);
    expect(withoutChip(filters, exclude!)).toEqual({ ...filters, exclude: [] });
  });
});

describe('the map area chip', () => {
  const labels = { facetLabel: () => 'Coordinates', valueLabel: (_: string, value: string) => value };
  const geo = { kind: 'bbox', field: 'coordinates', south: 1, west: 2, north: 3, east: 4 } as const;

  it('shows the drawn area last, and removing it keeps the other filters', () => {
    const filters = { q: 'x', refine: [{ facet: 'state', value: 'NY' }], exclude: [], geo };
    const chips = filterChips(filters, labels);
    expect(chips.map((c) => c.kind)).toEqual(['search', 'refine', 'geo']);
    const chip = chips.at(-1);
    expect(chip && withoutChip(filters, chip)).toEqual({ ...filters, geo: undefined });
    const search = chips[0];
    expect(search && withoutChip(filters, search)).toEqual({ ...filters, q: '' });
  });
});
