import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import type { Dataset, DatasetField } from '../../api';
import { type FilterChip, filterChips, withoutChip } from '../filters/chips';
import { datasetFacetSource } from '../filters/facet-enumeration';
import { datasetFacetLabeler } from '../filters/facet-labels';
import { useDatasetChipRemovals } from '../filters/useChipRemovals';
import { useDatasetSearch } from '../hooks/useDatasetSearch';
import { useExploreClient } from '../queries/client-context';
import { datasetFacetsQuery } from '../queries/options';
import { datasetFacetsParams, datasetFilters } from '../queries/request-params';
import { NO_FILTERS } from '../routes/search-params';

const NO_FIELDS: readonly DatasetField[] = [];

/**
 * The Map tab's selection and what filters it: the address's state, its chips and their removals, the
 * facets beside the map and the values a facet's search lists.
 */
export function useMapFilters(dataset: Dataset) {
  const client = useExploreClient();
  const datasetId = dataset.dataset_id;
  const fields = dataset.fields ?? NO_FIELDS;
  const fieldNames = useMemo(() => new Set(fields.map((f) => f.name)), [fields]);
  const { state, setFilters } = useDatasetSearch(datasetId, 'map', fieldNames);
  const labels = useMemo(() => datasetFacetLabeler(fields), [fields]);
  const chips = useMemo(() => filterChips(state, labels), [state, labels]);
  const facetSource = useMemo(
    () => datasetFacetSource(client, datasetId, datasetFilters(state)),
    [client, datasetId, state],
  );
  const facets = useQuery(datasetFacetsQuery(client, datasetId, datasetFacetsParams(state)));
  const removals = useDatasetChipRemovals(client, datasetId, state, chips);

  /** Refines on one value of a field, in place of any value refined on before (a legend's category). */
  const refineOn = (field: string) => (value: string) =>
    setFilters({
      ...state,
      refine: [...state.refine.filter((r) => r.facet !== field), { facet: field, value }],
    });
  const removeChip = (chip: FilterChip) => setFilters(withoutChip(state, chip));
  const clearAll = () => setFilters(NO_FILTERS);

  return { state, setFilters, labels, chips, facetSource, facets, removals, refineOn, removeChip, clearAll };
}
