import type { ParamList } from '../../odsql/compile/context';
import { quoteIdent } from '../../odsql/compile/storage';
import { utcText } from '../../odsql/compile/values';
import { parseFacetFilter } from '../../odsql/parser/refine';
import { zonedToEpoch } from '../../odsql/time/zones';
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
          `Invalid value for ${kind} API parameter: ${source} was found but ${name} is not a facet (the facets are ${[...usable.keys()].join(', ') || 'none'}; add facet=${name} to ${kind} on another field).`,
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
    const refinesByFacet = new Map<string, { facet: FacetConfig; tests: string[] }>();
    for (const f of filters) {
      if (f.kind === 'exclude') {
        conditions.push(`(NOT coalesce(${matchSql(f, params)}, false))`);
        continue;
      }
      if (f.facet.name === skipRefinesOf) continue;
      const entry = refinesByFacet.get(f.facet.name) ?? { facet: f.facet, tests: [] };
      entry.tests.push(matchSql(f, params));
      refinesByFacet.set(f.facet.name, entry);
    }
    for (const { facet, tests } of refinesByFacet.values()) {
      conditions.push(
        tests.length === 1 ? tests[0]! : `(${tests.join(facet.disjunctive ? ' OR ' : ' AND ')})`,
      );
    }
    return conditions;
  };
}

/**
 * Records having the value: true, or false or null (no value). Plain comparisons against constants,
 * so that the engine can use them to skip blocks of rows; an exclude wraps them in coalesce.
 */
export function matchSql(f: Pick<FacetFilter, 'facet' | 'value' | 'date'>, params: ParamList): string {
  const column = quoteIdent(f.facet.name);
  if (f.date) {
    const bounds = datePathBounds(f.date);
    if (f.facet.type === 'date') {
      const [start, end] = bounds.map(([y, m, d]) => `${String(y).padStart(4, '0')}-${pad(m)}-${pad(d)}`);
      return `(${column} >= CAST(${params.text(start!)} AS DATE) AND ${column} < CAST(${params.text(end!)} AS DATE))`;
    }
    // Datetimes are stored as UTC wall clocks: the period's bounds in the request time zone, as UTC.
    const tz = params.options.timezone;
    const [start, end] = bounds.map(([year, month, day]) =>
      utcText(zonedToEpoch({ year, month, day, hour: 0, minute: 0, second: 0, millisecond: 0 }, tz)),
    );
    return `(${column} >= CAST(${params.text(start!)} AS TIMESTAMP) AND ${column} < CAST(${params.text(end!)} AS TIMESTAMP))`;
  }
  if (f.facet.type === 'int' || f.facet.type === 'double')
    return `${column} = ${params.double(Number(f.value.trim()))}`;
  if (f.facet.type === 'boolean')
    return `${column} = ${params.boolean(f.value.trim().toLowerCase() === 'true')}`;
  const v = params.text(f.value);
  if (f.facet.separator === undefined) {
    return f.facet.multivalued ? `list_contains(${column}, ${v})` : `${column} = ${v}`;
  }
  // A hierarchical value matches itself and everything below it.
  const below = params.text(f.value + f.facet.separator);
  const test = (x: string): string => `(${x} = ${v} OR starts_with(${x}, ${below}))`;
  return f.facet.multivalued ? `list_bool_or(list_transform(${column}, x -> ${test('x')}))` : test(column);
}

const pad = (n: number): string => String(n).padStart(2, '0');

/** refine/exclude conditions of a records or catalog query (the facets of the request decide). */
export function facetConditionsFor(
  usable: ReadonlyMap<string, FacetConfig>,
  query: QueryString,
): (params: ParamList) => string[] {
  return filterConditions(facetFilters(usable, query));
}
