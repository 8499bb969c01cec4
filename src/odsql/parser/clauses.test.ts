import { describe, expect, it } from 'vitest';
import { parseGroupBy, parseOrderBy, parseSelect } from './clauses';
import { fail, field, groupItems, num, orderItems, selectItems, str } from './test-helpers';

describe('parseSelect', () => {
  it('reads * and expressions with labels', () => {
    expect(selectItems('*')).toMatchObject([{ kind: 'all', from: 0, to: 1 }]);
    expect(selectItems('name, population AS pop')).toMatchObject([
      { kind: 'expr', expr: field('name'), text: 'name' },
      {
        kind: 'expr',
        expr: field('population'),
        text: 'population',
        alias: { name: 'pop', from: 20, to: 23 },
      },
    ]);
    expect(selectItems('*, name')).toMatchObject([{ kind: 'all' }, { kind: 'expr', expr: field('name') }]);
  });

  it('keeps the expression text as written, for labels', () => {
    expect(selectItems('count(*), SUM( pop ) as s, RANGE(x,15)'.replace(', RANGE(x,15)', ''))).toMatchObject([
      { text: 'count(*)' },
      { text: 'SUM( pop )', alias: { name: 's' } },
    ]);
    expect(selectItems('2 * population AS double_pop, 2 AS const_2, "hello" AS hello')).toMatchObject([
      { expr: { kind: 'arith', op: '*' }, text: '2 * population', alias: { name: 'double_pop' } },
      { expr: num(2), alias: { name: 'const_2' } },
      { expr: str('hello'), text: '"hello"', alias: { name: 'hello' } },
    ]);
  });

  it('accepts AS in any case and back-quoted labels', () => {
    expect(selectItems('n as `and`, m As `my label`')).toMatchObject([
      { alias: { name: 'and' } },
      { alias: { name: 'my label' } },
    ]);
    expect(fail(parseSelect('n as and')).message).toBe('unexpected and at position 5');
  });

  it('reads include() and exclude() patterns', () => {
    expect(selectItems('include(pop)')).toMatchObject([{ kind: 'include', patterns: ['pop'] }]);
    expect(selectItems('include(pop*), exclude(geo*)')).toMatchObject([
      { kind: 'include', patterns: ['pop*'], from: 0, to: 13 },
      { kind: 'exclude', patterns: ['geo*'] },
    ]);
    expect(selectItems('INCLUDE(a, `b c`*, *)')).toMatchObject([
      { kind: 'include', patterns: ['a', 'b c*', '*'] },
    ]);
    // The star of a prefix pattern must follow the name immediately.
    expect(fail(parseSelect('include(pop *)')).message).toBe('unexpected * at position 12');
    expect(fail(parseSelect('include()')).expected).toEqual(['a field name pattern']);
  });

  it('reads include as a field name when no parenthesis follows', () => {
    expect(selectItems('include, exclude AS e')).toMatchObject([
      { kind: 'expr', expr: field('include') },
      { kind: 'expr', expr: field('exclude'), alias: { name: 'e' } },
    ]);
  });

  it('reads aggregates, scalar functions and distance()', () => {
    expect(selectItems("count(*), avg(x), year(d), distance(geo, geom'POINT(1 2)') AS dist")).toMatchObject([
      { expr: { kind: 'call', name: 'count' } },
      { expr: { kind: 'call', name: 'avg' } },
      { expr: { kind: 'call', name: 'year' } },
      {
        expr: { kind: 'call', name: 'distance', args: [field('geo'), { kind: 'geom' }] },
        alias: { name: 'dist' },
      },
    ]);
  });

  it('reads strings as values, not searches', () => {
    expect(selectItems('"x"')).toMatchObject([{ expr: str('x') }]);
  });

  it('refuses trailing garbage and an empty item', () => {
    expect(fail(parseSelect('a b'))).toMatchObject({
      message: 'unexpected b at position 2',
      expected: [',', 'as', 'an operator'],
      clause: 'select',
    });
    expect(fail(parseSelect('a,,b')).message).toBe('unexpected , at position 2');
    expect(fail(parseSelect('* AS x')).message).toBe('unexpected * at position 0');
  });
});

