import { describe, expect, it } from 'vitest';
import {
  ancestorsOf,
  buildTree,
  type FacetValue,
  hierarchyShape,
  listLevel,
  type Ordering,
  prefixCounts,
  sortValues,
} from './tree';

const dates: Ordering = { type: 'date', sort: 'alphanum', limit: 100 };
const text: Ordering = { type: 'text', sort: '-count', limit: 100 };

/** `value state count` lines, children indented: easy to read in a failure. */
function outline(values: readonly FacetValue[], indent = ''): string[] {
  return values.flatMap((v) => [
    `${indent}${v.value} ${v.state}${v.count === undefined ? '' : ` ${v.count}`}`,
    ...outline(v.facets ?? [], `${indent}  `),
  ]);
}

const counts = (entries: Record<string, number>): Map<string, number> => new Map(Object.entries(entries));

describe('hierarchy shape', () => {
  it('lists ancestors outermost first', () => {
    expect(ancestorsOf('2020/11/05', '/')).toEqual(['2020', '2020/11']);
    expect(ancestorsOf('2020', '/')).toEqual([]);
    expect(ancestorsOf('a::b::c', '::')).toEqual(['a', 'a::b']);
  });

  it('pins and expands refined values with their ancestors, and the ancestors of excluded values', () => {
    const shape = hierarchyShape(['2020/11'], ['2019/03/02'], '/');
    expect([...shape.pinned].sort()).toEqual(['2019', '2019/03', '2020', '2020/11']);
    expect([...shape.expanded].sort()).toEqual(['2019', '2019/03', '2020', '2020/11']);
  });

  it('expands nothing at or below an excluded value', () => {
    const shape = hierarchyShape(['2020/11/05'], ['2020/11'], '/');
    expect([...shape.expanded]).toEqual(['2020']);
    expect(shape.pinned.has('2020/11/05')).toBe(true);
  });
});

describe('prefixCounts', () => {
  it('counts every prefix of every value', () => {
    const c = prefixCounts(
      [
        ['Europe/Paris', 3],
        ['Europe/Berlin', 2],
        ['Asia', 1],
      ],
      '/',
    );
    expect(Object.fromEntries(c)).toEqual({ Europe: 5, 'Europe/Paris': 3, 'Europe/Berlin': 2, Asia: 1 });
  });
});

describe('buildTree', () => {
  const byDay = counts({
    '2019': 10,
    '2020': 8,
    '2020/11': 2,
    '2020/12': 6,
    '2020/12/01': 4,
    '2020/12/24': 2,
  });

  it('lists only the top level without refines', () => {
    expect(outline(buildTree(dates, '/', counts({ '2019': 10, '2020': 8 }), [], []))).toEqual([
      '2019 displayed 10',
      '2020 displayed 8',
    ]);
  });

  it('nests the children of a refined value, with names of their own level', () => {
    const tree = buildTree(dates, '/', byDay, ['2020'], []);
    expect(outline(tree)).toEqual([
      '2019 displayed 10',
      '2020 refined 8',
      '  2020/11 displayed 2',
      '  2020/12 displayed 6',
    ]);
    expect(tree[1]?.facets?.[0]).toEqual({ name: '11', count: 2, state: 'displayed', value: '2020/11' });
  });

  it('keeps refined ancestors refined down to the refined value', () => {
    expect(outline(buildTree(dates, '/', byDay, ['2020/12'], []))).toEqual([
      '2019 displayed 10',
      '2020 refined 8',
      '  2020/11 displayed 2',
      '  2020/12 refined 6',
      '    2020/12/01 displayed 4',
      '    2020/12/24 displayed 2',
    ]);
  });

  it('gives no facets to a refined value without children', () => {
    const tree = buildTree(dates, '/', byDay, ['2020/12/24'], []);
    const day = tree[1]?.facets?.[1]?.facets?.[1];
    expect(day).toEqual({ name: '24', count: 2, state: 'refined', value: '2020/12/24' });
    expect(buildTree(dates, '/', counts({}), ['1999'], [])).toEqual([
      { name: '1999', count: 0, state: 'refined', value: '1999' },
    ]);
  });

  it('lists an excluded value after its siblings, without count, and expands its ancestors', () => {
    const tree = buildTree(dates, '/', counts({ '2019': 10, '2020': 6, '2020/12': 6 }), [], ['2020/11']);
    expect(outline(tree)).toEqual([
      '2019 displayed 10',
      '2020 displayed 6',
      '  2020/12 displayed 6',
      '  2020/11 excluded',
    ]);
    expect(tree[1]?.facets?.[1]).toEqual({ name: '11', state: 'excluded', value: '2020/11' });
  });

  it('gives count 0 to a pinned value no record has', () => {
    expect(outline(buildTree(dates, '/', counts({ '2019': 10 }), ['1999'], []))).toEqual([
      '1999 refined 0',
      '2019 displayed 10',
    ]);
    expect(outline(buildTree(dates, '/', counts({ '2019': 10 }), [], ['2018/05']))).toEqual([
      '2018 displayed 0',
      '  2018/05 excluded',
      '2019 displayed 10',
    ]);
  });

  it('lists a value both refined and excluded as excluded, with no children', () => {
    expect(outline(buildTree(dates, '/', counts({ '2019': 10 }), ['2020'], ['2020']))).toEqual([
      '2019 displayed 10',
      '2020 excluded',
    ]);
  });

  it('sorts and cuts every level, keeping pinned values beyond the limit', () => {
    const c = counts({ a: 1, b: 5, c: 3, 'a/x': 1, 'b/y': 2, 'b/z': 3 });
    expect(outline(buildTree({ ...text, limit: 1 }, '/', c, ['a'], []))).toEqual([
      'b displayed 5',
      'a refined 1',
      '  a/x displayed 1',
    ]);
    expect(outline(buildTree({ ...text, limit: 1 }, '/', c, ['b'], []))).toEqual([
      'b refined 5',
      '  b/z displayed 3',
    ]);
  });
});

