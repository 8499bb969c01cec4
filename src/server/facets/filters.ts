import type { FacetFilterInput } from '../../odsql';
import { parseFacetFilter } from '../../odsql';
import { ApiError, invalidParameter, odsqlError } from '../errors';
import { type QueryString, repeated } from '../http/params';
import { type FacetConfig, isTemporalFacet } from './config';
import { type DatePath, datePathBounds, parseDatePath } from './paths';

/** One validated `refine=` or `exclude=`: what the compiler takes, plus the facet's other settings. */
export interface FacetFilter extends FacetFilterInput {
  readonly facet: FacetConfig;
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
    return { kind, facet, value, date, period: datePathBounds(date) };
  }
  if ((facet.type === 'int' || facet.type === 'double') && !Number.isFinite(Number(value.trim()))) {
    throw invalidParameter(kind, source, `${facet.name}:<number>`);
  }
  if (facet.type === 'boolean' && !/^(true|false)$/i.test(value.trim())) {
    throw invalidParameter(kind, source, `${facet.name}:true or ${facet.name}:false`);
  }
  return { kind, facet, value };
}
