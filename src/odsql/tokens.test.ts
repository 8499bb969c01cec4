import { describe, expect, it } from 'vitest';
import { lex, type Token, type TokenKind } from './tokens';

function tokens(text: string): Token[] {
  const result = lex(text);
  if (!result.ok) throw new Error(`lex failed: ${result.diagnostic.message}`);
  return result.tokens;
}

/** `kind:value` of every token but the final eof. */
function summary(text: string): string[] {
  return tokens(text)
    .filter((t) => t.kind !== 'eof')
    .map((t) => `${t.kind}:${t.value}`);
}

function lexError(text: string): { message: string; from: number; to: number } {
  const result = lex(text);
  if (result.ok) throw new Error(`lexed: ${JSON.stringify(result.tokens)}`);
  return { message: result.diagnostic.message, from: result.diagnostic.from, to: result.diagnostic.to };
}

describe('lex: token kinds', () => {
  it('produces every token kind', () => {
    const text = "name `my field` 'single' \"double\" 12.5 date'2020' geom'POINT(1 2)' ( ";
    const kinds: TokenKind[] = tokens(text).map((t) => t.kind);
    expect(kinds).toEqual([
      'ident',
      'quoted_ident',
      'string',
      'string',
      'number',
      'date',
      'geom',
      'punct',
      'eof',
    ]);
  });

  it('reads every punctuation mark, longest first', () => {
    expect(summary('.. <= >= != <> ( ) , * + - / = < > : [ ]')).toEqual([
      'punct:..',
      'punct:<=',
      'punct:>=',
      'punct:!=',
      'punct:!=',
      'punct:(',
      'punct:)',
      'punct:,',
      'punct:*',
      'punct:+',
      'punct:-',
      'punct:/',
      'punct:=',
      'punct:<',
      'punct:>',
      'punct::',
      'punct:[',
      'punct:]',
    ]);
    expect(summary('a<=b')).toEqual(['ident:a', 'punct:<=', 'ident:b']);
  });

  it('reads <> as !=', () => {
    expect(summary('a <> 1')).toEqual(['ident:a', 'punct:!=', 'number:1']);
  });

  it('keeps identifiers as written (keywords are recognised by the parser)', () => {
    expect(summary('SELECT And _x9')).toEqual(['ident:SELECT', 'ident:And', 'ident:_x9']);
  });

  it('records source offsets and whether whitespace precedes a token', () => {
    const [a, b, c, eof] = tokens('ab  10km');
    expect(a).toMatchObject({ kind: 'ident', value: 'ab', from: 0, to: 2, spaceBefore: false });
    expect(b).toMatchObject({ kind: 'number', value: '10', from: 4, to: 6, spaceBefore: true });
    expect(c).toMatchObject({ kind: 'ident', value: 'km', from: 6, to: 8, spaceBefore: false });
    expect(eof).toMatchObject({ kind: 'eof', from: 8, to: 8 });
  });

  it('ends with eof on empty and blank input', () => {
    expect(tokens('')).toEqual([{ kind: 'eof', value: '', from: 0, to: 0, spaceBefore: false }]);
    expect(tokens(' \t\r\n\f')).toEqual([{ kind: 'eof', value: '', from: 5, to: 5, spaceBefore: true }]);
  });

  it('needs no whitespace between tokens', () => {
    expect(summary('a=1AND(b>"x")')).toEqual([
      'ident:a',
      'punct:=',
      'number:1',
      'ident:AND',
      'punct:(',
      'ident:b',
      'punct:>',
      'string:x',
      'punct:)',
    ]);
  });
});

describe('lex: strings', () => {
  it('accepts single and double quotes with the same meaning', () => {
    expect(summary(`'abc' "abc"`)).toEqual(['string:abc', 'string:abc']);
    expect(summary(`"it's" 'say "hi"'`)).toEqual([`string:it's`, 'string:say "hi"']);
  });

  it('decodes backslash escapes', () => {
    expect(tokens(String.raw`'Don\'t worry'`)[0]?.value).toBe("Don't worry");
    expect(tokens(String.raw`"a\"b"`)[0]?.value).toBe('a"b');
    expect(tokens(String.raw`"back\\slash"`)[0]?.value).toBe('back\\slash');
    expect(tokens(String.raw`"line\nbreak\ttab\rcr"`)[0]?.value).toBe('line\nbreak\ttab\rcr');
    expect(tokens(String.raw`"caf\u00e9 \u00C9"`)[0]?.value).toBe('café É');
    expect(tokens(String.raw`"\/\q"`)[0]?.value).toBe('/q');
  });

  it('keeps the raw span of an escaped string', () => {
    const [t] = tokens(String.raw`  "a\"b"`);
    expect(t).toMatchObject({ from: 2, to: 8 });
  });

  it('refuses a malformed \\u escape at its position', () => {
    const e = lexError(String.raw`x = "ab\u12G4"`);
    expect(e.message).toBe('invalid \\u escape at position 7');
    expect(e.from).toBe(7);
  });

  it('reports an unterminated string at its opening quote', () => {
    expect(lexError(`name = 'abc`)).toEqual({
      message: "unterminated string, missing closing ' at position 7",
      from: 7,
      to: 8,
    });
    expect(lexError(`"abc\\"`)).toMatchObject({
      message: 'unterminated string, missing closing " at position 0',
    });
  });
});

