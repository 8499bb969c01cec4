import { describe, expect, it } from 'vitest';
import { facetFilter, orderByClause, quoteField, searchClause } from './odsql';

describe('ODSQL fragments', () => {
  it('leaves plain field names alone and back-quotes reserved or unusual ones', () => {
    expect(quoteField('temp_max')).toBe('temp_max');
    expect(quoteField('year')).toBe('`year`');
    expect(quoteField('Date')).toBe('`Date`');
    expect(quoteField('2020')).toBe('`2020`');
    expect(quoteField('a`b')).toBe('`a\\`b`');
    expect(quoteField('prénom')).toBe('`prénom`');
  });

  it('escapes quotes and backslashes of searched text', () => {
    expect(searchClause('rain')).toBe('search("rain")');
    expect(searchClause('say "hi" \\o/')).toBe('search("say \\"hi\\" \\\\o/")');
  });

  it('writes order_by and facet filters', () => {
    expect(orderByClause('year', 'desc')).toBe('`year` desc');
    expect(orderByClause('temp_max', 'asc')).toBe('temp_max asc');
    expect(facetFilter('date', '2013/02')).toBe('date:2013/02');
  });
});
