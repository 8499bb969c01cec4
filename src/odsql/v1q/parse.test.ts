import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { DatasetSchema } from '../index';
import { compileRecordsQuery, duckdbDialect, parseWhere, printExpr } from '../index';
import { MAX_Q_LENGTH, parseQ } from './parse';
import { Translator } from './translate';
import { type Query, V1QueryError } from './tree';

/** The tree as a compact S-expression, to check structure without positions. */
function shape(q: Query | undefined): string {
  if (!q) return '∅';
  switch (q.kind) {
    case 'and':
    case 'or':
      return `(${q.kind} ${shape(q.left)} ${shape(q.right)})`;
    case 'not':
      return `(not ${shape(q.operand)})`;
    case 'word':
      return q.text;
    case 'phrase':
      return JSON.stringify(q.text);
    case 'field':
      return `[${q.field}${q.op}${q.value.kind === 'text' ? q.value.text : q.value.kind}]`;
    case 'range':
      return `[${q.field} ${q.low.inclusive ? '[' : ']'}${q.low.value.kind === 'text' ? q.low.value.text : '*'},${q.high.value.kind === 'text' ? q.high.value.text : '*'}${q.high.inclusive ? ']' : '['}]`;
    default:
      return `#${q.kind}`;
  }
}

function errorOf(q: string): V1QueryError {
  try {
    parseQ(q);
  } catch (e) {
    if (e instanceof V1QueryError) return e;
    throw e;
  }
  throw new Error(`${q} parsed`);
}

describe('v1 q: boolean structure', () => {
  it.each([
    ['film', 'film'],
    ['film paris', '(and film paris)'],
    ['a OR b c', '(or a (and b c))'],
    ['a b OR c', '(or (and a b) c)'],
    ['NOT a b', '(and (not a) b)'],
    ['NOT a OR b AND c', '(or (not a) (and b c))'],
    ['(a OR b) AND NOT (c OR d)', '(and (or a b) (not (or c d)))'],
    ['NOT NOT a', '(not (not a))'],
    ['a AND b AND c', '(and (and a b) c)'],
    ['"action movies" OR film*', '(or "action movies" film*)'],
    ['rock and roll', '(and (and rock and) roll)'],
    ['ANDROID ORANGE NOTE', '(and (and ANDROID ORANGE) NOTE)'],
    ['  ', '∅'],
  ])('%s', (q, expected) => {
    expect(shape(parseQ(q))).toBe(expected);
  });
});

describe('v1 q: field queries and functions', () => {
  it.each([
    ['title:star', '[title:star]'],
    ['title: "star wars"', '[title:star wars]'],
    ['code==SFO', '[code==SFO]'],
    ['code=SFO', '[code=SFO]'],
    ['delay >= 10', '[delay>=10]'],
    ['delay<-5', '[delay<-5]'],
    ['date>=2014-07-02T10:00:00', '[date>=2014-07-02T10:00:00]'],
    ['date:2014/07/02', '[date:2014/07/02]'],
    ['date>=#now(years=-1, weekday=MO(2))', '[date>=now]'],
    ['(delay>5)', '[delay>5]'],
    ['film_date:[1950 TO 2000]', '[film_date [1950,2000]]'],
    ['n:]1..10[', '[n ]1,10[]'],
    ['n:[* TO 10]', '[n [*,10]]'],
    ['d:[2014/01/01 TO 2014-12-31T10:00:00[', '[d [2014/01/01,2014-12-31T10:00:00[]'],
    ['#null(birthdate)', '#null'],
    ['#exact(code, "SFO")', '#exact'],
    ['#startswith(name,"Sa")', '#startswith'],
    ['#search(*, "x")', '#search'],
    ['#distance(geo, "48.85,2.35", 1000)', '#distance'],
    ['#polygon(geo, "(48.88,2.37),(48.87,2.37),(48.88,2.38)")', '#polygon'],
  ])('%s', (q, expected) => {
    expect(shape(parseQ(q))).toBe(expected);
  });

  it('reads #now() parameters, weekdays as relativedelta counts', () => {
    const q = parseQ('d > #now(years=-1, hours=+2, weekday=FR(-1))');
    expect(q?.kind).toBe('field');
    if (q?.kind !== 'field' || q.value.kind !== 'now') throw new Error('not a #now() comparison');
    expect(q.value.args.map((a) => [a.name, a.value, a.weekday])).toEqual([
      ['years', -1, undefined],
      ['hours', 2, undefined],
      ['weekday', -1, 4],
    ]);
  });

  it('reads #distance with the distance inside the text, and #search over listed fields', () => {
    expect(parseQ('#distance(geo, "48.85,2.35,500")')).toMatchObject({
      kind: 'distance',
      field: 'geo',
      lat: 48.85,
      lon: 2.35,
      metres: 500,
    });
    expect(parseQ('#search(title, director, "kubrick")')).toMatchObject({
      kind: 'search',
      fields: ['title', 'director'],
      text: 'kubrick',
    });
    expect(parseQ('"say \\"hi\\""')).toMatchObject({ kind: 'phrase', text: 'say "hi"' });
  });
});

