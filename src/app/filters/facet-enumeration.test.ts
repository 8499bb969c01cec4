import { describe, expect, it } from 'vitest';
import { NO_FILTERS } from '../routes/search-params';
import {
  type FacetValuesRequest,
  facetExpression,
  facetValuesParams,
  shownValues,
  sortsFor,
} from './facet-enumeration';

const request: FacetValuesRequest = {
  facet: 'origin',
  kind: 'text',
  limit: 100,
  search: '',
  disjunctive: false,
};

describe('facet values beyond the shared request', () => {
  it('names the order and the number of values in the facet expression', () => {
    expect(facetExpression(request)).toBe('facet(name="origin", limit=100)');
    expect(facetExpression({ ...request, sort: '-alphanum', limit: 200 })).toBe(
      'facet(name="origin", sort="-alphanum", limit=200)',
    );
    // Numbers are searched here, over many more values.
    expect(facetExpression({ ...request, kind: 'number', search: '20' })).toBe(
      'facet(name="origin", limit=1000)',
    );
  });

  it('asks the portal to search a text facet, with the other filters', () => {
    const filters = { ...NO_FILTERS, q: 'late', exclude: [{ facet: 'dest', value: 'SFO' }] };
    expect(facetValuesParams(filters, { ...request, search: 'gst' })).toEqual({
      where: ['search("late")', 'search(origin, "gst")'],
      exclude: ['dest:SFO'],
      facet: ['facet(name="origin", limit=100)'],
    });
  });

  it('counts an OR-ed facet without its own refines, and marks them chosen', () => {
    const filters = {
      ...NO_FILTERS,
      refine: [
        { facet: 'origin', value: 'ACY' },
        { facet: 'origin', value: 'GST' },
        { facet: 'dest', value: 'SFO' },
      ],
      disjunctive: ['origin'],
    };
    const ored = { ...request, disjunctive: true };
    expect(facetValuesParams(filters, ored)).toEqual({
      refine: ['dest:SFO'],
      facet: ['facet(name="origin", limit=100)'],
    });
    const values = [
      { name: 'ACY', value: 'ACY', count: 1, state: 'displayed' },
      { name: 'ATL', value: 'ATL', count: 9, state: 'displayed' },
    ];
    expect(shownValues(values, filters, ored, (v) => v.name).map((v) => v.state)).toEqual([
      'refined',
      'displayed',
    ]);
    expect(shownValues(values, filters, { ...ored, search: 'at' }, (v) => v.name)).toHaveLength(1);
  });

  it('offers the orders the portal allows for each kind of value', () => {
    expect(sortsFor('number')).toContain('-num');
    expect(sortsFor('number')).not.toContain('alphanum');
    expect(sortsFor('text')).toContain('alphanum');
    expect(sortsFor('date')[0]).toBe('alphanum');
  });
});
