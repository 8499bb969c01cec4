import type { CompileOptions } from '../../odsql/compile/context';
import { compileRecordsQuery } from '../../odsql/compile/query';
import { printName } from '../../odsql/print';
import type { DatasetSchema } from '../../odsql/schema';
import type { FacetSort } from '../catalog/types';
import type { Engine } from '../engine/types';
import { odsqlError } from '../errors';
import { runCompiled } from '../records/run';
import { type FacetConfig, isTemporalFacet } from './config';
import { type FacetFilter, filterConditions } from './filters';
import { datePathDepth, formatDatePath } from './paths';

export type FacetState = 'displayed' | 'refined' | 'excluded';

/** One facet value; refined hierarchy levels carry their children in `facets`. */
export interface FacetValue {
  readonly name: string;
  readonly count?: number;
  readonly state: FacetState;
  readonly value: string;
  readonly facets?: readonly FacetValue[];
}

export interface FacetResult {
  readonly name: string;
  readonly facets: readonly FacetValue[];
}

export interface FacetQuery {
  readonly engine: Engine;
  readonly table: string;
  readonly schema: DatasetSchema;
  readonly where: readonly string[];
  readonly filters: readonly FacetFilter[];
  readonly options: CompileOptions;
  readonly signal: AbortSignal;
  readonly timeLimitMs: number;
}

/** Most groups a hierarchical facet reads before building its tree. */
const MAX_GROUPS = 20_000;

/** Enumerates facets concurrently: one grouped query each, over the request's filters. */
export function enumerateFacets(facets: readonly FacetConfig[], q: FacetQuery): Promise<FacetResult[]> {
  return Promise.all(facets.map((f) => enumerateFacet(f, q)));
}

async function enumerateFacet(facet: FacetConfig, q: FacetQuery): Promise<FacetResult> {
  const own = q.filters.filter((f) => f.facet.name === facet.name);
  const refined = own.filter((f) => f.kind === 'refine');
  const excluded = own.filter((f) => f.kind === 'exclude');
  const field = printName(facet.name);
  let keys: string[];
  let sorted = false;
  let orderBy: string | undefined;
  let limit = MAX_GROUPS;
  if (isTemporalFacet(facet)) {
    const depth = Math.min(3, 1 + Math.max(0, ...refined.map((r) => datePathDepth(r.date!))));
    keys = ['year', 'month', 'day'].slice(0, depth).map((part, i) => `${part}(${field}) AS k${i}`);
  } else {
    keys = [`${field} AS k0`];
    if (facet.separator === undefined) {
      // Flat facets sort and cut in SQL, so a field with many values costs one pass.
      orderBy = sqlOrder(facet.sort);
      limit = facet.limit;
      sorted = true;
    }
  }
  const compiled = compileRecordsQuery(
    {
      table: q.table,
      select: 'count(*) AS n',
      where: q.where,
      groupBy: keys.join(', '),
      ...(orderBy ? { orderBy } : {}),
      limit,
      conditions: filterConditions(q.filters, facet.disjunctive ? facet.name : undefined),
    },
    q.schema,
    { ...q.options, version: '2.1' },
  );
  if (!compiled.ok) throw odsqlError(compiled.diagnostics);
  const { rows } = await runCompiled(q.engine, compiled.query, q.signal, q.timeLimitMs);
  const groups = rows
    .map((r) => JSON.parse(r.fields) as Record<string, unknown>)
    .filter((g) => g.k0 !== null && g.k0 !== undefined);

  let values: FacetValue[];
  if (isTemporalFacet(facet)) {
    const refinedPaths = refined.map((r) => normalizeDatePath(r.value));
    const counts = new Map<string, number>();
    for (const g of groups) {
      const parts = ['k0', 'k1', 'k2'].map((k) => g[k]).filter((v): v is number => typeof v === 'number');
      for (let i = 1; i <= parts.length; i++) {
        const path = formatDatePath(parts.slice(0, i));
        counts.set(path, (counts.get(path) ?? 0) + Number(g.n));
      }
    }
    values = tree(counts, '/', refinedPaths, facet, (path) => path.split('/').pop()!);
    values = withExcluded(values, excluded.map((e) => normalizeDatePath(e.value)), '/');
  } else if (facet.separator !== undefined) {
    const sep = facet.separator;
    const counts = new Map<string, number>();
    for (const g of groups) {
      const parts = String(g.k0).split(sep);
      for (let i = 1; i <= parts.length; i++) {
        const path = parts.slice(0, i).join(sep);
        counts.set(path, (counts.get(path) ?? 0) + Number(g.n));
      }
    }
    values = tree(counts, sep, refined.map((r) => r.value), facet, (path) => path.split(sep).pop()!);
    values = withExcluded(values, excluded.map((e) => e.value), sep);
  } else {
    const refinedValues = new Set(refined.map((r) => canonical(facet, r.value)));
    values = groups.map((g) => {
      const value = String(g.k0);
      const state: FacetState = refinedValues.has(canonical(facet, value)) ? 'refined' : 'displayed';
      return { name: value, count: Number(g.n), state, value };
    });
    if (!sorted) values = sortValues(values, facet.sort).slice(0, facet.limit);
    values = withExcluded(values, excluded.map((e) => e.value), undefined);
  }
  return { name: facet.name, facets: values };
}

