import { describe, expect, it } from 'vitest';
import { printExpr } from '../print';
import type { DatasetSchema } from '../schema';
import { parseQ } from './parse';
import { Translator } from './translate';
import { V1QueryError } from './tree';

const SCHEMA: DatasetSchema = {
  fields: [
    { name: 'title', type: 'text' },
    { name: 'tags', type: 'text', multivalued: true },
    { name: 'n', type: 'int' },
    { name: 'flag', type: 'boolean' },
    { name: 'd', type: 'date' },
    { name: 'ts', type: 'datetime' },
    { name: 'geo', type: 'geo_point_2d' },
    { name: 'meta', type: 'json' },
  ],
};

function odsql(q: string): string {
  return printExpr(new Translator(SCHEMA).translate(parseQ(q)!));
}

function failure(q: string): string {
  try {
    odsql(q);
  } catch (e) {
    if (e instanceof V1QueryError) return e.message;
    throw e;
  }
  throw new Error(`${q} translated`);
}

describe('v1 q as ODSQL', () => {
  it.each([
    ['film', 'search("film")'],
    ['"action movies"', '"action movies"'],
    ['a OR b c', 'search("a") OR search("b") AND search("c")'],
    ['NOT (a OR b)', 'NOT (search("a") OR search("b"))'],
    ['title:star', 'title LIKE "star"'],
    ['TITLE:"Star Wars"', 'title LIKE "Star Wars"'],
    ['title==Star', 'title = "Star"'],
    ['title>m', 'title > "m"'],
    ['tags:x', 'tags LIKE "x"'],
    ['n:5', 'n = 5'],
    ['n>=-2.5', 'n >= -2.5'],
    ['n:[1 TO 5[', 'n >= 1 AND n < 5'],
    ['n:[* TO 5]', 'n <= 5'],
    ['flag:TRUE', 'flag = TRUE'],
    // Periods: the whole year, month or day; comparisons read the period's bounds.
    ['d:2014', "d >= date'2014-01-01' AND d < date'2015-01-01'"],
    ['d:2014/12', "d >= date'2014-12-01' AND d < date'2015-01-01'"],
    ['d==2016-02-29', "d >= date'2016-02-29' AND d < date'2016-03-01'"],
    ['d>=2014', "d >= date'2014-01-01'"],
    ['d>2014', "d >= date'2015-01-01'"],
    ['d<2014/07', "d < date'2014-07-01'"],
    ['d<=2014/07', "d < date'2014-08-01'"],
    ['ts>=2014-07-02T10:00:00', "ts >= date'2014-07-02T10:00:00'"],
    ['ts:[2014 TO 2015]', "ts >= date'2014-01-01' AND ts < date'2016-01-01'"],
    ['ts:]2014 TO 2015[', "ts >= date'2015-01-01' AND ts < date'2015-01-01'"],
    ['ts>#now(days=-7, weekday=MO(-1))', 'ts > now(days=-7, mondays=-1)'],
    ['#null(title)', 'title IS NULL'],
    ['#exact(title, "A b")', 'title = "A b"'],
    ['#startswith(title, "Sta")', 'startswith(title, "Sta")'],
    ['#search(*, "kubrick")', 'search(*, "kubrick")'],
    ['#search(title, tags, "x")', 'search(title, tags, "x")'],
    ['#distance(geo, "48.85,2.35", 1000)', "within_distance(geo, geom'POINT(2.35 48.85)', 1000m)"],
    ['#polygon(geo, "(1,2),(3,4),(5,-6)")', "polygon(geo, geom'POLYGON((2 1, 4 3, -6 5, 2 1))')"],
  ])('%s → %s', (q, expected) => {
    expect(odsql(q)).toBe(expected);
  });

  it('keeps hostile values as literals and hostile field names out', () => {
    expect(odsql(`title:"x') OR 1=1 --"`)).toBe(`title LIKE "x') OR 1=1 --"`);
    expect(odsql('#exact(title, "a\\"b")')).toBe('title = "a\\"b"');
    expect(failure('drop_table:1')).toBe('Unknown field: drop_table');
  });

  it.each([
    ['nope:1', 'Unknown field: nope'],
    ['meta:x', 'Field meta cannot be queried'],
    ['n:abc', 'Field n is numeric: abc is not a number'],
    ['flag:maybe', 'Field flag is a boolean: expected true or false'],
    ['d:2014/13', '2014/13 is not a date'],
    ['geo:1', 'Field geo is a geo field: filter it with #distance() or #polygon()'],
    ['#distance(title, "1,2", 3)', 'Field title is not a geo field (text)'],
    ['#startswith(n, "1")', '#startswith() searches text fields: n is int'],
    ['title>#now()', '#now() compares with date fields, not title'],
    ['d>#now(years=MO(1))', 'only weekday takes a day'],
  ])('%s fails: %s', (q, message) => {
    expect(failure(q)).toContain(message);
  });
});
