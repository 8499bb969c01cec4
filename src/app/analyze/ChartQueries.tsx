import { useMemo } from 'react';
import type { Dataset } from '../../api';
import { useExploreClient } from '../queries/client-context';
import { datasetFilterParams } from '../queries/request-params';
import { useLocation } from '../router/useLocation';
import { parseDatasetSearch } from '../routes/dataset-search';
import { datasetTimeZone } from '../table/queries';
import { chartParamsList } from './chart-queries';
import { parseChart } from './chart-state';
import { useAnalyzeT } from './i18n';
import './chart-queries.css';
import { seriesLabel } from './labels';

/** The records calls of the chart in the address, one per series, to copy or open. */
export function ChartQueries({
  dataset,
  always = false,
}: {
  readonly dataset: Dataset;
  readonly always?: boolean;
}) {
  const t = useAnalyzeT();
  const client = useExploreClient();
  const { search } = useLocation();
  const fields = dataset.fields ?? [];
  const hasChart = [...search.keys()].some((k) => k.startsWith('chart.'));
  const urls = useMemo(() => {
    const chart = parseChart(search, fields);
    const filters = datasetFilterParams(parseDatasetSearch(search), datasetTimeZone(dataset));
    return chartParamsList(chart, fields, filters).map((params, i) => ({
      label: seriesLabel(t, chart.series[i]!, fields),
      url: new URL(client.urls.records(dataset.dataset_id, params), window.location.href).href,
    }));
  }, [search, fields, client, dataset, t]);
  if (!always && !hasChart) return null;
  return (
    <section className="panel chart-queries" aria-labelledby="chart-queries-title">
      <h2 id="chart-queries-title">{t('queries')}</h2>
      <p>{t('queriesIntro')}</p>
      <ol>
        {urls.map(({ label, url }) => (
          <li key={url}>
            <span className="chart-query-label">{label}</span>
            <pre className="url-box">
              <code>
                <a href={url} target="_blank" rel="noreferrer noopener">
                  {url}
                </a>
              </code>
            </pre>
          </li>
        ))}
      </ol>
    </section>
  );
}
