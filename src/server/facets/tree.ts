import type { FacetValue } from '../../api/types';
import type { FacetSort } from '../catalog/types';

export type { FacetValue };

import type { FacetConfig } from './config';

/*
 * Facet values from counts: the levels of a hierarchy, their order and limit, and the states of the
 * values (displayed, refined, excluded). Pure: the counts come from enumerate.ts.
 */

/** The states this server writes (the wire type, FacetValue in src/api, leaves room for others). */
export type FacetState = 'displayed' | 'refined' | 'excluded';

/** What orders and cuts the values of a facet. */
export type Ordering = Pick<FacetConfig, 'type' | 'sort' | 'limit'>;

/** Which values of a hierarchy are listed whatever the limit, and which list their children. */
export interface HierarchyShape {
  /** Refined values, their ancestors and the ancestors of excluded values. */
  readonly pinned: ReadonlySet<string>;
  /** Values whose children are listed (in `facets`): the pinned ones, except excluded ones. */
  readonly expanded: ReadonlySet<string>;
}

/** The ancestors of a path, outermost first: `2020/11/05` gives `2020`, `2020/11`. */
export function ancestorsOf(path: string, sep: string): string[] {
  const parts = path.split(sep);
  return parts.slice(0, -1).map((_, i) => parts.slice(0, i + 1).join(sep));
}

export function hierarchyShape(
  refined: readonly string[],
  excluded: readonly string[],
  sep: string,
): HierarchyShape {
  const pinned = new Set<string>();
  for (const r of refined) for (const a of [...ancestorsOf(r, sep), r]) pinned.add(a);
  for (const e of excluded) for (const a of ancestorsOf(e, sep)) pinned.add(a);
  // An excluded value lists no children, and nothing below it is enumerated.
  const under = (p: string): boolean => excluded.some((e) => p === e || p.startsWith(e + sep));
  const expanded = new Set([...pinned].filter((p) => !under(p)));
  return { pinned, expanded };
}

/** Record counts of every prefix of the values (a value `a/b` counts for `a` and `a/b`). */
export function prefixCounts(values: Iterable<readonly [string, number]>, sep: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const [value, count] of values) {
    const parts = value.split(sep);
    for (let i = 1; i <= parts.length; i++) {
      const path = parts.slice(0, i).join(sep);
      counts.set(path, (counts.get(path) ?? 0) + count);
    }
  }
  return counts;
}

/**
 * A hierarchy from counts per path: the top level, and under every expanded value its children (a
 * value with none, like a day, has no `facets`). A value is refined when it or one below it is.
 */
export function buildTree(
  ordering: Ordering,
  sep: string,
  counts: ReadonlyMap<string, number>,
  refined: readonly string[],
  excluded: readonly string[],
  shape: HierarchyShape = hierarchyShape(refined, excluded, sep),
): FacetValue[] {
  const refinedPaths = new Set(
    [...shape.pinned].filter((p) => refined.some((r) => r === p || r.startsWith(p + sep))),
  );
  const candidates = [...new Set([...counts.keys(), ...shape.pinned])];
  const build = (parent: string | undefined): FacetValue[] => {
    const depth = parent === undefined ? 1 : parent.split(sep).length + 1;
    const within = (path: string): boolean =>
      path.split(sep).length === depth && (parent === undefined || path.startsWith(parent + sep));
    return listLevel(ordering, candidates.filter(within), counts, {
      refined: refinedPaths,
      keep: shape.pinned,
      excluded: excluded.filter(within),
      nameOf: (path) => path.split(sep).pop()!,
      childrenOf: (path) => {
        const children = shape.expanded.has(path) ? build(path) : [];
        return children.length > 0 ? children : undefined;
      },
    });
  };
  return build(undefined);
}

export interface LevelOptions {
  readonly refined: ReadonlySet<string>;
  /** Values listed even beyond the limit. */
  readonly keep: ReadonlySet<string>;
  readonly excluded: readonly string[];
  /** The values come in the facet's order already. */
  readonly presorted?: boolean;
  readonly nameOf: (value: string) => string;
  readonly childrenOf?: (value: string) => FacetValue[] | undefined;
}

/**
 * One level of values: sorted, cut to the limit (except the values to keep), then the excluded values
 * with no count, in the order given. A value with no count in `counts` has count 0.
 */
export function listLevel(
  ordering: Ordering,
  values: readonly string[],
  counts: ReadonlyMap<string, number>,
  how: LevelOptions,
): FacetValue[] {
  const excluded = new Set(how.excluded);
  const listed = values.filter((v) => !excluded.has(v)).map((v) => ({ value: v, count: counts.get(v) ?? 0 }));
  const sorted = how.presorted ? listed : sortValues(ordering, listed);
  const kept = sorted.filter((v, i) => i < ordering.limit || how.keep.has(v.value));
  const out: FacetValue[] = kept.map(({ value, count }) => {
    const children = how.childrenOf?.(value);
    return {
      name: how.nameOf(value),
      count,
      state: how.refined.has(value) ? 'refined' : 'displayed',
      value,
      ...(children !== undefined ? { facets: children } : {}),
    };
  });
  for (const value of [...excluded]) out.push({ name: how.nameOf(value), state: 'excluded', value });
  return out;
}

/** Text folded for reading order: accents and case, as the DuckDB dialect's `readingOrder` folds it. */
function readingKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Mn}/gu, '')
    .toLowerCase();
}

/**
 * Text as people read it (`aviation` before `United States`), then by code unit for values equal but
 * for case or accents: the order the compiler's group keys sort in, so that values sorted here and
 * values sorted by the engine agree.
 */
export function compareReading(a: string, b: string): number {
  const ka = readingKey(a);
  const kb = readingKey(b);
  if (ka !== kb) return ka < kb ? -1 : 1;
  return a < b ? -1 : a > b ? 1 : 0;
}

/**
 * Values in a facet order. `alphanum` and `num` both compare values in their type (numbers
 * numerically, text in reading order); count orders break ties by value ascending.
 */
export function sortValues<T extends { readonly value: string; readonly count: number }>(
  ordering: Pick<Ordering, 'type' | 'sort'>,
  values: readonly T[],
): T[] {
  const numeric = ordering.type === 'int' || ordering.type === 'double';
  const byValue = (a: T, b: T): number =>
    numeric ? Number(a.value) - Number(b.value) : compareReading(a.value, b.value);
  const compare: Record<FacetSort, (a: T, b: T) => number> = {
    count: (a, b) => a.count - b.count || byValue(a, b),
    '-count': (a, b) => b.count - a.count || byValue(a, b),
    alphanum: byValue,
    '-alphanum': (a, b) => byValue(b, a),
    num: byValue,
    '-num': (a, b) => byValue(b, a),
  };
  return [...values].sort(compare[ordering.sort]);
}
