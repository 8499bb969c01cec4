import type { CompileOptions, ParamList } from '../../odsql/compile/context';
import { compileRecordsQuery } from '../../odsql/compile/query';
import { quoteIdent } from '../../odsql/compile/storage';
import { printName } from '../../odsql/print';
import type { DatasetSchema } from '../../odsql/schema';
import type { FacetSort } from '../catalog/types';
import type { Engine } from '../engine/types';
import { odsqlError } from '../errors';
import { runCompiled } from '../records/run';
import { type FacetConfig, isTemporalFacet } from './config';
import { type FacetFilter, filterConditions, matchSql } from './filters';
import { type DatePath, formatDatePath, parseDatePath } from './paths';
import { buildTree, type FacetValue, hierarchyShape, listLevel, prefixCounts } from './tree';

export type { FacetState, FacetValue } from './tree';

/*
 * Facet enumeration: one grouped query per facet (per level for a refined date hierarchy), all run
 * concurrently, each over the request's `where`, refines and excludes.
 *
 * What the interface leaves open, settled here:
 * - Limit: 100 values per facet, and per level of a hierarchy, unless `facet(limit=N)` (at most 5000).
 * - Sort: the field's `facetsort` annotation, else `alphanum` (chronological) for date and datetime
 *   facets and `-count` for the others. `alphanum` and `num` both order by the value in its own type
 *   (numbers numerically, text by code point); ties in a count order break by value ascending.
 * - Records without a value (null, empty list) are not counted in any facet value.
 * - Refined values are always listed, even beyond the limit, and with count 0 when no record has them;
 *   a refined value's ancestors are refined too and list their children in `facets`.
 * - Excluded values are listed after the other values of their level, in the order of the `exclude`
 *   parameters, with no count, and do not count towards the limit. A value both refined and excluded
 *   is listed as excluded.
 * - An excluded deeper level of a hierarchy (`exclude=date:2012/03` with no refine of 2012) is shown in
 *   context: its ancestors keep state displayed and their counts, and list their children in `facets`,
 *   among them the excluded value. An ancestor that no longer has records is listed with count 0.
 * - Without a separator, a hierarchical text facet splits on `/`.
 */

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

/** Most groups a query reads when values are sorted or cut after the query (hierarchies, refines). */
const MAX_GROUPS = 20_000;

/** Enumerates facets concurrently: one grouped query each, over the request's filters. */
export function enumerateFacets(facets: readonly FacetConfig[], q: FacetQuery): Promise<FacetResult[]> {
  return Promise.all(facets.map((f) => enumerateFacet(f, q)));
}

async function enumerateFacet(facet: FacetConfig, q: FacetQuery): Promise<FacetResult> {
  const own = q.filters.filter((f) => f.facet.name === facet.name);
  const refined = own.filter((f) => f.kind === 'refine').map((f) => canonical(facet, f.value));
  const excluded = unique(own.filter((f) => f.kind === 'exclude').map((f) => canonical(facet, f.value)));
  const facets = isTemporalFacet(facet)
    ? await dateHierarchy(facet, q, refined, excluded)
    : facet.separator !== undefined
      ? await textHierarchy(facet, facet.separator, q, refined, excluded)
      : await flat(facet, q, refined, excluded);
  return { name: facet.name, facets };
}

interface Group {
  readonly keys: readonly unknown[];
  readonly count: number;
}

/** Counts records per value of `keys` (ODSQL group_by expressions), under the request's filters. */
async function grouped(
  facet: FacetConfig,
  q: FacetQuery,
  keys: readonly string[],
  options: {
    readonly orderBy?: string;
    /** Most groups read; none: all of them. */
    readonly limit?: number;
    readonly extra?: (params: ParamList) => string[];
  },
): Promise<Group[]> {
  const base = filterConditions(q.filters, facet.disjunctive ? facet.name : undefined);
  const compiled = compileRecordsQuery(
    {
      table: q.table,
      select: 'count(*) AS n',
      where: q.where,
      groupBy: keys.map((k, i) => `${k} AS k${i}`).join(', '),
      ...(options.orderBy ? { orderBy: options.orderBy } : {}),
      ...(options.limit !== undefined ? { limit: options.limit } : {}),
      conditions: (params) => [
        ...base(params),
        `${quoteIdent(facet.name)} IS NOT NULL`,
        ...(options.extra?.(params) ?? []),
      ],
    },
    q.schema,
    { ...q.options, version: '2.1' },
  );
  if (!compiled.ok) throw odsqlError(compiled.diagnostics);
  const { rows } = await runCompiled(q.engine, compiled.query, q.signal, q.timeLimitMs);
  return rows
    .map((r) => JSON.parse(r.fields) as Record<string, unknown>)
    .map((g) => ({ keys: keys.map((_, i) => g[`k${i}`]), count: Number(g.n) }))
    .filter((g) => g.keys.every((k) => k !== null && k !== undefined));
}