describe('parseGroupBy', () => {
  it('reads several keys with labels', () => {
    expect(groupItems('city AS c, year(d) AS y')).toMatchObject([
      { expr: field('city'), text: 'city', alias: { name: 'c' } },
      { expr: { kind: 'call', name: 'year' }, text: 'year(d)', alias: { name: 'y' } },
    ]);
    expect(groupItems('a+b')).toMatchObject([{ expr: { kind: 'arith', op: '+' }, text: 'a+b' }]);
  });

  it('reads an equal-width numeric range', () => {
    expect(groupItems('RANGE(capacity,15)')).toMatchObject([
      {
        expr: {
          kind: 'range',
          written: 'RANGE',
          operand: field('capacity'),
          spec: { kind: 'width', width: num(15) },
        },
        text: 'RANGE(capacity,15)',
      },
    ]);
    expect(groupItems('range(x, 0.5)')).toMatchObject([
      { expr: { spec: { kind: 'width', width: num(0.5) } } },
    ]);
  });

  it('reads date intervals spelled in every form', () => {
    const unitOf = (text: string): unknown => {
      const [item] = groupItems(text);
      return item?.expr.kind === 'range' && item.expr.spec.kind === 'interval'
        ? item.expr.spec.interval
        : undefined;
    };
    expect(unitOf('range(d, 1 day)')).toMatchObject({ kind: 'quantity', value: 1, unit: 'day' });
    expect(unitOf('range(d, 1d)')).toMatchObject({ value: 1, unit: 'd' });
    expect(unitOf('range(d, 3 hours)')).toMatchObject({ value: 3, unit: 'hours' });
    expect(unitOf('range(d, 15 m)')).toMatchObject({ value: 15, unit: 'm' });
    expect(unitOf('range(d, 1 M)')).toMatchObject({ value: 1, unit: 'M' });
    expect(unitOf('range(d, 1ms)')).toMatchObject({ unit: 'ms' });
    for (const unit of ['s', 'h', 'w', 'q', 'y', 'second', 'minutes', 'week', 'months', 'quarter', 'years']) {
      expect(unitOf(`range(d, 1 ${unit})`)).toMatchObject({ unit });
    }
  });

  it('reads units case-sensitively: M is a month, m a minute, MONTH is not a unit', () => {
    expect(fail(parseGroupBy('range(d, 1 MONTH)')).message).toBe('unexpected MONTH at position 11');
  });

  it('reads static ranges with open ends', () => {
    expect(groupItems('RANGE(capacity,*,15,20,25,30,40,*) as capacity')).toMatchObject([
      {
        expr: {
          kind: 'range',
          spec: {
            kind: 'static',
            bounds: [num(15), num(20), num(25), num(30), num(40)],
            openLow: true,
            openHigh: true,
          },
        },
        alias: { name: 'capacity' },
      },
    ]);
    expect(groupItems('range(p, *, 10, 50)')).toMatchObject([
      { expr: { spec: { kind: 'static', bounds: [num(10), num(50)], openLow: true, openHigh: false } } },
    ]);
    expect(groupItems('range(p, 10, 50, *)')).toMatchObject([
      { expr: { spec: { kind: 'static', bounds: [num(10), num(50)], openLow: false, openHigh: true } } },
    ]);
    expect(groupItems("range(d, *, date'2020-11-13', date'2021-01-01')")).toMatchObject([
      {
        expr: {
          spec: {
            kind: 'static',
            bounds: [
              { kind: 'date', value: '2020-11-13' },
              { kind: 'date', value: '2021-01-01' },
            ],
            openLow: true,
            openHigh: false,
          },
        },
      },
    ]);
  });

  it('reads the older bracket forms of static ranges', () => {
    expect(groupItems('RANGE(population, ]10, 50, 100[)')).toMatchObject([
      {
        expr: {
          spec: { kind: 'static', bounds: [num(10), num(50), num(100)], openLow: true, openHigh: true },
        },
      },
    ]);
    expect(groupItems('RANGE(population, [20.5[)')).toMatchObject([
      { expr: { spec: { kind: 'static', bounds: [num(20.5)], openLow: false, openHigh: true } } },
    ]);
    expect(groupItems('RANGE(p, [1,2,3])')).toMatchObject([
      {
        expr: { spec: { kind: 'static', bounds: [num(1), num(2), num(3)], openLow: false, openHigh: false } },
      },
    ]);
  });

  it('refuses malformed ranges', () => {
    expect(fail(parseGroupBy('range(x, *)')).message).toBe('range needs at least one bound at position 9');
    expect(fail(parseGroupBy('range(x, 1, *, 3)')).message).toBe(
      '* may only open the first or last range at position 12',
    );
    expect(fail(parseGroupBy('range(x, 1, 1 day)')).message).toBe(
      'a date interval cannot be mixed with range bounds at position 12',
    );
    expect(fail(parseGroupBy('RANGE(p, EQUI(5,10,30))')).message).toBe(
      'EQUI ranges are not supported at position 9',
    );
    expect(fail(parseGroupBy('range(x, [1, 2)')).expected).toEqual([']', '[']);
  });

  it('reads geo_cluster with a zoom and an optional radius', () => {
    expect(groupItems('GEO_CLUSTER(coordonnees_geo,10)')).toMatchObject([
      {
        expr: {
          kind: 'call',
          name: 'geo_cluster',
          written: 'GEO_CLUSTER',
          args: [field('coordonnees_geo'), num(10)],
        },
        text: 'GEO_CLUSTER(coordonnees_geo,10)',
      },
    ]);
    expect(groupItems('geo_cluster(geo, 5, radius=80)')).toMatchObject([
      { expr: { args: [field('geo'), num(5), { kind: 'named', name: 'radius', value: num(80) }] } },
    ]);
  });

  it('refuses trailing garbage', () => {
    expect(fail(parseGroupBy('a b'))).toMatchObject({ expected: [',', 'as'], clause: 'group_by' });
  });
});

