import type { CompileOptions, DatasetSchema, FacetMatch } from '../../odsql';
import { compileRecordsQuery, printName } from '../../odsql';
import type { FacetSort } from '../catalog/types';
import type { Engine } from '../engine/types';
import { odsqlError } from '../errors';
import { runCompiled } from '../records/run';
import { type FacetConfig, isTemporalFacet } from './config';
import type { FacetFilter } from './filters';
import { datePathBounds, formatDatePath, parseDatePath } from './paths';
import { buildTree, type FacetValue, hierarchyShape, listLevel, prefixCounts } from './tree';

export type { FacetState, FacetValue } from './tree';

/*
 * Facet enumeration. The facets of a request run concurrently, one grouped query each over the
 * request's `where`, refines and excludes; a date facet counts all its levels in one query when its
 * refines bound the records, else one query per level it shows. Date parts in the request time zone
 * come from the compiler, which converts a field with a known range through the zone's few offset
 * changes rather than a zone lookup per record.
 *
 * Settled here, where the interface leaves it open:
 * - Limit: 100 values per facet (per level of a hierarchy) unless `facet(limit=N)`, capped at 5000.
 * - Sort: the `facetsort` annotation, else `alphanum` (chronological) for date and datetime facets and
 *   `-count` for the others. `alphanum` and `num` both order by value in the field's type (numbers
 *   numerically, text in reading order: case and accents folded, as the dialect's `readingOrder`);
 *   count orders break ties by value ascending.
 * - Dates go down to days. Records without a value are counted nowhere.
 * - Refined values are always listed, beyond the limit too, with count 0 when no record has them.
 * - Excluded values come after the other values of their level, in the order of the `exclude`
 *   parameters, with no count, outside the limit. A value both refined and excluded is excluded.
 * - A deeper excluded level (`exclude=date:2012/03` without a refine of 2012) is shown in context: its
 *   ancestors keep state displayed and their count (0 if no record is left) and list their children,
 *   the excluded value among them.
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

/** Enumerates facets concurrently, over the request's filters. */
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

interface RowsQuery {
  readonly select: string;
  readonly groupBy?: string;
  readonly orderBy?: string;
  /** Most rows read; none: all of them. */
  readonly limit?: number;
  /** Only records having one of these values of the facet (besides the request's filters). */
  readonly anyOf?: readonly FacetMatch[];
}

/**
 * Runs an ODSQL query over the records the facet counts: the request's `where`, refines and excludes
 * (a disjunctive facet's own refines left out), and a value in the facet's field.
 */
async function run(facet: FacetConfig, q: FacetQuery, query: RowsQuery): Promise<Record<string, unknown>[]> {
  // A disjunctive facet enumerates its values as if it were not refined.
  const filters = facet.disjunctive
    ? q.filters.filter((f) => f.kind === 'exclude' || f.facet.name !== facet.name)
    : q.filters;
  const compiled = compileRecordsQuery(
    {
      table: q.table,
      select: query.select,
      where: q.where,
      ...(query.groupBy !== undefined ? { groupBy: query.groupBy } : {}),
      ...(query.orderBy !== undefined ? { orderBy: query.orderBy } : {}),
      ...(query.limit !== undefined ? { limit: query.limit } : {}),
      filters,
      withValueIn: facet.name,
      ...(query.anyOf !== undefined ? { anyOf: query.anyOf } : {}),
    },
    q.schema,
    { ...q.options, version: '2.1' },
  );
  if (!compiled.ok) throw odsqlError(compiled.diagnostics);
  const { rows } = await runCompiled(q.engine, compiled.query, q.signal, q.timeLimitMs);
  return rows.map((r) => JSON.parse(r.fields) as Record<string, unknown>);
}

/** Counts records per value of `keys` (ODSQL group_by expressions); groups with a null key are left out. */
async function grouped(
  facet: FacetConfig,
  q: FacetQuery,
  keys: readonly string[],
  options: Omit<RowsQuery, 'select' | 'groupBy'> = {},
): Promise<Group[]> {
  const rows = await run(facet, q, {
    ...options,
    select: 'count(*) AS n',
    groupBy: keys.map((k, i) => `${k} AS k${i}`).join(', '),
  });
  return rows
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
      anyOf: missing.map((value) => ({ facet, value })),
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
  const expanded = [...shape.expanded];
  const depthOf = (p: string): number => p.split('/').length;
  // When the facet's own refines filter the records (it is not disjunctive) and every expanded value
  // is one of them or above one, the records all lie in the refined periods: one query grouped down to
  // the deepest level shown counts every level.
  const bounded =
    !facet.disjunctive &&
    refined.length > 0 &&
    expanded.every((p) => refined.some((r) => r === p || r.startsWith(`${p}/`)));
  if (bounded) {
    const deepest = Math.min(3, 1 + Math.max(...expanded.map(depthOf)));
    const counts = prefixCounts(await datePartsLevel(facet, q, deepest, []), '/');
    return buildTree(facet, '/', counts, refined, excluded, shape);
  }
  // Otherwise one query per level: level n counts the values under the expanded values of level n - 1
  // only, so that no query reads more groups than the tree shows.
  const levels = [1, 2, 3]
    .map((depth) => ({ depth, parents: expanded.filter((p) => depthOf(p) === depth - 1) }))
    .filter((l) => l.depth === 1 || l.parents.length > 0);
  const results = await Promise.all(levels.map((l) => datePartsLevel(facet, q, l.depth, l.parents)));
  return buildTree(facet, '/', new Map(results.flat()), refined, excluded, shape);
}

/** Records under any of the periods. */
const withinPeriods = (facet: FacetConfig, periods: readonly string[]): FacetMatch[] =>
  periods.map((p) => ({ facet, value: p, period: datePathBounds(parseDatePath(p)!) }));

/**
 * Counts per period of one level, grouped by the date parts of the field (year, month, day) in the
 * request time zone, under the given parent periods when there are some.
 */
async function datePartsLevel(
  facet: FacetConfig,
  q: FacetQuery,
  depth: number,
  parents: readonly string[],
): Promise<[string, number][]> {
  const parts = ['year', 'month', 'day'].slice(0, depth).map((p) => `${p}(${printName(facet.name)})`);
  const groups = await grouped(facet, q, parts, {
    limit: MAX_GROUPS,
    ...(parents.length > 0 ? { anyOf: withinPeriods(facet, parents) } : {}),
  });
  return groups.map((g) => [formatDatePath(g.keys.map(Number)), g.count]);
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
    const p = parseDatePath(value);
    return p
      ? formatDatePath([
          p.year,
          ...(p.month !== undefined ? [p.month] : []),
          ...(p.day !== undefined ? [p.day] : []),
        ])
      : value;
  }
  return value;
}

function unique<T>(values: readonly T[]): T[] {
  return [...new Set(values)];
}
