import { describe, expect, it } from 'vitest';
import type { Filters } from '../routes/search-params';
import { exclude, refine, removeFilter, unexclude, unrefine } from './facet-actions';

const none: Filters = { q: '', refine: [], exclude: [] };
const flat = (facet: string, value: string) => ({ facet, value, ancestors: [], hierarchical: false });

describe('facet actions', () => {
  it('refines a value and drops an exclude of the same value', () => {
    const excluded = exclude(none, flat('weather', 'sun'));
    expect(excluded.exclude).toEqual([{ facet: 'weather', value: 'sun' }]);
    const refined = refine(excluded, flat('weather', 'sun'));
    expect(refined).toEqual({ q: '', refine: [{ facet: 'weather', value: 'sun' }], exclude: [] });
  });

  it('keeps several refines of one flat facet', () => {
    const one = refine(none, flat('types', 'origin'));
    expect(refine(one, flat('types', 'phase-data')).refine).toHaveLength(2);
  });

  it('replaces the year by the month when drilling down, and goes back up when un-refining the month', () => {
    const year = refine(none, { facet: 'date', value: '2013', ancestors: [], hierarchical: true });
    const month = refine(year, { facet: 'date', value: '2013/02', ancestors: ['2013'], hierarchical: true });
    expect(month.refine).toEqual([{ facet: 'date', value: '2013/02' }]);
    const back = unrefine(month, {
      facet: 'date',
      value: '2013/02',
      ancestors: ['2013'],
      hierarchical: true,
    });
    expect(back.refine).toEqual([{ facet: 'date', value: '2013' }]);
  });

  it('un-refining a year also drops the months refined below it', () => {
    const filters: Filters = { ...none, refine: [{ facet: 'date', value: '2013/02' }] };
    const cleared = unrefine(filters, { facet: 'date', value: '2013', ancestors: [], hierarchical: true });
    expect(cleared.refine).toEqual([]);
  });

  it('does not read slashes as a hierarchy in flat facets', () => {
    const filters: Filters = { ...none, refine: [{ facet: 'genre', value: 'Rock/Pop' }] };
    expect(refine(filters, flat('genre', 'Rock')).refine).toHaveLength(2);
  });

  it('un-excludes and removes single filters', () => {
    const filters = exclude(exclude(none, flat('weather', 'sun')), flat('weather', 'fog'));
    expect(unexclude(filters, flat('weather', 'sun')).exclude).toEqual([{ facet: 'weather', value: 'fog' }]);
    expect(removeFilter(filters, 'exclude', { facet: 'weather', value: 'fog' }).exclude).toEqual([
      { facet: 'weather', value: 'sun' },
    ]);
  });
});