describe('listLevel', () => {
  const level = (
    values: string[],
    c: Map<string, number>,
    refined: string[],
    excluded: string[],
    limit = 100,
  ) =>
    outline(
      listLevel({ ...text, limit }, values, c, {
        refined: new Set(refined),
        keep: new Set(refined),
        excluded,
        nameOf: (v) => v,
      }),
    );

  it('marks refined values and appends excluded ones in the given order', () => {
    const c = counts({ sun: 640, rain: 641, fog: 101 });
    expect(level(['sun', 'rain', 'fog'], c, ['sun'], ['snow', 'drizzle'])).toEqual([
      'rain displayed 641',
      'sun refined 640',
      'fog displayed 101',
      'snow excluded',
      'drizzle excluded',
    ]);
  });

  it('does not count excluded values towards the limit', () => {
    const c = counts({ a: 3, b: 2, c: 1 });
    expect(level(['a', 'b', 'c'], c, [], ['z'], 2)).toEqual(['a displayed 3', 'b displayed 2', 'z excluded']);
  });

  it('keeps the order of presorted values', () => {
    const out = listLevel(text, ['x', 'y'], counts({ x: 1, y: 2 }), {
      refined: new Set(),
      keep: new Set(),
      excluded: [],
      presorted: true,
      nameOf: (v) => v,
    });
    expect(out.map((v) => v.value)).toEqual(['x', 'y']);
  });
});

describe('sortValues', () => {
  const v = (value: string, count: number) => ({ value, count });
  const values = [v('10', 1), v('9', 3), v('100', 3), v('b', 2)];

  it('orders by count, ties by value', () => {
    expect(sortValues({ type: 'text', sort: '-count' }, values).map((x) => x.value)).toEqual([
      '100',
      '9',
      'b',
      '10',
    ]);
    expect(sortValues({ type: 'text', sort: 'count' }, values).map((x) => x.value)).toEqual([
      '10',
      'b',
      '100',
      '9',
    ]);
  });

  it('orders text as people read it and numbers numerically, whichever of alphanum or num is asked', () => {
    const numbers = [v('10', 1), v('9', 1), v('100', 1), v('-2.5', 1)];
    for (const sort of ['num', 'alphanum'] as const) {
      expect(sortValues({ type: 'int', sort }, numbers).map((x) => x.value)).toEqual([
        '-2.5',
        '9',
        '10',
        '100',
      ]);
      expect(sortValues({ type: 'text', sort }, numbers).map((x) => x.value)).toEqual([
        '-2.5',
        '10',
        '100',
        '9',
      ]);
    }
    expect(sortValues({ type: 'double', sort: '-num' }, numbers).map((x) => x.value)).toEqual([
      '100',
      '10',
      '9',
      '-2.5',
    ]);
    // Case and accents folded, then code units for values equal but for them (A before a).
    expect(
      sortValues({ type: 'text', sort: '-alphanum' }, [v('B', 1), v('a', 1), v('A', 1)]).map((x) => x.value),
    ).toEqual(['B', 'a', 'A']);
    const keywords = [v('United States', 1), v('aviation', 1), v('Écosse', 1), v('ecology', 1), v('US', 1)];
    expect(sortValues({ type: 'text', sort: 'alphanum' }, keywords).map((x) => x.value)).toEqual([
      'aviation',
      'ecology',
      'Écosse',
      'United States',
      'US',
    ]);
    // Count orders break their ties the same way.
    expect(sortValues({ type: 'text', sort: '-count' }, keywords).map((x) => x.value)).toEqual([
      'aviation',
      'ecology',
      'Écosse',
      'United States',
      'US',
    ]);
  });
});
