import { formatDate } from '../format/dates';
import { formatNumber } from '../format/numbers';
import { t } from '../i18n/setup';
import { type FacetFilter, type Filters, withRange } from '../routes/search-params';
import { removeFilter } from './facet-actions';
import { type GeoFilter, geoFilterLabel } from './geo-filter';
import type { RangeFilter } from './range-filter';

/** One active filter as the chip bar shows it. */
export type FilterChip =
  | { readonly kind: 'search'; readonly key: string; readonly label: string }
  | { readonly kind: 'query'; readonly key: string; readonly label: string }
  | { readonly kind: 'geo'; readonly key: string; readonly label: string; readonly filter: GeoFilter }
  | { readonly kind: 'range'; readonly key: string; readonly label: string; readonly field: string }
  | {
      /** Several values of one facet, any of which a record may have: one chip. */
      readonly kind: 'any';
      readonly key: string;
      readonly label: string;
      readonly facet: string;
    }
  | {
      readonly kind: 'refine' | 'exclude';
      readonly key: string;
      readonly label: string;
      readonly filter: FacetFilter;
    };

export interface ChipLabels {
  facetLabel(facet: string): string;
  valueLabel(facet: string, value: string): string;
  /** The portal ORs this facet's refines. */
  isDisjunctive?(facet: string): boolean;
}

export function filterChips(filters: Filters, labels: ChipLabels): FilterChip[] {
  const chips: FilterChip[] = [];
  if (filters.q !== '')
    chips.push({ kind: 'search', key: 'q', label: t('filters.search', { text: filters.q }) });
  if (filters.where)
    chips.push({ kind: 'query', key: 'where', label: t('filters.query', { text: filters.where }) });
  // Facets whose refines are OR-ed, with more than one value: one chip each, where the first value was.
  const ored = new Set(
    [...new Set(filters.refine.map((f) => f.facet))].filter(
      (facet) =>
        (labels.isDisjunctive?.(facet) || filters.disjunctive?.includes(facet)) &&
        filters.refine.filter((f) => f.facet === facet).length > 1,
    ),
  );
  const placed = new Set<string>();
  for (const kind of ['refine', 'exclude'] as const) {
    for (const filter of filters[kind]) {
      if (kind === 'refine' && ored.has(filter.facet)) {
        if (placed.has(filter.facet)) continue;
        placed.add(filter.facet);
        const values = filters.refine
          .filter((f) => f.facet === filter.facet)
          .map((f) => labels.valueLabel(f.facet, f.value));
        chips.push({
          kind: 'any',
          key: `any:${filter.facet}`,
          label: t('filters.any', {
            facet: labels.facetLabel(filter.facet),
            values: values.join(t('filters.or')),
          }),
          facet: filter.facet,
        });
        continue;
      }
      const value = labels.valueLabel(filter.facet, filter.value);
      chips.push({
        kind,
        key: `${kind}:${filter.facet}:${filter.value}`,
        label: t(kind === 'exclude' ? 'filters.exclude' : 'filters.refine', {
          facet: labels.facetLabel(filter.facet),
          value,
        }),
        filter,
      });
    }
  }
  for (const range of filters.ranges ?? []) {
    chips.push({
      kind: 'range',
      key: `range:${range.field}`,
      label: rangeLabel(range, labels),
      field: range.field,
    });
  }
  if (filters.geo) {
    const label = geoFilterLabel(filters.geo, labels.facetLabel(filters.geo.field));
    chips.push({ kind: 'geo', key: 'geo', label, filter: filters.geo });
  }
  return chips;
}

/** The filters without the one a chip stands for, as its remove button does. */
export function withoutChip<F extends Filters>(filters: F, chip: FilterChip): F {
  switch (chip.kind) {
    case 'search':
      return { ...filters, q: '' };
    case 'query': {
      const { where: _dropped, ...rest } = filters;
      return rest as F;
    }
    case 'geo': {
      const { geo: _dropped, ...rest } = filters;
      return rest as F;
    }
    case 'range':
      return withRange(filters, chip.field, undefined) as F;
    case 'any': {
      const disjunctive = (filters.disjunctive ?? []).filter((n) => n !== chip.facet);
      return {
        ...filters,
        refine: filters.refine.filter((f) => f.facet !== chip.facet),
        disjunctive: disjunctive.length > 0 ? disjunctive : undefined,
      };
    }
    default:
      return removeFilter(filters, chip.kind, chip.filter) as F;
  }
}

function boundLabel(bound: string): string {
  return /^\d{4}-\d{2}-\d{2}$/.test(bound)
    ? formatDate(bound)
    : formatNumber(Number(bound), { grouping: false });
}

/** `Year: 2001 to 2017`, `Date: from Feb 1, 2013`. */
function rangeLabel(range: RangeFilter, labels: ChipLabels): string {
  const facet = labels.facetLabel(range.field);
  if (range.from !== undefined && range.to !== undefined) {
    return t('filters.range', { facet, from: boundLabel(range.from), to: boundLabel(range.to) });
  }
  if (range.from !== undefined) return t('filters.atLeast', { facet, from: boundLabel(range.from) });
  return t('filters.atMost', { facet, to: boundLabel(range.to ?? '') });
}
