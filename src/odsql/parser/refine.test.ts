import { describe, expect, it } from 'vitest';
import { formatOdsqlMessage } from '../errors';
import { parseFacetFilter } from './refine';
import { fail, ok } from './test-helpers';

const refine = (text: string) => ok(parseFacetFilter(text, 'refine'));

describe('parseFacetFilter', () => {
  it('reads unquoted values', () => {
    expect(refine('genus:Acer')).toEqual({ facet: 'genus', value: 'Acer' });
    expect(refine('modified:2019/12')).toEqual({ facet: 'modified', value: '2019/12' });
    expect(refine('timezone:Europe/Paris')).toEqual({ facet: 'timezone', value: 'Europe/Paris' });
  });

  it('keeps colons of an unquoted value, splitting at the first colon only', () => {
    expect(refine('time:12:30')).toEqual({ facet: 'time', value: '12:30' });
    expect(refine('url:http://example.com/a')).toEqual({ facet: 'url', value: 'http://example.com/a' });
  });

  it('trims spaces around the facet name and the value, but keeps inner spaces', () => {
    expect(refine(' genus : Acer rubrum ')).toEqual({ facet: 'genus', value: 'Acer rubrum' });
  });

  it('reads double- and single-quoted values with escapes', () => {
    expect(refine('date:"2025/08/25"')).toEqual({ facet: 'date', value: '2025/08/25' });
    expect(refine("date:'2025/08/25'")).toEqual({ facet: 'date', value: '2025/08/25' });
    expect(refine('genus: "Acer rubrum" ')).toEqual({ facet: 'genus', value: 'Acer rubrum' });
    expect(refine(String.raw`name:"say \"hi\""`)).toEqual({ facet: 'name', value: 'say "hi"' });
    expect(refine('name:"a:b"')).toEqual({ facet: 'name', value: 'a:b' });
    expect(refine('name:""')).toEqual({ facet: 'name', value: '' });
  });

  it('reads back-quoted facet names', () => {
    expect(refine('`facet1`:value')).toEqual({ facet: 'facet1', value: 'value' });
    expect(refine('`my facet`:"x"')).toEqual({ facet: 'my facet', value: 'x' });
    expect(refine('`a\\`b`:v')).toEqual({ facet: 'a`b', value: 'v' });
    expect(refine('`a:b`:c')).toEqual({ facet: 'a:b', value: 'c' });
  });

  it('accepts dots and dashes in bare facet names', () => {
    expect(refine('default.theme:Culture')).toEqual({ facet: 'default.theme', value: 'Culture' });
  });

  it('reports the clause it parses', () => {
    expect(fail(parseFacetFilter('genus', 'exclude')).clause).toBe('exclude');
    expect(fail(parseFacetFilter('genus', 'refine')).clause).toBe('refine');
  });

  it('refuses a missing colon, a missing value or a missing name', () => {
    expect(fail(parseFacetFilter('genus', 'refine'))).toMatchObject({
      kind: 'syntax',
      message: 'expected : after the facet name at position 5 (refine takes facet:value)',
      from: 5,
    });
    expect(fail(parseFacetFilter('genus:', 'exclude'))).toMatchObject({
      message: 'missing value after genus: at position 6',
      from: 6,
    });
    expect(fail(parseFacetFilter('genus:   ', 'refine')).message).toBe(
      'missing value after genus: at position 9',
    );
    expect(fail(parseFacetFilter(':x', 'refine'))).toMatchObject({
      message: 'expected a facet name at position 0',
    });
    expect(fail(parseFacetFilter('é:x', 'refine')).message).toBe('expected a facet name at position 0');
    expect(fail(parseFacetFilter('', 'refine')).message).toBe('expected a facet name at position 0');
  });

  it('refuses malformed quoted values and unterminated back-quotes', () => {
    expect(fail(parseFacetFilter('genus:"abc', 'refine'))).toMatchObject({
      message: 'malformed quoted value at position 6',
      from: 6,
    });
    expect(fail(parseFacetFilter('genus: "a" x', 'refine'))).toMatchObject({
      message: 'malformed quoted value at position 7',
    });
    expect(fail(parseFacetFilter('`abc:x', 'refine'))).toMatchObject({
      message: 'unterminated field name, missing closing ` at position 0',
    });
  });

  it('formats its errors once, with the clause name', () => {
    expect(formatOdsqlMessage([fail(parseFacetFilter('genus:', 'refine'))])).toBe(
      'ODSQL syntax exception: missing value after genus: at position 6 in genus:. ' +
        'Clause(s) containing the error(s): refine.',
    );
  });
});
