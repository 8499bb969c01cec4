import { describe, expect, it } from 'vitest';
import { buildQuery } from './params';

describe('buildQuery', () => {
  it('repeats refine, exclude, facet and where once per value, in a stable order', () => {
    const query = buildQuery({
      facet: ['weather', 'date'],
      exclude: ['weather:sun'],
      refine: ['date:2013', 'weather:rain'],
      where: ['search("fog")', 'temp_max > 10'],
      limit: 20,
      offset: 40,
      order_by: 'date desc',
    });
    const search = new URLSearchParams(query);
    expect([...search.keys()]).toEqual([
      'where',
      'where',
      'order_by',
      'limit',
      'offset',
      'refine',
      'refine',
      'exclude',
      'facet',
      'facet',
    ]);
    expect(search.getAll('refine')).toEqual(['date:2013', 'weather:rain']);
    expect(search.getAll('where')).toEqual(['search("fog")', 'temp_max > 10']);
    expect(search.get('offset')).toBe('40');
  });

  it('leaves out empty and blank values but keeps zero', () => {
    expect(buildQuery({ where: '  ', refine: [], offset: 0, select: '' })).toBe('offset=0');
  });

  it('percent-encodes values so a colon, quote or ampersand survives', () => {
    const query = buildQuery({ refine: ['publisher:A & B: "C"'], lang: 'en', timezone: 'Europe/Paris' });
    expect(new URLSearchParams(query).get('refine')).toBe('publisher:A & B: "C"');
    expect(query).toContain('refine=publisher:A%20%26%20B:%20%22C%22');
    expect(query).toContain('timezone=Europe/Paris');
  });
});
