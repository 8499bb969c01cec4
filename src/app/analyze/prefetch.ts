import type { QueryClient } from '@tanstack/react-query';
import type { Dataset, ExploreClient } from '../../api';
import { recordsQuery } from '../queries/options';
import { datasetFilterParams } from '../queries/request-params';
import { parseDatasetSearch } from '../routes/dataset-search';
import { datasetTimeZone } from '../table/queries';
import { chartParamsList } from './chart-queries';
import { parseChart } from './chart-state';

/** The records calls of the chart an address names (with the dataset's filters), one per series. */
export function chartRequests(dataset: Dataset, search: URLSearchParams) {
  const fields = dataset.fields ?? [];
  const filters = datasetFilterParams(parseDatasetSearch(search), datasetTimeZone(dataset));
  return chartParamsList(parseChart(search, fields), fields, filters);
}

/**
 * Sends the chart's records calls before the tab has rendered: as the visitor presses the tab's link,
 * or as soon as the dataset is known on a link to the tab. The tab then finds them answered or under
 * way (the same query keys), instead of sending them once its code has arrived and rendered.
 */
export function prefetchChart(
  queryClient: QueryClient,
  client: ExploreClient,
  dataset: Dataset,
  search: URLSearchParams,
): void {
  for (const params of chartRequests(dataset, search)) {
    void queryClient.prefetchQuery(recordsQuery(client, dataset.dataset_id, params));
  }
}