/** A facet without hierarchy: values sorted and cut in SQL, so that many values cost one pass. */
async function flat(
  facet: FacetConfig,
  q: FacetQuery,
  refined: readonly string[],
  excluded: readonly string[],
): Promise<FacetValue[]> {
  const key = [printName(facet.name)];
  const groups = await grouped(facet, q, key, { orderBy: sqlOrder(facet.sort), limit: facet.limit });
  const counts = new Map(groups.map((g) => [String(g.keys[0]), g.count]));
  // Refined values are listed even beyond the limit: those the cut left out are counted apart.
  const missing = unique(refined.filter((r) => !counts.has(r)));
  if (missing.length > 0 && groups.length === facet.limit) {
    const more = await grouped(facet, q, key, {
      extra: (params) => [`(${missing.map((value) => matchSql({ facet, value }, params)).join(' OR ')})`],
    });
    for (const g of more) {
      const value = String(g.keys[0]);
      if (missing.includes(value)) counts.set(value, g.count);
    }
  }
  const refinedSet = new Set(refined);
  // Values come in the facet's order, and those the cut left out sort after them; refined values no
  // record has (count 0) are sorted in.
  const cut = groups.length === facet.limit;
  return listLevel(facet, unique([...counts.keys(), ...missing]), counts, {
    refined: refinedSet,
    keep: refinedSet,
    excluded,
    presorted: cut || missing.length === 0,
    nameOf: (v) => v,
  });
}

/** Date and datetime facets: years, then the months of a refined year, then the days of a month. */
async function dateHierarchy(
  facet: FacetConfig,
  q: FacetQuery,
  refined: readonly string[],
  excluded: readonly string[],
): Promise<FacetValue[]> {
  const shape = hierarchyShape(refined, excluded, '/');
  // One query per level: level n counts the values under the expanded values of level n - 1 only, so
  // that no query reads more groups than the tree shows.
  const parts = ['year', 'month', 'day'].map((p) => `${p}(${printName(facet.name)})`);
  const levels = [1, 2, 3].map((depth) => ({
    depth,
    parents: [...shape.expanded].filter((p) => p.split('/').length === depth - 1),
  }));
  const results = await Promise.all(
    levels
      .filter((l) => l.depth === 1 || l.parents.length > 0)
      .map((l) =>
        grouped(facet, q, parts.slice(0, l.depth), {
          limit: MAX_GROUPS,
          ...(l.depth > 1
            ? {
                extra: (params: ParamList) => [
                  `(${l.parents.map((p) => matchSql({ facet, value: p, date: parseDatePath(p)! }, params)).join(' OR ')})`,
                ],
              }
            : {}),
        }),
      ),
  );
  const counts = new Map<string, number>();
  for (const g of results.flat()) counts.set(formatDatePath(g.keys.map(Number)), g.count);
  return buildTree(facet, '/', counts, refined, excluded, shape);
}

/** A text facet whose values are paths: every prefix of a value is a level of the hierarchy. */
async function textHierarchy(
  facet: FacetConfig,
  sep: string,
  q: FacetQuery,
  refined: readonly string[],
  excluded: readonly string[],
): Promise<FacetValue[]> {
  const groups = await grouped(facet, q, [printName(facet.name)], { orderBy: 'k0 ASC', limit: MAX_GROUPS });
  const counts = prefixCounts(
    groups.map((g) => [String(g.keys[0]), g.count] as const),
    sep,
  );
  return buildTree(facet, sep, counts, refined, excluded);
}

/** The SQL order of a flat facet (values are the `k0` key, counts `n`), ties broken by value. */
function sqlOrder(sort: FacetSort): string {
  switch (sort) {
    case '-count':
      return 'n DESC, k0 ASC';
    case 'count':
      return 'n ASC, k0 ASC';
    case '-alphanum':
    case '-num':
      return 'k0 DESC';
    default:
      return 'k0 ASC';
  }
}

/** The form values are listed in: numbers as numbers (`5.0` is `5`), dates as zero-padded paths. */
function canonical(facet: FacetConfig, value: string): string {
  if (facet.type === 'int' || facet.type === 'double') return String(Number(value.trim()));
  if (facet.type === 'boolean') return value.trim().toLowerCase();
  if (isTemporalFacet(facet)) {
    const p: DatePath | undefined = parseDatePath(value);
    if (!p) return value;
    return formatDatePath([
      p.year,
      ...(p.month !== undefined ? [p.month] : []),
      ...(p.day !== undefined ? [p.day] : []),
    ]);
  }
  return value;
}

function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}
