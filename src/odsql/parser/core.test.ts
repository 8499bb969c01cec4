import { describe, expect, it } from 'vitest';
import { parseWhere } from './clauses';
import { fail, field, num, str, value, where } from './test-helpers';

describe('parser: literals and names', () => {
  it('reads numbers with their raw text', () => {
    expect(value('5.0')).toMatchObject(num(5, '5.0'));
    expect(value('.5')).toMatchObject(num(0.5, '.5'));
    expect(value('1e3')).toMatchObject(num(1000, '1e3'));
  });

  it('reads strings in both quotes', () => {
    expect(value('"abc"')).toMatchObject(str('abc'));
    expect(value("'abc'")).toMatchObject(str('abc'));
    expect(value(String.raw`'Don\'t'`)).toMatchObject(str("Don't"));
  });

  it('reads booleans and null in any case', () => {
    expect(value('TRUE')).toMatchObject({ kind: 'boolean', value: true });
    expect(value('false')).toMatchObject({ kind: 'boolean', value: false });
    expect(value('True')).toMatchObject({ kind: 'boolean', value: true });
    expect(value('NULL')).toMatchObject({ kind: 'null' });
    expect(value('Null')).toMatchObject({ kind: 'null' });
  });

  it('reads date literals (ISO, partial, slashes) and keeps their body', () => {
    expect(value("date'1972'")).toMatchObject({ kind: 'date', value: '1972' });
    expect(value("DATE'2017-04-03T08:02'")).toMatchObject({ kind: 'date', value: '2017-04-03T08:02' });
    expect(value("date'2018/04/01'")).toMatchObject({ kind: 'date', value: '2018/04/01' });
  });

  it('reads geometry literals with WKT and GeoJSON bodies', () => {
    expect(value("geom'POINT(2.35 48.85)'")).toMatchObject({ kind: 'geom', value: 'POINT(2.35 48.85)' });
    const json = '{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}';
    expect(value(`GEOM'${json}'`)).toMatchObject({ kind: 'geom', value: json });
  });

  it('reads field names, back-quoted names and function-named fields', () => {
    expect(value('population')).toMatchObject(field('population'));
    expect(value('`12`')).toMatchObject(field('12', true));
    expect(value('`and`')).toMatchObject(field('and', true));
    expect(value('`my field`')).toMatchObject(field('my field', true));
    expect(value('`a\\`b`')).toMatchObject(field('a`b', true));
    // A function name is a field when no parenthesis follows.
    expect(where('year > 2000')).toMatchObject({
      kind: 'compare',
      op: '>',
      left: field('year'),
      right: num(2000),
    });
    expect(value('count')).toMatchObject(field('count'));
    expect(value('date')).toMatchObject(field('date'));
  });

  it('keeps the case of field names and lower-cases function names', () => {
    expect(value('MyField')).toMatchObject(field('MyField'));
    expect(value('LOWER(Name)')).toMatchObject({
      kind: 'call',
      name: 'lower',
      written: 'LOWER',
      args: [field('Name')],
    });
  });

  it('refuses an unquoted reserved word as a field name', () => {
    const d = fail(parseWhere('and = 1'));
    expect(d.message).toBe('unexpected and at position 0');
    expect(d.expected).toEqual(['a field name']);
  });

  it('records spans', () => {
    const e = where('  pop >= 10');
    expect(e).toMatchObject({ kind: 'compare', from: 2, to: 11 });
    if (e.kind !== 'compare') throw new Error('compare expected');
    expect(e.left).toMatchObject({ from: 2, to: 5 });
    expect(e.right).toMatchObject({ from: 9, to: 11 });
  });
});

describe('parser: arithmetic', () => {
  it('gives * and / precedence over + and -', () => {
    expect(value('a + b * c')).toMatchObject({
      kind: 'arith',
      op: '+',
      left: field('a'),
      right: { kind: 'arith', op: '*', left: field('b'), right: field('c') },
    });
    expect(value('a / b - c')).toMatchObject({
      kind: 'arith',
      op: '-',
      left: { kind: 'arith', op: '/', left: field('a'), right: field('b') },
      right: field('c'),
    });
  });

  it('is left-associative', () => {
    expect(value('a - b - c')).toMatchObject({
      kind: 'arith',
      op: '-',
      left: { kind: 'arith', op: '-', left: field('a'), right: field('b') },
      right: field('c'),
    });
  });

  it('keeps parentheses as paren nodes', () => {
    expect(value('(a + b) * 2')).toMatchObject({
      kind: 'arith',
      op: '*',
      left: { kind: 'paren', inner: { kind: 'arith', op: '+' }, from: 0, to: 7 },
      right: num(2),
    });
  });

  it('reads unary minus as negate and drops unary plus', () => {
    expect(value('-5')).toMatchObject({ kind: 'negate', operand: num(5), from: 0, to: 2 });
    expect(value('- -x')).toMatchObject({ kind: 'negate', operand: { kind: 'negate', operand: field('x') } });
    expect(value('+x')).toMatchObject(field('x'));
    expect(value('2 * -x')).toMatchObject({
      kind: 'arith',
      op: '*',
      right: { kind: 'negate', operand: field('x') },
    });
  });
});