describe('lex: back-quoted names', () => {
  it('reads any text between back-quotes as a name', () => {
    expect(summary('`12` `and` `my field` `é`')).toEqual([
      'quoted_ident:12',
      'quoted_ident:and',
      'quoted_ident:my field',
      'quoted_ident:é',
    ]);
  });

  it('unescapes \\` and \\\\ but keeps other escapes literal', () => {
    expect(tokens('`a\\`b`')[0]?.value).toBe('a`b');
    expect(tokens('`a\\\\b`')[0]?.value).toBe('a\\b');
    expect(tokens('`a\\nb`')[0]?.value).toBe('anb');
  });

  it('reports an unterminated name and an empty name', () => {
    expect(lexError('a = `abc')).toEqual({
      message: 'unterminated field name, missing closing ` at position 4',
      from: 4,
      to: 5,
    });
    expect(lexError('x, ``')).toMatchObject({ message: 'empty field name at position 3', from: 3, to: 5 });
  });
});

describe('lex: numbers', () => {
  it('reads integers, decimals, leading-dot decimals and exponents', () => {
    expect(summary('100 5.8 .5 1e3 2.5E-2 7e+1')).toEqual([
      'number:100',
      'number:5.8',
      'number:.5',
      'number:1e3',
      'number:2.5E-2',
      'number:7e+1',
    ]);
  });

  it('reads 1..10 as 1, .., 10', () => {
    expect(summary('1..10')).toEqual(['number:1', 'punct:..', 'number:10']);
    expect(summary('[1.5..2.5]')).toEqual(['punct:[', 'number:1.5', 'punct:..', 'number:2.5', 'punct:]']);
  });

  it('does not take a letter e without digits as an exponent', () => {
    expect(summary('1e 2em')).toEqual(['number:1', 'ident:e', 'number:2', 'ident:em']);
  });

  it('splits a number from a glued unit', () => {
    expect(summary('10km 1M 500 m')).toEqual([
      'number:10',
      'ident:km',
      'number:1',
      'ident:M',
      'number:500',
      'ident:m',
    ]);
  });
});

describe('lex: date and geometry literals', () => {
  it('reads date and geom literals only when the quote follows immediately', () => {
    expect(summary("date'2020-01-01' DATE'2020' geom'POINT(1 2)' GEOM'POINT(1 2)'")).toEqual([
      'date:2020-01-01',
      'date:2020',
      'geom:POINT(1 2)',
      'geom:POINT(1 2)',
    ]);
    expect(summary("date '2020'")).toEqual(['ident:date', 'string:2020']);
    expect(summary("geom 'POINT(1 2)'")).toEqual(['ident:geom', 'string:POINT(1 2)']);
    expect(summary('date = 1')).toEqual(['ident:date', 'punct:=', 'number:1']);
  });

  it('does not treat a longer word ending in date as a literal prefix', () => {
    expect(summary("update'x'")).toEqual(['ident:update', 'string:x']);
  });

  it('keeps the whole literal span and decodes escapes of the body', () => {
    const [t] = tokens(`geom'{"type":"Point","coordinates":[1,2]}'`);
    expect(t).toMatchObject({ kind: 'geom', value: '{"type":"Point","coordinates":[1,2]}', from: 0, to: 42 });
  });

  it('reports an unterminated literal body', () => {
    expect(lexError("d > date'2020")).toMatchObject({
      message: "unterminated string, missing closing ' at position 8",
      from: 8,
    });
  });
});

describe('lex: errors', () => {
  it('names an unexpected character and its position', () => {
    expect(lexError('a = 1 ; drop')).toEqual({
      message: 'unexpected character ; at position 6',
      from: 6,
      to: 7,
    });
    expect(lexError('a.b')).toMatchObject({ message: 'unexpected character . at position 1' });
    expect(lexError('é')).toMatchObject({ message: 'unexpected character é at position 0' });
    expect(lexError('a\u0000')).toMatchObject({ from: 1 });
    // There are no comments: # is an unexpected character and -- two minus signs.
    expect(lexError('# note')).toMatchObject({ message: 'unexpected character # at position 0' });
    expect(summary('-- 5')).toEqual(['punct:-', 'punct:-', 'number:5']);
  });
});
