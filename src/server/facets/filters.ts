import type { ParamList } from '../../odsql/compile/context';
import { quoteIdent } from '../../odsql/compile/storage';
import { parseFacetFilter } from '../../odsql/parser/refine';
import { ApiError, invalidParameter, odsqlError } from '../errors';
import { type QueryString, repeated } from '../http/params';
import { type FacetConfig, isTemporalFacet } from './config';
import { type DatePath, datePathBounds, parseDatePath } from './paths';

/** One validated `refine=` or `exclude=`. */
export interface FacetFilter {
  readonly kind: 'refine' | 'exclude';
  readonly facet: FacetConfig;
  readonly value: string;
  /** For date facets, the period the value names. */
  readonly date?: DatePath;
}

/** Parses and checks the refine and exclude parameters against the facets a request may use. */
export function facetFilters(usable: ReadonlyMap<string, FacetConfig>, query: QueryString): FacetFilter[] {
  const filters: FacetFilter[] = [];
  for (const kind of ['refine', 'exclude'] as const) {
    for (const source of repeated(query, kind)) {
      const parsed = parseFacetFilter(source, kind);
      if (!parsed.ok) throw odsqlError([parsed.diagnostic]);
      const { facet: name, value } = parsed.value;
      const facet =
        usable.get(name) ?? [...usable.values()].find((f) => f.name.toLowerCase() === name.toLowerCase());
      if (!facet) {
        throw new ApiError(
          'InvalidRESTParameterError',
          `Invalid value for ${kind} API parameter: ${source} was found but ${name} is not a facet of the dataset (facets: ${[...usable.keys()].join(', ') || 'none'}; add facet=${name} to use another field).`,
        );
      }
      filters.push(checked(kind, facet, value, source));
    }
  }
  return filters;
}

function checked(kind: 'refine' | 'exclude', facet: FacetConfig, value: string, source: string): FacetFilter {
  if (isTemporalFacet(facet)) {
    const date = parseDatePath(value);
    if (!date)
      throw invalidParameter(
        kind,
        source,
        `${facet.name}:YYYY, ${facet.name}:YYYY/MM or ${facet.name}:YYYY/MM/DD`,
      );
    return { kind, facet, value, date };
  }
  if ((facet.type === 'int' || facet.type === 'double') && !Number.isFinite(Number(value.trim()))) {
    throw invalidParameter(kind, source, `${facet.name}:<number>`);
  }
  if (facet.type === 'boolean' && !/^(true|false)$/i.test(value.trim())) {
    throw invalidParameter(kind, source, `${facet.name}:true or ${facet.name}:false`);
  }
  return { kind, facet, value };
}

/**
 * SQL conditions of the filters, against the same parameters as the query they join. Refines of one
 * facet are AND-ed, or OR-ed when the facet is disjunctive; `skipRefinesOf` leaves out the refines of
 * one facet (a disjunctive facet enumerates its values as if it were not refined).
 */
export function filterConditions(
  filters: readonly FacetFilter[],
  skipRefinesOf?: string,
): (params: ParamList) => string[] {
  return (params) => {
    const conditions: string[] = [];
    const refinesByFacet = new Map<string, string[]>();
    for (const f of filters) {
      if (f.kind === 'exclude') {
        conditions.push(`(NOT ${matchSql(f, params)})`);
        continue;
      }
      if (f.facet.name === skipRefinesOf) continue;
      const list = refinesByFacet.get(f.facet.name) ?? [];
      list.push(matchSql(f, params));
      refinesByFacet.set(f.facet.name, list);
    }
    for (const [name, list] of refinesByFacet) {
      const facet = filters.find((f) => f.facet.name === name)!.facet;
      conditions.push(list.length === 1 ? list[0]! : `(${list.join(facet.disjunctive ? ' OR ' : ' AND ')})`);
    }
    return conditions;
  };
}

/** Records having the value: true or false, never null. */
export function matchSql(f: FacetFilter, params: ParamList): string {
  const column = quoteIdent(f.facet.name);
  if (f.date) {
    const [start, end] = datePathBounds(f.date).map(
      ([y, m, d]) => `${String(y).padStart(4, '0')}-${pad(m)}-${pad(d)}`,
    ) as [string, string];
    if (f.facet.type === 'date') {
      return `coalesce(${column} >= CAST(${params.text(start)} AS DATE) AND ${column} < CAST(${params.text(end)} AS DATE), false)`;
    }
    const tz = params.timezone();
    return `coalesce(${column} >= timezone(${tz}, CAST(${params.text(start)} AS TIMESTAMP)) AND ${column} < timezone(${tz}, CAST(${params.text(end)} AS TIMESTAMP)), false)`;
  }
  if (f.facet.type === 'int' || f.facet.type === 'double')
    return `coalesce(${column} = ${params.double(Number(f.value.trim()))}, false)`;
  if (f.facet.type === 'boolean')
    return `coalesce(${column} = ${params.boolean(f.value.trim().toLowerCase() === 'true')}, false)`;
  const v = params.text(f.value);
  const test = (x: string): string =>
    f.facet.separator !== undefined
      ? `(${x} = ${v} OR starts_with(${x}, ${params.text(f.value + f.facet.separator)}))`
      : `${x} = ${v}`;
  if (f.facet.multivalued)
    return `coalesce(list_bool_or(list_transform(${column}, x -> ${test('x')})), false)`;
  return `coalesce(${test(column)}, false)`;
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** refine/exclude conditions of a records or catalog query (the facets of the request decide). */
export function facetConditionsFor(
  usable: ReadonlyMap<string, FacetConfig>,
  query: QueryString,
): (params: ParamList) => string[] {
  return filterConditions(facetFilters(usable, query));
}