describe('parser: functions', () => {
  it('reads calls with arguments and an alias', () => {
    expect(value('date_format(d, "yyyy-MM")')).toMatchObject({
      kind: 'call',
      name: 'date_format',
      args: [field('d'), str('yyyy-MM')],
      distinct: false,
    });
    expect(value('ifnull(x, 0)')).toMatchObject({ kind: 'call', name: 'ifnull', args: [field('x'), num(0)] });
    expect(value('now()')).toMatchObject({ kind: 'call', name: 'now', args: [] });
  });

  it('reads count(*) and count(distinct x)', () => {
    expect(value('count(*)')).toMatchObject({
      kind: 'call',
      name: 'count',
      args: [{ kind: 'star' }],
      distinct: false,
    });
    expect(value('COUNT(DISTINCT x)')).toMatchObject({
      kind: 'call',
      name: 'count',
      args: [field('x')],
      distinct: true,
    });
    expect(value('count(distinct ifnull(x, "n/a"))')).toMatchObject({
      distinct: true,
      args: [{ kind: 'call', name: 'ifnull' }],
    });
  });

  it('reads now() named arguments, including negative ones', () => {
    expect(value('now(years=-1, month=2, day=31)')).toMatchObject({
      kind: 'call',
      name: 'now',
      args: [
        { kind: 'named', name: 'years', value: { kind: 'negate', operand: num(1) } },
        { kind: 'named', name: 'month', value: num(2) },
        { kind: 'named', name: 'day', value: num(31) },
      ],
    });
    expect(value('NOW(MONDAYS=-1)')).toMatchObject({ args: [{ kind: 'named', name: 'mondays' }] });
  });

  it('reads random(seed)', () => {
    expect(value('random(42)')).toMatchObject({ kind: 'call', name: 'random', args: [num(42)] });
  });

  it('reads distance units glued or spaced', () => {
    const call = where("within_distance(geo, geom'POINT(2.35 48.85)', 10km)");
    expect(call).toMatchObject({
      kind: 'call',
      name: 'within_distance',
      args: [field('geo'), { kind: 'geom' }, { kind: 'quantity', value: 10, raw: '10', unit: 'km' }],
    });
    expect(where("within_distance(geo, geom'POINT(1 2)', 500 m)")).toMatchObject({
      args: [{}, {}, { kind: 'quantity', value: 500, unit: 'm' }],
    });
    expect(where("within_distance(geo, geom'POINT(1 2)', 1.5 mi)")).toMatchObject({
      args: [{}, {}, { kind: 'quantity', value: 1.5, raw: '1.5', unit: 'mi' }],
    });
  });

  it('reads search(), suggest() and startswith() arguments as values', () => {
    expect(where('search(title, "bok of secret")')).toMatchObject({
      kind: 'call',
      name: 'search',
      args: [field('title'), str('bok of secret')],
    });
    expect(where('search(*, "x")')).toMatchObject({ args: [{ kind: 'star' }, str('x')] });
    expect(where('search("x")')).toMatchObject({ args: [str('x')] });
    expect(where('suggest(a, b, "film")')).toMatchObject({
      name: 'suggest',
      args: [field('a'), field('b'), str('film')],
    });
    expect(where('startswith(title, "SECRET")')).toMatchObject({ name: 'startswith' });
  });

  it('reads in_bbox and shape relations', () => {
    expect(where('in_bbox(geo, 48.8, 2.2, 48.9, -2.4)')).toMatchObject({
      name: 'in_bbox',
      args: [field('geo'), num(48.8), num(2.2), num(48.9), { kind: 'negate', operand: num(2.4) }],
    });
    for (const name of ['intersects', 'disjoint', 'within']) {
      expect(where(`${name}(shape, geom'POLYGON((0 0, 1 0, 1 1, 0 0))')`)).toMatchObject({
        kind: 'call',
        name,
      });
    }
    expect(where("geometry(shape, geom'POINT(1 2)', WITHIN)")).toMatchObject({
      name: 'geometry',
      args: [field('shape'), { kind: 'geom' }, field('WITHIN')],
    });
  });

  it('refuses an unknown function, naming it and its position', () => {
    const d = fail(parseWhere('contains(objet, "espaces verts")'));
    expect(d).toMatchObject({
      kind: 'syntax',
      message: 'unknown function contains at position 0',
      from: 0,
      to: 8,
      clause: 'where',
    });
  });
});