describe('parseOrderBy', () => {
  it('reads directions in any case, ascending by default', () => {
    expect(orderItems('a, b ASC, c desc, d DeSc')).toMatchObject([
      { expr: field('a'), text: 'a' },
      { expr: field('b'), direction: 'asc' },
      { expr: field('c'), direction: 'desc' },
      { expr: field('d'), direction: 'desc' },
    ]);
    expect(orderItems('a')[0]?.direction).toBeUndefined();
  });

  it('reads -field as descending, for a lone field only', () => {
    expect(orderItems('-population')).toMatchObject([
      { expr: field('population'), direction: 'desc', text: 'population', from: 0, to: 11 },
    ]);
    expect(orderItems('-`my field`, name')).toMatchObject([
      { expr: field('my field', true), direction: 'desc' },
      { expr: field('name') },
    ]);
    // With more than a name, - is arithmetic negation.
    expect(orderItems('-count(*)')).toMatchObject([{ expr: { kind: 'negate', operand: { kind: 'call' } } }]);
    expect(orderItems('-x desc')).toMatchObject([
      { expr: { kind: 'negate', operand: field('x') }, direction: 'desc' },
    ]);
  });

  it('reads aggregates, aliases, scalar functions and random(seed)', () => {
    expect(orderItems('count(*) DESC, avg(age), population_count DESC')).toMatchObject([
      { expr: { kind: 'call', name: 'count' }, direction: 'desc', text: 'count(*)' },
      { expr: { kind: 'call', name: 'avg' }, text: 'avg(age)' },
      { expr: field('population_count'), direction: 'desc' },
    ]);
    expect(orderItems('random(1) desc')).toMatchObject([
      { expr: { kind: 'call', name: 'random', args: [num(1)] }, direction: 'desc' },
    ]);
    expect(orderItems("distance(geo, geom'POINT(1 2)')")).toMatchObject([{ expr: { name: 'distance' } }]);
    expect(orderItems('length(name), lower(a), date_format(d, "yyyy")')).toHaveLength(3);
  });

  it('refuses a repeated direction', () => {
    expect(fail(parseOrderBy('x desc desc'))).toMatchObject({
      message: 'unexpected desc at position 7',
      expected: [',', 'asc', 'desc'],
      clause: 'order_by',
    });
  });
});
