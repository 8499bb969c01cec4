import type { FieldType } from '../schema';
import { daysFromCivil } from '../time/calendar';
import { zonedToEpoch } from '../time/zones';
import type { ParamList } from './context';
import { instantText } from './literals';

/*
 * refine and exclude, as the compiler takes them: structured values the server has checked against the
 * request's facets, turned into SQL here against the same parameters as the rest of the query.
 */

/** A field as a facet filter reads it. */
export interface FilterFacet {
  readonly name: string;
  readonly type: FieldType;
  readonly multivalued: boolean;
  /** Refines of a disjunctive facet are OR-ed, of any other facet AND-ed. */
  readonly disjunctive: boolean;
  /** Separator of a hierarchical text facet: a value matches itself and every value below it. */
  readonly separator?: string;
}

/** A calendar day: year, month (1-12), day (1-31). */
export type CalendarDay = readonly [number, number, number];

/** One facet value a record may have. */
export interface FacetMatch {
  readonly facet: FilterFacet;
  readonly value: string;
  /** For date and datetime facets: the period the value names, its first day and the day after. */
  readonly period?: readonly [CalendarDay, CalendarDay];
}

/** One `refine=` or `exclude=` of a request. */
export interface FacetFilterInput extends FacetMatch {
  readonly kind: 'refine' | 'exclude';
}

/**
 * SQL conditions of the filters: each exclude alone, the refines of one facet together (AND-ed, or
 * OR-ed when the facet is disjunctive).
 */
export function facetFilterConditions(filters: readonly FacetFilterInput[], params: ParamList): string[] {
  const conditions: string[] = [];
  const refinesByFacet = new Map<string, { facet: FilterFacet; tests: string[] }>();
  for (const f of filters) {
    if (f.kind === 'exclude') {
      conditions.push(`(NOT coalesce(${facetMatchSql(f, params)}, ${params.dialect.false}))`);
      continue;
    }
    const entry = refinesByFacet.get(f.facet.name) ?? { facet: f.facet, tests: [] };
    entry.tests.push(facetMatchSql(f, params));
    refinesByFacet.set(f.facet.name, entry);
  }
  for (const { facet, tests } of refinesByFacet.values()) {
    conditions.push(tests.length === 1 ? tests[0]! : `(${tests.join(facet.disjunctive ? ' OR ' : ' AND ')})`);
  }
  return conditions;
}

/**
 * Records having the value: true, or false or null (no value). Plain comparisons against constants,
 * so that the engine can use them to skip blocks of rows; an exclude wraps them in coalesce.
 */
export function facetMatchSql(f: FacetMatch, params: ParamList): string {
  const column = params.dialect.fieldValue(f.facet.name, f.facet.type);
  if (f.period) {
    const d = params.dialect;
    if (f.facet.type === 'date') {
      const [start, end] = f.period.map(([y, m, day]) => ({
        text: `${String(y).padStart(4, '0')}-${pad(m)}-${pad(day)}`,
        days: daysFromCivil(y, m, day),
      }));
      return `(${column} >= ${d.dateLiteral(start!, params)} AND ${column} < ${d.dateLiteral(end!, params)})`;
    }
    // Datetimes are stored as UTC wall clocks: the period's bounds in the request time zone, as UTC.
    const tz = params.options.timezone;
    const [start, end] = f.period.map(([year, month, day]) =>
      instantText(zonedToEpoch({ year, month, day, hour: 0, minute: 0, second: 0, millisecond: 0 }, tz)),
    );
    return `(${column} >= ${d.instantLiteral(start!, params)} AND ${column} < ${d.instantLiteral(end!, params)})`;
  }
  if (f.facet.type === 'int' || f.facet.type === 'double')
    return `${column} = ${params.double(Number(f.value.trim()))}`;
  if (f.facet.type === 'boolean')
    return `${column} = ${params.boolean(f.value.trim().toLowerCase() === 'true')}`;
  const v = params.text(f.value);
  if (f.facet.separator === undefined) {
    return f.facet.multivalued ? params.dialect.listContains(column, v) : `${column} = ${v}`;
  }
  // A hierarchical value matches itself and everything below it.
  const below = params.text(f.value + f.facet.separator);
  const test = (x: string): string => `(${x} = ${v} OR ${params.dialect.startsWith(x, below)})`;
  return f.facet.multivalued ? params.dialect.anyListElement(column, test) : test(column);
}

const pad = (n: number): string => String(n).padStart(2, '0');