describe('parser: where predicates', () => {
  it('reads a bare string as a full-text search', () => {
    expect(where('"tree"')).toMatchObject({ kind: 'fulltext', text: 'tree', from: 0, to: 6 });
    expect(where("'action movies'")).toMatchObject({ kind: 'fulltext', text: 'action movies' });
    expect(where('"film*"')).toMatchObject({ kind: 'fulltext', text: 'film*' });
  });

  it('reads every comparison operator, legacy : and <>', () => {
    for (const op of ['=', '!=', '<', '>', '<=', '>=']) {
      expect(where(`a ${op} 1`)).toMatchObject({ kind: 'compare', op, left: field('a'), right: num(1) });
    }
    expect(where('a <> 1')).toMatchObject({ kind: 'compare', op: '!=' });
    expect(where('`and`: "value"')).toMatchObject({
      kind: 'compare',
      op: ':',
      left: field('and', true),
      right: str('value'),
    });
    expect(where('my_boolean_field: FALSE')).toMatchObject({
      op: ':',
      right: { kind: 'boolean', value: false },
    });
  });

  it('compares a string with a field in either order', () => {
    expect(where('"FR" = code')).toMatchObject({ kind: 'compare', left: str('FR'), right: field('code') });
  });

  it('reads range IN with every bracket form and TO', () => {
    expect(where('n IN [1..10]')).toMatchObject({
      kind: 'in_range',
      operand: field('n'),
      low: num(1),
      high: num(10),
      lowInclusive: true,
      highInclusive: true,
      toKeyword: false,
    });
    expect(where('n IN ]1..10[')).toMatchObject({ lowInclusive: false, highInclusive: false });
    expect(where('n in [1 TO 10[')).toMatchObject({
      lowInclusive: true,
      highInclusive: false,
      toKeyword: true,
    });
    expect(where('n IN ]1 to 10]')).toMatchObject({
      lowInclusive: false,
      highInclusive: true,
      toKeyword: true,
    });
    expect(where("d IN [date'2017'..date'2018']")).toMatchObject({
      low: { kind: 'date', value: '2017' },
      high: { kind: 'date', value: '2018' },
    });
    expect(where('n IN [-5..-1]')).toMatchObject({ low: { kind: 'negate' }, high: { kind: 'negate' } });
  });

  it('reads the legacy field:[a..b] range', () => {
    expect(where('n:[1..10]')).toMatchObject({
      kind: 'in_range',
      operand: field('n'),
      low: num(1),
      high: num(10),
    });
    expect(where('n: ]1 TO 10]')).toMatchObject({ kind: 'in_range', lowInclusive: false, toKeyword: true });
  });

  it('reads list IN, NOT IN and NOT before IN', () => {
    expect(where('city IN ("Paris", "Nantes")')).toMatchObject({
      kind: 'in_list',
      operand: field('city'),
      values: [str('Paris'), str('Nantes')],
    });
    expect(where('city NOT IN ("a")')).toMatchObject({ kind: 'not', operand: { kind: 'in_list' } });
    expect(where('not type IN ("a","b")')).toMatchObject({
      kind: 'not',
      operand: { kind: 'in_list', values: [str('a'), str('b')] },
    });
  });

  it('reads a literal IN a multivalued field', () => {
    expect(where('"Paris" IN tags')).toMatchObject({
      kind: 'contains',
      value: str('Paris'),
      field: field('tags'),
    });
    expect(where('15 IN ints')).toMatchObject({ kind: 'contains', value: num(15) });
    expect(where('true IN `bools`')).toMatchObject({
      kind: 'contains',
      value: { kind: 'boolean', value: true },
      field: field('bools', true),
    });
  });

  it('reads LIKE and NOT LIKE', () => {
    expect(where('film_name like "star"')).toMatchObject({
      kind: 'like',
      operand: field('film_name'),
      pattern: str('star'),
    });
    expect(where('a NOT LIKE "x*"')).toMatchObject({
      kind: 'not',
      operand: { kind: 'like', pattern: str('x*') },
    });
    expect(fail(parseWhere('a like b')).message).toBe('unexpected b at position 7');
  });

  it('reads IS [NOT] NULL / TRUE / FALSE', () => {
    expect(where('f is null')).toMatchObject({ kind: 'is_null', operand: field('f'), negated: false });
    expect(where('f IS NOT NULL')).toMatchObject({ kind: 'is_null', negated: true });
    expect(where('f is true')).toMatchObject({ kind: 'is_bool', value: true, negated: false });
    expect(where('f is not false')).toMatchObject({ kind: 'is_bool', value: false, negated: true });
    expect(fail(parseWhere('f is 3')).expected).toEqual(['null', 'true', 'false']);
  });

  it('reads a bare boolean field and expressions as operands', () => {
    expect(where('flag')).toMatchObject(field('flag'));
    expect(where('length(name) > 5')).toMatchObject({ left: { kind: 'call', name: 'length' } });
    expect(where("date_format(d,'dd') = '08'")).toMatchObject({
      left: { name: 'date_format' },
      right: str('08'),
    });
    expect(where('pop * 2 <= 10')).toMatchObject({ op: '<=', left: { kind: 'arith', op: '*' } });
    expect(where('d <= now(days=-7)')).toMatchObject({ right: { kind: 'call', name: 'now' } });
  });
});

