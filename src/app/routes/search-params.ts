import type { FacetFilter } from '../../api';
import { formatGeoFilter, type GeoFilter } from '../filters/geo-filter';
import { formatRange, parseRange, type RangeFilter } from '../filters/range-filter';

/*
 * Reading state from the address: every value is checked and replaced by its default when it does
 * not make sense, so a hand-edited or truncated link still opens a working page.
 */

/** A facet filter (`refine` or `exclude`), a wire type: on the wire and in the address it is written `facet:value`. */
export type { FacetFilter };

/** Filters shared by the catalog and the records table. */
export interface Filters {
  readonly q: string;
  /** An ODSQL `where` clause typed by the reader (address `where=`); absent when there is none. */
  readonly where?: string;
  readonly refine: readonly FacetFilter[];
  readonly exclude: readonly FacetFilter[];
  /** An area drawn on a dataset's map (read by `parseDatasetSearch`: the catalog has no geo fields). */
  readonly geo?: GeoFilter | undefined;
  /**
   * Facets whose refines the reader chose to OR ("records with any of these values"; address
   * `disjunctive=<facet>`, repeatable). Facets the portal already treats as disjunctive need not be here.
   */
  readonly disjunctive?: readonly string[];
  /** Ranges of number and date fields (address `range=<field>:<from>..<to>`, one per field). */
  readonly ranges?: readonly RangeFilter[];
}

export const NO_FILTERS: Filters = { q: '', refine: [], exclude: [], geo: undefined };

export function parseFacetFilter(text: string): FacetFilter | undefined {
  const colon = text.indexOf(':');
  if (colon <= 0 || colon === text.length - 1) return undefined;
  return { facet: text.slice(0, colon), value: text.slice(colon + 1) };
}

export function formatFacetFilter(filter: FacetFilter): string {
  return `${filter.facet}:${filter.value}`;
}

function readFacetFilters(search: URLSearchParams, key: string): FacetFilter[] {
  const seen = new Set<string>();
  const filters: FacetFilter[] = [];
  for (const text of search.getAll(key)) {
    const filter = parseFacetFilter(text);
    if (filter === undefined || seen.has(text)) continue;
    seen.add(text);
    filters.push(filter);
  }
  return filters;
}

function readWhere(search: URLSearchParams): { where?: string } {
  const where = (search.get('where') ?? '').trim();
  return where === '' ? {} : { where };
}

export function readFilters(search: URLSearchParams): Filters {
  return {
    q: (search.get('q') ?? '').trim(),
    ...readWhere(search),
    refine: readFacetFilters(search, 'refine'),
    exclude: readFacetFilters(search, 'exclude'),
    ...readDisjunctive(search),
    ...readRanges(search),
  };
}

function readRanges(search: URLSearchParams): { ranges?: readonly RangeFilter[] } {
  const byField = new Map<string, RangeFilter>();
  for (const text of search.getAll('range')) {
    const range = parseRange(text);
    if (range) byField.set(range.field, range);
  }
  return byField.size > 0 ? { ranges: [...byField.values()] } : {};
}

/** The filters with this field's range replaced (or removed when `range` is undefined). */
export function withRange(filters: Filters, field: string, range: RangeFilter | undefined): Filters {
  const ranges = [...(filters.ranges ?? []).filter((r) => r.field !== field), ...(range ? [range] : [])];
  return { ...filters, ranges: ranges.length > 0 ? ranges : undefined };
}

function readDisjunctive(search: URLSearchParams): { disjunctive?: readonly string[] } {
  const names = [...new Set(search.getAll('disjunctive').map((n) => n.trim()))].filter((n) => n !== '');
  return names.length > 0 ? { disjunctive: names } : {};
}

/** The refines of one facet. */
export function refinesOf(filters: Filters, facet: string): readonly FacetFilter[] {
  return filters.refine.filter((f) => f.facet === facet);
}

/** Whether the reader asked for the refines of this facet to be OR-ed. */
export function isChosenDisjunctive(filters: Filters, facet: string): boolean {
  return filters.disjunctive?.includes(facet) ?? false;
}

/** The filters with this facet's refines OR-ed, or no longer (then only its first refine stays). */
export function withDisjunctive(filters: Filters, facet: string, on: boolean): Filters {
  const others = (filters.disjunctive ?? []).filter((n) => n !== facet);
  const disjunctive = on ? [...others, facet] : others;
  const first = refinesOf(filters, facet)[0];
  const refine = on ? filters.refine : filters.refine.filter((f) => f.facet !== facet || f === first);
  const { disjunctive: _old, ...rest } = filters;
  return { ...rest, refine, ...(disjunctive.length > 0 ? { disjunctive } : {}) };
}

export function writeFilters(search: URLSearchParams, filters: Filters): void {
  if (filters.q !== '') search.set('q', filters.q);
  if (filters.where) search.set('where', filters.where);
  for (const filter of filters.refine) search.append('refine', formatFacetFilter(filter));
  for (const filter of filters.exclude) search.append('exclude', formatFacetFilter(filter));
  if (filters.geo) search.set('geo', formatGeoFilter(filters.geo));
  for (const name of filters.disjunctive ?? []) search.append('disjunctive', name);
  for (const range of filters.ranges ?? []) search.append('range', formatRange(range));
}

/** A whole number within bounds, or the fallback. */
export function readInt(raw: string | null, fallback: number, min: number, max: number): number {
  if (raw === null || !/^\d+$/.test(raw.trim())) return fallback;
  const value = Number(raw);
  return value < min || value > max ? fallback : value;
}
