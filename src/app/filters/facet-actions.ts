import type { FacetFilter, Filters } from '../routes/search-params';

/*
 * What a click on a facet value does to the filters. Hierarchical facets (dates: year > month > day)
 * keep one refine per branch, the deepest: refining a month replaces its year, and un-refining the
 * month goes back up to the year, as on Opendatasoft portals.
 */

/** Where a facet value sits: its facet and the values above it in a hierarchical facet (outermost first). */
export interface FacetValuePlace {
  readonly facet: string;
  readonly value: string;
  readonly ancestors: readonly string[];
  /** Whether the value belongs to a hierarchy (it has ancestors or children). */
  readonly hierarchical: boolean;
}

const same = (a: FacetFilter, facet: string, value: string): boolean =>
  a.facet === facet && a.value === value;

const isBelow = (candidate: string, value: string): boolean => candidate.startsWith(`${value}/`);

export function refine(filters: Filters, place: FacetValuePlace): Filters {
  const { facet, value, ancestors } = place;
  const kept = filters.refine.filter(
    (f) =>
      f.facet !== facet ||
      (f.value !== value && !ancestors.includes(f.value) && !(place.hierarchical && isBelow(f.value, value))),
  );
  return {
    ...filters,
    refine: [...kept, { facet, value }],
    exclude: filters.exclude.filter((f) => !same(f, facet, value)),
  };
}

export function unrefine(filters: Filters, place: FacetValuePlace): Filters {
  const { facet, value, ancestors } = place;
  const kept = filters.refine.filter(
    (f) => f.facet !== facet || (f.value !== value && !(place.hierarchical && isBelow(f.value, value))),
  );
  const parent = ancestors.at(-1);
  const restoreParent = parent !== undefined && !kept.some((f) => same(f, facet, parent));
  return { ...filters, refine: restoreParent ? [...kept, { facet, value: parent }] : kept };
}

export function exclude(filters: Filters, place: FacetValuePlace): Filters {
  const { facet, value } = place;
  return {
    ...filters,
    refine: filters.refine.filter((f) => !same(f, facet, value)),
    exclude: [...filters.exclude.filter((f) => !same(f, facet, value)), { facet, value }],
  };
}

export function unexclude(filters: Filters, place: FacetValuePlace): Filters {
  return { ...filters, exclude: filters.exclude.filter((f) => !same(f, place.facet, place.value)) };
}

/** Removes one active filter, as its chip's remove button does. */
export function removeFilter(filters: Filters, kind: 'refine' | 'exclude', filter: FacetFilter): Filters {
  return { ...filters, [kind]: filters[kind].filter((f) => !same(f, filter.facet, filter.value)) };
}

export type FacetAction = 'refine' | 'unrefine' | 'exclude' | 'unexclude';

const ACTIONS: Readonly<Record<FacetAction, (filters: Filters, place: FacetValuePlace) => Filters>> = {
  refine,
  unrefine,
  exclude,
  unexclude,
};

export function applyFacetAction(filters: Filters, action: FacetAction, place: FacetValuePlace): Filters {
  return ACTIONS[action](filters, place);
}
