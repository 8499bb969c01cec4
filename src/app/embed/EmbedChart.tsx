import { useMemo } from 'react';
import type { Dataset, DatasetField } from '../../api';
import { ChartResult } from '../analyze/ChartResult';
import { chartParamsList } from '../analyze/chart-queries';
import { parseChart } from '../analyze/chart-state';
import { useDatasetSearch } from '../hooks/useDatasetSearch';
import { datasetFilterParams } from '../queries/request-params';
import { useLocation } from '../router/useLocation';
import { datasetTimeZone } from '../table/queries';
import '../analyze/analyze.css';

const NO_FIELDS: readonly DatasetField[] = [];
const noop = () => {};

/** An embedded chart: the Analyze tab's chart of the link's `chart.*` settings and filters, with its tooltips. */
export default function EmbedChart({ dataset }: { readonly dataset: Dataset }) {
  const datasetId = dataset.dataset_id;
  const fields = dataset.fields ?? NO_FIELDS;
  const fieldNames = useMemo(() => new Set(fields.map((f) => f.name)), [fields]);
  const { state } = useDatasetSearch(datasetId, 'analyze', fieldNames);
  const { search } = useLocation();
  const chart = useMemo(() => parseChart(search, fields), [search, fields]);
  const timeZone = datasetTimeZone(dataset);
  const filters = useMemo(() => datasetFilterParams(state, timeZone), [state, timeZone]);
  const paramsList = useMemo(() => chartParamsList(chart, fields, filters), [chart, fields, filters]);
  return (
    <div className="embed-chart">
      <ChartResult
        dataset={dataset}
        chart={chart}
        fields={fields}
        paramsList={paramsList}
        onShown={noop}
        onFailure={noop}
        compact
      />
    </div>
  );
}
