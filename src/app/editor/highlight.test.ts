import { describe, expect, it } from 'vitest';
import { highlightClause } from './highlight';

const fields = new Set(['origin', 'delay', 'year']);

function styled(text: string): string[] {
  return highlightClause(text, fields).map((s) => `${text.slice(s.from, s.to)}:${s.style}`);
}

describe('highlightClause', () => {
  it('styles the tokens of the project lexer', () => {
    expect(styled('origin = "SFO" and avg(delay) >= 10.5')).toEqual([
      'origin:field',
      '=:operator',
      '"SFO":string',
      'and:keyword',
      'avg:function',
      'delay:field',
      '>=:operator',
      '10.5:number',
    ]);
    expect(styled("`my field` > date'2020-01-01'")).toEqual([
      '`my field`:field',
      '>:operator',
      "date'2020-01-01':literal",
    ]);
  });

  it('tells a field named like a function from the function', () => {
    expect(styled('year(date), year desc')).toEqual(['year:function', 'year:field', 'desc:keyword']);
  });

  it('keeps styling before a lexical error and marks the rest', () => {
    expect(styled('origin = "SF')).toEqual(['origin:field', '=:operator', '"SF:string']);
    expect(styled('delay > 1 § 2')).toEqual(['delay:field', '>:operator', '1:number', '§ 2:invalid']);
  });

  it('leaves unknown words and brackets plain', () => {
    expect(styled('foo(bar)')).toEqual([]);
  });
});