/** Numbers compare by value (`5` and `5.0` are one value), everything else as written. */
function canonical(facet: FacetConfig, value: string): string {
  if (facet.type === 'int' || facet.type === 'double') return String(Number(value));
  if (facet.type === 'boolean') return value.toLowerCase();
  return value;
}

function normalizeDatePath(value: string): string {
  return formatDatePath(value.split(/[/-]/).map(Number));
}

function sqlOrder(sort: FacetSort): string | undefined {
  switch (sort) {
    case '-count':
      return 'n DESC';
    case 'count':
      return 'n ASC';
    case '-alphanum':
    case '-num':
      return 'k0 DESC';
    default:
      return undefined;
  }
}

function sortValues(values: FacetValue[], sort: FacetSort): FacetValue[] {
  const byName = (a: FacetValue, b: FacetValue): number => (a.value < b.value ? -1 : a.value > b.value ? 1 : 0);
  const byNumber = (a: FacetValue, b: FacetValue): number => Number(a.value) - Number(b.value) || byName(a, b);
  const byCount = (a: FacetValue, b: FacetValue): number => (a.count ?? 0) - (b.count ?? 0) || byName(a, b);
  const compare: Record<FacetSort, (a: FacetValue, b: FacetValue) => number> = {
    count: byCount,
    '-count': (a, b) => (b.count ?? 0) - (a.count ?? 0) || byName(a, b),
    alphanum: byName,
    '-alphanum': (a, b) => byName(b, a),
    num: byNumber,
    '-num': (a, b) => byNumber(b, a),
  };
  return [...values].sort(compare[sort]);
}

/**
 * A hierarchy from counts per path: top-level values, and under every refined value (or ancestor of
 * one) its children, refined in turn where a refine reaches further.
 */
function tree(
  counts: ReadonlyMap<string, number>,
  sep: string,
  refinedPaths: readonly string[],
  facet: FacetConfig,
  nameOf: (path: string) => string,
): FacetValue[] {
  const level = (parent: string | undefined): FacetValue[] => {
    const depth = parent === undefined ? 1 : parent.split(sep).length + 1;
    const nodes: FacetValue[] = [];
    for (const [path, count] of counts) {
      if (path.split(sep).length !== depth) continue;
      if (parent !== undefined && !path.startsWith(parent + sep)) continue;
      const refined = refinedPaths.some((r) => r === path || r.startsWith(path + sep));
      const children = refined ? level(path) : [];
      nodes.push({
        name: nameOf(path),
        count,
        state: refined ? 'refined' : 'displayed',
        value: path,
        ...(children.length > 0 ? { facets: children } : {}),
      });
    }
    return sortValues(nodes, facet.sort).slice(0, facet.limit);
  };
  return level(undefined);
}

/** Excluded values are listed with state `excluded` and no count, at their level of the hierarchy. */
function withExcluded(values: FacetValue[], excluded: readonly string[], sep: string | undefined): FacetValue[] {
  if (excluded.length === 0) return values;
  const insert = (nodes: FacetValue[], path: string, parent: string | undefined): FacetValue[] => {
    const parts = sep === undefined ? [path] : path.split(sep);
    const depth = parent === undefined ? 1 : parent.split(sep!).length + 1;
    if (parts.length === depth) {
      if (nodes.some((n) => n.value === path)) return nodes;
      return [...nodes, { name: parts[parts.length - 1]!, state: 'excluded', value: path }];
    }
    return nodes.map((n) =>
      n.facets && path.startsWith(n.value + sep) ? { ...n, facets: insert([...n.facets], path, n.value) } : n,
    );
  };
  return excluded.reduce((nodes, path) => insert(nodes, path, undefined), values);
}
