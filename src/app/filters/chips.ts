import type { FacetFilter, Filters } from '../routes/search-params';

/** One active filter as the chip bar shows it. */
export type FilterChip =
  | { readonly kind: 'search'; readonly key: string; readonly label: string }
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
  return chips;
}
