import { useQuery } from '@tanstack/react-query';
import { memo, useMemo, useState } from 'react';
import type { Dataset, DatasetField } from '../../api';
import { FilterChips } from '../components/FilterChips';
import { RecordsLayout } from '../components/RecordsLayout';
import { type FilterChip, filterChips, withoutChip } from '../filters/chips';
import { datasetFacetSource } from '../filters/facet-enumeration';
import { datasetFacetLabeler } from '../filters/facet-labels';
import { useDatasetChipRemovals } from '../filters/useChipRemovals';
import { useDatasetSearch } from '../hooks/useDatasetSearch';
import { useExploreClient } from '../queries/client-context';
import { datasetFacetsQuery } from '../queries/options';
import { datasetFacetsParams, datasetFilterParams, datasetFilters } from '../queries/request-params';
import { useLocation } from '../router/useLocation';
import { NO_FILTERS } from '../routes/search-params';
import { datasetTimeZone } from '../table/queries';
import './analyze.css';
import { ChartBuilder } from './ChartBuilder';
import { ChartQueries } from './ChartQueries';
import { ChartResult } from './ChartResult';
import { chartParamsList } from './chart-queries';
import { useDefaultPrecision } from './default-precision';
import { useChart } from './useChart';

// The idle warm-up of ECharts rides with the tab's code (its option is the tab's own).
export { stopWarmUp, warmUpWhenIdle } from './warm-up';

const NO_FIELDS: readonly DatasetField[] = [];
// Their inputs do not change when the chart's answers arrive: that render draws the chart alone.
const MemoChartBuilder = memo(ChartBuilder);
const MemoChartQueries = memo(ChartQueries);

/** The Analyze tab: a chart of aggregations over the dataset's filtered records, and its data. */
export default function AnalyzeTab({ dataset }: { readonly dataset: Dataset }) {
  const client = useExploreClient();
  const datasetId = dataset.dataset_id;
  const fields = dataset.fields ?? NO_FIELDS;
  const fieldNames = useMemo(() => new Set(fields.map((f) => f.name)), [fields]);
  const { state, setFilters } = useDatasetSearch(datasetId, 'analyze', fieldNames);
  const { chart, setChart } = useChart(datasetId, fields);
  const timeZone = datasetTimeZone(dataset);
  const labels = useMemo(() => datasetFacetLabeler(fields), [fields]);
  const chips = useMemo(() => filterChips(state, labels), [state, labels]);
  const facetSource = useMemo(
    () => datasetFacetSource(client, datasetId, datasetFilters(state)),
    [client, datasetId, state],
  );

  // Every filter of the dataset (search, refine, exclude, query, drawn area), as the table sends them.
  const filters = useMemo(() => datasetFilterParams(state, timeZone), [state, timeZone]);
  const paramsList = useMemo(() => chartParamsList(chart, fields, filters), [chart, fields, filters]);
  const { search } = useLocation();
  useDefaultPrecision(client, datasetId, search, chart, fields, paramsList[0], setChart);
  // The facets wait for the chart's first answers (on a large dataset they would compete for the
  // server), and for the chart to be on screen: their sidebar renders after that frame.
  const [chartShown, setChartShown] = useState(false);
  const [chartError, setChartError] = useState<unknown>(undefined);
  const facets = useQuery({
    ...datasetFacetsQuery(client, datasetId, datasetFacetsParams(state, timeZone)),
    enabled: chartShown,
  });
  // How many records each chip keeps out, as on the Table and Map tabs; asked once the chart is shown.
  const removals = useDatasetChipRemovals(client, datasetId, state, chips, chartShown);
  const removeChip = (chip: FilterChip) => setFilters(withoutChip(state, chip));

  return (
    <RecordsLayout
      facets={facets}
      viewError={chartError}
      source={facetSource}
      labels={labels}
      filters={state}
      onFilters={setFilters}
      className="analyze-tab"
    >
      <FilterChips
        chips={chips}
        onRemove={removeChip}
        onClearAll={() => setFilters(NO_FILTERS)}
        removals={removals}
      />
      <div className="analyze-grid">
        <MemoChartBuilder chart={chart} fields={fields} onChange={setChart} />
        <div className="analyze-result">
          <ChartResult
            dataset={dataset}
            chart={chart}
            fields={fields}
            paramsList={paramsList}
            onShown={setChartShown}
            onFailure={setChartError}
          />
          <MemoChartQueries dataset={dataset} always />
        </div>
      </div>
    </RecordsLayout>
  );
}
