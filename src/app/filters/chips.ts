import type { FacetFilter, Filters } from '../routes/search-params';
import { removeFilter } from './facet-actions';
import { type GeoFilter, geoFilterLabel } from './geo-filter';

/** One active filter as the chip bar shows it. */
export type FilterChip =
  | { readonly kind: 'search'; readonly key: string; readonly label: string }
  | { readonly kind: 'geo'; readonly key: string; readonly label: string; readonly filter: GeoFilter }
  | {
      readonly kind: 'refine' | 'exclude';
      readonly key: string;
      readonly label: string;
      readonly filter: FacetFilter;
    };

export interface ChipLabels {
  facetLabel(facet: string): string;
  valueLabel(facet: string, value: string): string;
}

export function filterChips(filters: Filters, labels: ChipLabels): FilterChip[] {
  const chips: FilterChip[] = [];
  if (filters.q !== '') chips.push({ kind: 'search', key: 'q', label: `Search: “${filters.q}”` });
  for (const kind of ['refine', 'exclude'] as const) {
    for (const filter of filters[kind]) {
      const value = labels.valueLabel(filter.facet, filter.value);
      chips.push({
        kind,
        key: `${kind}:${filter.facet}:${filter.value}`,
        label: `${labels.facetLabel(filter.facet)}: ${kind === 'exclude' ? 'not ' : ''}${value}`,
        filter,
      });
    }
  }
  if (filters.geo) {
    const label = geoFilterLabel(filters.geo, labels.facetLabel(filters.geo.field));
    chips.push({ kind: 'geo', key: 'geo', label, filter: filters.geo });
  }
  return chips;
}

/** The filters without the one a chip stands for. */
export function withoutChip(filters: Filters, chip: FilterChip): Filters {
  switch (chip.kind) {
    case 'search':
      return { ...filters, q: '' };
    case 'geo':
      return { ...filters, geo: undefined };
    default:
      return removeFilter(filters, chip.kind, chip.filter);
  }
}
