import type { FieldType } from '../../odsql';
import { type FacetRequest, parseFacet, parseFacetFilter } from '../../odsql';
import type { Dataset, FacetSort } from '../catalog/types';
import { ApiError, invalidParameter, odsqlError } from '../errors';
import { type QueryString, repeated } from '../http/params';

/**
 * How a field behaves as a facet: the kind of its values, how refines combine, how values sort, and
 * (for hierarchies) how paths split. Built from field annotations, overridden by `facet(…)` options.
 */
export interface FacetConfig {
  readonly name: string;
  readonly type: FieldType;
  readonly multivalued: boolean;
  readonly disjunctive: boolean;
  /** Separator of a hierarchical text facet; dates are always hierarchical (year/month/day). */
  readonly separator?: string;
  readonly sort: FacetSort;
  readonly limit: number;
}

export const DEFAULT_FACET_LIMIT = 100;
export const MAX_FACET_LIMIT = 5000;

/** A field description, as facets need it (dataset fields and catalog metadata alike). */
export interface FacetableField {
  readonly name: string;
  readonly type: FieldType;
  readonly multivalued?: boolean;
  readonly facet?: boolean;
  readonly facetsort?: FacetSort;
  readonly disjunctive?: boolean;
  readonly hierarchical?: string;
}

const FACET_TYPES: ReadonlySet<FieldType> = new Set(['text', 'int', 'double', 'boolean', 'date', 'datetime']);

export function isTemporalFacet(f: FacetConfig): boolean {
  return f.type === 'date' || f.type === 'datetime';
}

function configOf(field: FacetableField, request?: FacetRequest): FacetConfig {
  const temporal = field.type === 'date' || field.type === 'datetime';
  const defaultSort: FacetSort = field.facetsort ?? (temporal ? 'alphanum' : '-count');
  const hierarchical =
    request?.hierarchical ?? (field.hierarchical !== undefined || request?.separator !== undefined);
  const separator = hierarchical && !temporal ? (request?.separator ?? field.hierarchical ?? '/') : undefined;
  return {
    name: field.name,
    type: field.type,
    multivalued: field.multivalued === true,
    disjunctive: request?.disjunctive ?? field.disjunctive === true,
    ...(separator !== undefined ? { separator } : {}),
    sort: request?.sort ?? defaultSort,
    limit: Math.min(request?.limit ?? DEFAULT_FACET_LIMIT, MAX_FACET_LIMIT),
  };
}

/** The `facet` parameters of a request, parsed; a malformed one is a 400. */
export function facetRequests(query: QueryString): FacetRequest[] {
  return repeated(query, 'facet').map((source) => {
    const parsed = parseFacet(source);
    if (!parsed.ok) throw odsqlError([parsed.diagnostic]);
    return parsed.value;
  });
}

/**
 * The facets of a request: the requested ones (or, without `facet`, the fields annotated as facets),
 * and every facet a refine or exclude may name (annotated or requested).
 */
export interface FacetSet {
  readonly enumerated: readonly FacetConfig[];
  readonly usable: ReadonlyMap<string, FacetConfig>;
}

export function facetSet(fields: readonly FacetableField[], query: QueryString): FacetSet {
  const requests = facetRequests(query);
  const byName = new Map(fields.map((f) => [f.name, f]));
  const usable = new Map<string, FacetConfig>();
  for (const f of fields) if (f.facet) usable.set(f.name, configOf(f));
  const enumerated: FacetConfig[] = [];
  for (const r of requests) {
    const field = byName.get(r.name) ?? fields.find((f) => f.name.toLowerCase() === r.name.toLowerCase());
    if (!field) {
      const expected =
        fields === CATALOG_FACET_FIELDS
          ? `one of ${fields.map((f) => f.name).join(', ')}`
          : 'the name of a field of the dataset';
      throw invalidParameter('facet', r.name, expected);
    }
    if (!FACET_TYPES.has(field.type)) {
      throw new ApiError(
        'InvalidRESTParameterError',
        `Invalid value for facet API parameter: ${r.name} is a ${field.type} field, which cannot be a facet.`,
      );
    }
    const config = configOf(field, r);
    usable.set(field.name, config);
    if (!enumerated.some((e) => e.name === config.name)) enumerated.push(config);
  }
  if (requests.length === 0) enumerated.push(...usable.values());
  // A refine or exclude may name any field a facet can be built on, annotated or not (as v1 and the
  // official client do); without an explicit `facet`, the enumeration then lists it too.
  for (const name of filteredFacetNames(query)) {
    if ([...usable.keys()].some((k) => k.toLowerCase() === name.toLowerCase())) continue;
    const field = byName.get(name) ?? fields.find((f) => f.name.toLowerCase() === name.toLowerCase());
    if (!field || !FACET_TYPES.has(field.type)) continue;
    const config = configOf(field);
    usable.set(field.name, config);
    if (requests.length === 0) enumerated.push(config);
  }
  return { enumerated, usable };
}

/** The facet names the refine and exclude parameters give (malformed ones are reported elsewhere). */
function filteredFacetNames(query: QueryString): string[] {
  const names: string[] = [];
  for (const kind of ['refine', 'exclude'] as const) {
    for (const source of repeated(query, kind)) {
      const parsed = parseFacetFilter(source, kind);
      if (parsed.ok && !names.includes(parsed.value.facet)) names.push(parsed.value.facet);
    }
  }
  return names;
}

/** Facet fields of a dataset, from its field annotations. */
export function datasetFacetFields(ds: Dataset): FacetableField[] {
  return ds.fields.map((f) => ({
    name: f.name,
    type: f.type,
    multivalued: f.annotations.multivalued !== undefined,
    facet: f.annotations.facet === true,
    ...(f.annotations.facetsort ? { facetsort: f.annotations.facetsort } : {}),
    disjunctive: f.annotations.disjunctive === true,
    ...(f.annotations.hierarchical ? { hierarchical: f.annotations.hierarchical } : {}),
  }));
}

/** Catalog facets: dataset metadata, `modified` being a date hierarchy. */
export const CATALOG_FACET_FIELDS: readonly FacetableField[] = [
  { name: 'features', type: 'text', multivalued: true, facet: true, facetsort: 'alphanum' },
  { name: 'theme', type: 'text', multivalued: true, facet: true, facetsort: 'alphanum' },
  { name: 'keyword', type: 'text', multivalued: true, facet: true, facetsort: 'alphanum' },
  { name: 'publisher', type: 'text', facet: true, facetsort: 'alphanum' },
  { name: 'language', type: 'text', facet: true, facetsort: 'alphanum' },
  { name: 'license', type: 'text', facet: true, facetsort: 'alphanum' },
  { name: 'modified', type: 'datetime', facet: true, facetsort: 'alphanum' },
];