describe('parser: boolean composition', () => {
  it('binds NOT tighter than AND, and AND tighter than OR', () => {
    expect(where('NOT a AND b OR c')).toMatchObject({
      kind: 'logical',
      op: 'or',
      left: { kind: 'logical', op: 'and', left: { kind: 'not', operand: field('a') }, right: field('b') },
      right: field('c'),
    });
    expect(where('a OR b AND c')).toMatchObject({
      kind: 'logical',
      op: 'or',
      left: field('a'),
      right: { kind: 'logical', op: 'and', left: field('b'), right: field('c') },
    });
  });

  it('applies NOT to a whole predicate', () => {
    expect(where('NOT n > 5')).toMatchObject({ kind: 'not', operand: { kind: 'compare', op: '>' } });
    expect(where('NOT NOT a')).toMatchObject({ kind: 'not', operand: { kind: 'not', operand: field('a') } });
  });

  it('lets parentheses override precedence', () => {
    expect(where('(a OR b) AND c')).toMatchObject({
      kind: 'logical',
      op: 'and',
      left: { kind: 'paren', inner: { kind: 'logical', op: 'or' } },
      right: field('c'),
    });
    expect(where('NOT (a OR b)')).toMatchObject({ kind: 'not', operand: { kind: 'paren' } });
  });

  it('accepts keywords in any case and full-text inside compositions', () => {
    expect(where('"dog" and not "cat"')).toMatchObject({
      kind: 'logical',
      op: 'and',
      left: { kind: 'fulltext', text: 'dog' },
      right: { kind: 'not', operand: { kind: 'fulltext', text: 'cat' } },
    });
    expect(where('a Or b')).toMatchObject({ kind: 'logical', op: 'or' });
  });

  it('is left-associative for AND and OR chains', () => {
    expect(where('a AND b AND c')).toMatchObject({
      op: 'and',
      left: { op: 'and', left: field('a'), right: field('b') },
      right: field('c'),
    });
  });
});

describe('parser: limits', () => {
  it('refuses nesting deeper than the limit with a diagnostic', () => {
    const d = fail(parseWhere(`${'('.repeat(200)}a${')'.repeat(200)}`));
    expect(d.message).toBe('expression nested too deeply at position 128');
    expect(fail(parseWhere(`${'NOT '.repeat(300)}a`)).message).toMatch(/^expression nested too deeply/);
    expect(fail(parseWhere(`${'-'.repeat(300)}1 > 0`)).message).toMatch(/^expression nested too deeply/);
  });

  it('accepts the deepest allowed nesting', () => {
    expect(where(`${'('.repeat(100)}a${')'.repeat(100)}`)).toMatchObject({ kind: 'paren' });
  });

  it('refuses too many operators in one clause', () => {
    const d = fail(parseWhere(`a${' AND a'.repeat(1001)}`));
    expect(d.message).toBe('too many operators (more than 1000) at position 6002');
    expect(where(`a${' AND a'.repeat(1000)}`)).toMatchObject({ kind: 'logical' });
    expect(fail(parseWhere(`n${' + 1'.repeat(1001)} > 0`)).message).toMatch(/^too many operators/);
  });

  it('refuses a clause longer than 100,000 characters', () => {
    const d = fail(parseWhere(`"${'x'.repeat(100_000)}"`));
    expect(d.message).toBe('query too long (100002 characters, at most 100000)');
    expect(d.clause).toBe('where');
  });

  it('refuses a number too large for a double', () => {
    expect(fail(parseWhere(`n > 1${'0'.repeat(400)}`)).message).toMatch(
      /^number out of range 10+ at position 4$/,
    );
  });
});