describe('v1 q: errors', () => {
  it.each([
    ['a AND', 'a search term is missing at the end of q'],
    ['a OR OR b', 'OR needs a search term before it at position 5 of q'],
    ['(a b', 'missing ) at the end of q'],
    ['a)', 'unmatched ) at position 1 of q'],
    ['"abc', 'unterminated quoted text, missing closing " at position 0 of q'],
    ['title:', 'a value is missing after title: at the end of q'],
    ['n:[1 TO 5', 'expected ] or [ to close the range at the end of q'],
    ['n:[1 5]', 'expected TO or .. between the bounds of the range at position 5 of q'],
    ['#foo(x)', 'unknown function #foo'],
    ['#now()', '#now() is a value'],
    ['#null()', '#null() takes 1 arguments, 0 given'],
    ['#null("x")', '#null() expects a field name'],
    ['#distance(geo, "91,2", 10)', 'latitude 91 is outside -90..90'],
    ['#distance(geo, "1,2", -10)', 'is not a number of metres'],
    ['#polygon(geo, "(1,2),(3,4)")', 'a polygon needs at least 3 points, got 2'],
    ['d>#now(years=x)', 'expected an integer at position 13 of q'],
    ['d>#today()', '#today() is not a value (only #now() is)'],
  ])('%s', (q, message) => {
    expect(errorOf(q).message).toContain(message);
  });

  it('bounds the length, the nesting and the number of terms', () => {
    expect(errorOf('a'.repeat(MAX_Q_LENGTH + 1)).message).toContain('too long');
    expect(errorOf(`${'('.repeat(60)}a${')'.repeat(60)}`).message).toContain('nests deeper');
    expect(errorOf(`${'NOT '.repeat(60)}a`).message).toContain('nests deeper');
    expect(errorOf(Array.from({ length: 500 }, (_, i) => `w${i}`).join(' ')).message).toContain('more than');
  });
});

const SCHEMA: DatasetSchema = {
  fields: [
    { name: 'title', type: 'text' },
    { name: 'tags', type: 'text', multivalued: true },
    { name: 'n', type: 'int' },
    { name: 'x', type: 'double' },
    { name: 'flag', type: 'boolean' },
    { name: 'd', type: 'date' },
    { name: 'ts', type: 'datetime' },
    { name: 'geo', type: 'geo_point_2d' },
    { name: 'shape', type: 'geo_shape' },
  ],
};

/** Pieces a v1 query is made of, glued at random: valid and invalid queries alike. */
const PIECES = [
  'film',
  'Zürich',
  "l'eau",
  '*',
  'film*',
  '"action movies"',
  '""',
  '"',
  'AND',
  'OR',
  'NOT',
  '(',
  ')',
  '[',
  ']',
  'TO',
  '..',
  ':',
  '==',
  '>=',
  '<',
  ',',
  '#',
  'title:star',
  'title==Star',
  'tags:a',
  'n>5',
  'n:[1 TO 5]',
  'x<=-2.5',
  'flag:true',
  'd:2014',
  'd:2014/07',
  'd<=2014/02/28',
  'ts>=2014-07-02T10:00:00',
  'ts:]2014 TO 2015[',
  'ts>=#now(days=-7, weekday=MO(1))',
  'n:',
  'nope:3',
  '#null(n)',
  '#exact(title,"a b")',
  '#startswith(title,"A")',
  '#search(*,"x y")',
  '#search(title,tags,"x")',
  '#distance(geo,"48.85,2.35",1000)',
  '#distance(shape,"48.85,2.35,10")',
  '#polygon(geo,"(48.88,2.37),(48.87,2.37),(48.88,2.38)")',
  '#now(',
  '#foo(',
  '\\',
  '\u0000',
];

const OPTIONS = {
  version: '2.0',
  timezone: 'Europe/Paris',
  lang: 'fr',
  now: Date.UTC(2024, 0, 31),
  dialect: duckdbDialect,
} as const;

describe('v1 q: properties', () => {
  it('throws nothing but V1QueryError, whatever the input', () => {
    const text = fc.oneof(
      fc.string({ unit: 'grapheme', maxLength: 60 }),
      fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }).map((p) => p.join(' ')),
      fc.array(fc.constantFrom(...PIECES), { maxLength: 12 }).map((p) => p.join('')),
    );
    fc.assert(
      fc.property(text, (q) => {
        try {
          parseQ(q);
        } catch (e) {
          if (!(e instanceof V1QueryError)) throw e;
          expect(e.pos.from).toBeGreaterThanOrEqual(0);
          expect(e.pos.to).toBeLessThanOrEqual(q.length);
        }
      }),
      { numRuns: 3000 },
    );
  });

  it('translates every query it reads into ODSQL that parses and compiles', () => {
    const pieces = PIECES.filter((p) => !['"', '\\', '#', '#now(', '#foo(', 'nope:3', '\u0000'].includes(p));
    const queries = fc
      .array(fc.constantFrom(...pieces), { minLength: 1, maxLength: 10 })
      .map((p) => p.join(' '));
    let compiled = 0;
    fc.assert(
      fc.property(queries, (q) => {
        let where: string;
        try {
          const parsed = parseQ(q);
          if (!parsed) return;
          where = printExpr(new Translator(SCHEMA).translate(parsed));
        } catch (e) {
          if (e instanceof V1QueryError) return;
          throw e;
        }
        const reparsed = parseWhere(where);
        expect(reparsed.ok, `${q} → ${where}`).toBe(true);
        const result = compileRecordsQuery({ table: 't', where: [where], limit: 10 }, SCHEMA, OPTIONS);
        expect(result.ok ? '' : result.diagnostics[0]?.message, `${q} → ${where}`).toBe('');
        compiled++;
      }),
      { numRuns: 1500 },
    );
    // The property must have been exercised, not skipped by errors.
    expect(compiled).toBeGreaterThan(300);
  });
});
