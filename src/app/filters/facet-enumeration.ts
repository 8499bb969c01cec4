import {
  type CatalogFacetsParams,
  type DatasetFacetsParams,
  type ExploreClient,
  type FacetValue,
  quoteField,
  quoteString,
} from '../../api';
import { exploreKeys } from '../queries/keys';
import { clientKey } from '../queries/options';
import { filterParams } from '../queries/request-params';
import type { Filters } from '../routes/search-params';

/*
 * The values of one facet beyond what the sidebar's shared request lists: another order, more values,
 * the values matching a search, or every value of a facet whose refines the reader OR-ed. Built on the
 * facets endpoint's own `facet(name=…, sort=…, limit=…)` and an ordinary `where`, so it works against
 * any Explore API portal.
 */

/** Orders the Explore API knows for facet values. */
export const FACET_SORTS = ['-count', 'count', 'alphanum', '-alphanum', 'num', '-num'] as const;
export type FacetSort = (typeof FACET_SORTS)[number];

/** What a facet's values are, for the orders and the search it allows. */
export type FacetKind = 'text' | 'number' | 'date';

/** The values one request lists (the portal's default), and how many more each "load more" adds. */
export const FACET_PAGE = 100;
/** Numbers cannot be searched by the portal: this many are fetched and searched here. */
export const NUMBER_SEARCH_LIMIT = 1000;

export function sortsFor(kind: FacetKind): readonly FacetSort[] {
  switch (kind) {
    case 'number':
      return ['-count', 'count', 'num', '-num'];
    case 'date':
      return ['alphanum', '-alphanum', '-count', 'count'];
    default:
      return ['-count', 'count', 'alphanum', '-alphanum'];
  }
}

export interface FacetValuesRequest {
  readonly facet: string;
  readonly kind: FacetKind;
  /** Absent: the portal's order for this facet. */
  readonly sort?: FacetSort | undefined;
  readonly limit: number;
  /** Trimmed search text; '' lists every value. */
  readonly search: string;
  /** The facet's refines are OR-ed: list every value it could add, as if none were chosen. */
  readonly disjunctive: boolean;
}

/** The `facet` parameter of the request: `facet(name="origin", sort="-count", limit=200)`. */
export function facetExpression(request: FacetValuesRequest): string {
  const limit = request.search !== '' && request.kind !== 'text' ? NUMBER_SEARCH_LIMIT : request.limit;
  const sort = request.sort ? `, sort=${quoteString(request.sort)}` : '';
  return `facet(name=${quoteString(request.facet)}${sort}, limit=${limit})`;
}

/** The filters the facet's values are counted under: its own refines left out when they are OR-ed. */
export function enumerationFilters(filters: Filters, request: FacetValuesRequest): Filters {
  if (!request.disjunctive) return filters;
  const { disjunctive: _d, ...rest } = filters;
  const others = (filters.disjunctive ?? []).filter((n) => n !== request.facet);
  return {
    ...rest,
    refine: filters.refine.filter((f) => f.facet !== request.facet),
    ...(others.length > 0 ? { disjunctive: others } : {}),
  };
}

/** Request parameters: the filters, the portal-side search of a text facet, and the facet expression. */
export function facetValuesParams(filters: Filters, request: FacetValuesRequest): CatalogFacetsParams {
  const base = filterParams(enumerationFilters(filters, request));
  const search =
    request.search !== '' && request.kind === 'text'
      ? [`search(${quoteField(request.facet)}, ${quoteString(request.search)})`]
      : [];
  const where = [...(base.where === undefined ? [] : [base.where].flat()), ...search];
  return {
    ...base,
    ...(where.length > 0 ? { where: where.length === 1 ? where[0]! : where } : {}),
    facet: [facetExpression(request)],
  };
}

/** Case- and accent-insensitive, as people type names. */
export function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

/**
 * The values as the sidebar shows them: those matching the search (the portal's search matches words
 * of a text value; numbers are matched here), and the reader's own refines marked when the request
 * left them out.
 */
export function shownValues(
  values: readonly FacetValue[],
  filters: Filters,
  request: FacetValuesRequest,
  label: (value: FacetValue) => string,
): readonly FacetValue[] {
  const needle = fold(request.search);
  const matching = needle === '' ? values : values.filter((v) => fold(label(v)).includes(needle));
  if (!request.disjunctive) return matching;
  const chosen = new Set(filters.refine.filter((f) => f.facet === request.facet).map((f) => f.value));
  return matching.map((v) => (chosen.has(v.value) && v.state !== 'refined' ? { ...v, state: 'refined' } : v));
}

/** Loads the values of one facet under the current filters: the catalog's or a dataset's. */
export interface FacetSource {
  /** Cache key of the current filters; the request is appended. */
  readonly key: readonly unknown[];
  readonly filters: Filters;
  load(request: FacetValuesRequest, signal: AbortSignal): Promise<readonly FacetValue[]>;
}

function valuesOf(
  body: { readonly facets: readonly { name: string; facets: readonly FacetValue[] }[] },
  name: string,
) {
  return body.facets.find((f) => f.name === name)?.facets ?? [];
}

export function catalogFacetSource(client: ExploreClient, filters: Filters): FacetSource {
  return {
    key: exploreKeys.catalogFacetValues(clientKey(client), filters),
    filters,
    load: async (request, signal) =>
      valuesOf(await client.getCatalogFacets(facetValuesParams(filters, request), signal), request.facet),
  };
}

export function datasetFacetSource(
  client: ExploreClient,
  datasetId: string,
  filters: Filters,
  timezone?: string,
): FacetSource {
  return {
    key: exploreKeys.facetValues(clientKey(client), datasetId, filters, timezone),
    filters,
    load: async (request, signal) => {
      const params: DatasetFacetsParams = {
        ...facetValuesParams(filters, request),
        ...(timezone ? { timezone } : {}),
      };
      return valuesOf(await client.getFacets(datasetId, params, signal), request.facet);
    },
  };
}
