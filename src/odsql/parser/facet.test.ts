import { describe, expect, it } from 'vitest';
import { formatOdsqlMessage } from '../errors';
import { FACET_SORTS, parseFacet } from './facet';
import { fail, ok } from './test-helpers';

describe('parseFacet', () => {
  it('reads a plain field name, bare or back-quoted', () => {
    expect(ok(parseFacet('genus'))).toEqual({ name: 'genus', from: 0, to: 5 });
    expect(ok(parseFacet('`my facet`'))).toMatchObject({ name: 'my facet' });
    expect(ok(parseFacet(' facet '))).toMatchObject({ name: 'facet' });
  });

  it('reads facet() with every option', () => {
    const text =
      'facet(name="genus", sort="-count", limit=10, disjunctive=true, hierarchical=false, separator="/")';
    expect(ok(parseFacet(text))).toEqual({
      name: 'genus',
      sort: '-count',
      limit: 10,
      disjunctive: true,
      hierarchical: false,
      separator: '/',
      from: 0,
      to: text.length,
    });
  });

  it('accepts option names and FACET in any case, any order, unquoted names and booleans', () => {
    expect(ok(parseFacet('FACET(LIMIT=3, Name=genus, DISJUNCTIVE=TRUE)'))).toMatchObject({
      name: 'genus',
      limit: 3,
      disjunctive: true,
    });
    expect(ok(parseFacet("facet(name='genus')"))).toMatchObject({ name: 'genus' });
    expect(ok(parseFacet('facet(name=`my facet`)'))).toMatchObject({ name: 'my facet' });
  });

  it('accepts every documented sort', () => {
    for (const sort of FACET_SORTS) expect(ok(parseFacet(`facet(name="g", sort="${sort}")`)).sort).toBe(sort);
    expect(FACET_SORTS).toEqual(['count', '-count', 'alphanum', '-alphanum', 'num', '-num']);
  });

  it('leaves unset options out', () => {
    const facet = ok(parseFacet('facet(name="g")'));
    expect(Object.keys(facet).sort()).toEqual(['from', 'name', 'to']);
  });

  it('refuses facet() without a name', () => {
    expect(fail(parseFacet('facet()'))).toMatchObject({
      message: 'facet() needs name="field" at position 0',
      clause: 'facet',
    });
    expect(fail(parseFacet('facet(sort="count")')).message).toBe('facet() needs name="field" at position 0');
    expect(fail(parseFacet('facet(name="")')).message).toBe('facet() needs name="field" at position 0');
    expect(fail(parseFacet('facet(name=3)')).message).toBe('facet() needs name="field" at position 0');
  });

  it('refuses bad option values', () => {
    expect(fail(parseFacet('facet(name="g", sort="x")')).message).toBe(
      'sort must be one of count, -count, alphanum, -alphanum, num, -num at position 16',
    );
    expect(fail(parseFacet('facet(name="g", limit=0)')).message).toBe(
      'limit must be a positive integer at position 16',
    );
    expect(fail(parseFacet('facet(name="g", limit=1.5)')).message).toBe(
      'limit must be a positive integer at position 16',
    );
    expect(fail(parseFacet('facet(name="g", limit="5")')).message).toBe(
      'limit must be a positive integer at position 16',
    );
    expect(fail(parseFacet('facet(name="g", disjunctive="yes")')).message).toBe(
      'disjunctive must be true or false at position 16',
    );
    expect(fail(parseFacet('facet(name="g", hierarchical=1)')).message).toBe(
      'hierarchical must be true or false at position 16',
    );
    expect(fail(parseFacet('facet(name="g", separator="")')).message).toBe(
      'separator must be a non-empty text at position 16',
    );
  });

  it('refuses unknown and repeated options, and missing values', () => {
    expect(fail(parseFacet('facet(name="g", bogus=1)'))).toMatchObject({
      message: 'unexpected bogus at position 16',
      expected: ['name=', 'sort=', 'limit=', 'disjunctive=', 'hierarchical=', 'separator='],
    });
    expect(fail(parseFacet('facet(name="g", name="h")')).message).toBe('name given twice at position 16');
    expect(fail(parseFacet('facet(name=)'))).toMatchObject({
      message: 'unexpected ) at position 11',
      expected: ['a value'],
    });
    expect(fail(parseFacet('facet(name "g")')).expected).toEqual(['=']);
    expect(fail(parseFacet('facet(name="g", limit=-1)')).message).toBe('unexpected - at position 22');
  });

  it('refuses trailing text and malformed names', () => {
    expect(fail(parseFacet('facet(name="g") x'))).toMatchObject({
      message: 'unexpected x at position 16',
      expected: ['end of input'],
    });
    expect(fail(parseFacet('genus x')).message).toBe('unexpected x at position 6');
    expect(fail(parseFacet('')).message).toBe('unexpected end of input at position 0');
    expect(fail(parseFacet('and')).expected).toEqual(['a field name']);
    expect(fail(parseFacet('facet(name="g"')).expected).toEqual([')']);
  });

  it('formats facet errors as syntax errors of the facet clause', () => {
    expect(formatOdsqlMessage([fail(parseFacet('facet(name="g", limit=0)'))])).toBe(
      'ODSQL syntax exception: limit must be a positive integer at position 16 in ' +
        'facet(name="g", limit=0). ' +
        'Clause(s) containing the error(s): facet.',
    );
  });
});
