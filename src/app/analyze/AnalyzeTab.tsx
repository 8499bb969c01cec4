import { useQueries, useQuery } from '@tanstack/react-query';
import { memo, useMemo, useRef, useState } from 'react';
import type { Dataset, DatasetField } from '../../api';
import { FilterChips } from '../components/FilterChips';
import { RecordsLayout } from '../components/RecordsLayout';
import { ErrorPanel, Loading } from '../components/StatusMessages';
import { saveFile } from '../export/download';
import { type FilterChip, filterChips, withoutChip } from '../filters/chips';
import { datasetFacetSource } from '../filters/facet-enumeration';
import { datasetFacetLabeler } from '../filters/facet-labels';
import { useAfterPaint } from '../hooks/useAfterPaint';
import { useDatasetSearch } from '../hooks/useDatasetSearch';
import { appLocale } from '../i18n/locale';
import { useExploreClient } from '../queries/client-context';
import { datasetFacetsQuery, recordsQuery } from '../queries/options';
import { datasetFacetsParams, datasetFilterParams, datasetFilters } from '../queries/request-params';
import { NO_FILTERS } from '../routes/search-params';
import { datasetTimeZone } from '../table/queries';
import './analyze.css';
import { ChartBuilder } from './ChartBuilder';
import { ChartCanvas } from './ChartCanvas';
import { ChartQueries } from './ChartQueries';
import { ChartTable } from './ChartTable';
import { chartData } from './chart-data';
import { chartCsv, chartFilename, svgToPng } from './chart-files';
import { chartOption } from './chart-option';
import { chartParamsList } from './chart-queries';
import type { EChartsType } from './echarts';
import { useAnalyzeT } from './i18n';
import { columnLabel, fieldLabel, seriesLabel } from './labels';
import { useChart } from './useChart';

const NO_FIELDS: readonly DatasetField[] = [];
// Their inputs do not change when the chart's answers arrive: that render draws the chart alone.
const MemoChartBuilder = memo(ChartBuilder);
const MemoChartQueries = memo(ChartQueries);

/** The Analyze tab: a chart of aggregations over the dataset's filtered records, and its data. */
export default function AnalyzeTab({ dataset }: { readonly dataset: Dataset }) {
  const t = useAnalyzeT();
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
  const answers = useQueries({
    queries: paramsList.map((params) => recordsQuery(client, datasetId, params)),
  });
  const failed = answers.find((a) => a.isError);
  const ready = answers.every((a) => a.data !== undefined);
  const stale = answers.some((a) => a.isPlaceholderData);
  const results = answers.map((a) => a.data?.results ?? []);
  // The facets wait for the chart's first answers (on a large dataset they would compete for the
  // server), and for the chart to be on screen: their sidebar renders after that frame.
  const facetsWanted = useAfterPaint(ready || failed !== undefined);
  const facets = useQuery({
    ...datasetFacetsQuery(client, datasetId, datasetFacetsParams(state, timeZone)),
    enabled: facetsWanted,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: the answers' data are the inputs, not the query objects
  const data = useMemo(() => chartData(chart, results), [chart, ...results]);
  // The table of the chart's numbers renders after the chart is on screen.
  const tableData = useAfterPaint(data);

  const locale = appLocale();
  const number = useMemo(() => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }), [locale]);
  const xLabel = (x: string) => (x === '' ? t('empty') : x);
  const columnName = (i: number) => columnLabel(t, data, chart.series, fields, i);
  const xName = fieldLabel(fields, chart.x);
  const seriesNames = chart.series.map((s) => seriesLabel(t, s, fields)).join(', ');
  const option = useMemo(
    () =>
      chartOption(chart, data, {
        x: (x) => (x === '' ? t('empty') : x),
        column: (i) => columnLabel(t, data, chart.series, fields, i),
        xAxis: fieldLabel(fields, chart.x),
        leftAxis:
          chart.series
            .filter((s) => s.axis === 'left')
            .map((s) => seriesLabel(t, s, fields))
            .join(', ') || t('leftAxis'),
        rightAxis:
          chart.series
            .filter((s) => s.axis === 'right')
            .map((s) => seriesLabel(t, s, fields))
            .join(', ') || t('rightAxis'),
      }),
    [chart, data, fields, t],
  );

  const chartRef = useRef<EChartsType | null>(null);
  const [saved, setSaved] = useState<string>();
  const download = async (kind: 'png' | 'svg' | 'csv') => {
    const name = chartFilename(datasetId, kind);
    if (kind === 'csv') {
      saveFile(new Blob([chartCsv(data, xName, columnName)], { type: 'text/csv' }), name);
    } else {
      const instance = chartRef.current;
      if (!instance) return;
      const svg = instance.renderToSVGString();
      saveFile(
        kind === 'svg'
          ? new Blob([svg], { type: 'image/svg+xml' })
          : await svgToPng(svg, instance.getWidth(), instance.getHeight()),
        name,
      );
    }
    setSaved(t('saved', { name }));
  };
  const removeChip = (chip: FilterChip) => setFilters(withoutChip(state, chip));

  return (
    <RecordsLayout
      facets={facets}
      source={facetSource}
      labels={labels}
      filters={state}
      onFilters={setFilters}
      className="analyze-tab"
    >
      <FilterChips chips={chips} onRemove={removeChip} onClearAll={() => setFilters(NO_FILTERS)} />
      <div className="analyze-grid">
        <MemoChartBuilder chart={chart} fields={fields} onChange={setChart} />
        <div className="analyze-result">
          {failed ? (
            <ErrorPanel title={t('failed')} error={failed.error} onRetry={() => failed.refetch()} />
          ) : !ready ? (
            <Loading>{t('loading')}</Loading>
          ) : data.xs.length === 0 ? (
            <div className="empty-state">
              <p>{t('noData')}</p>
            </div>
          ) : null}
          <div
            className={ready && !failed && data.xs.length > 0 ? 'chart-frame' : 'chart-frame is-hidden'}
            aria-busy={stale}
          >
            <ChartCanvas
              option={ready && !failed && data.xs.length > 0 ? option : undefined}
              chartRef={chartRef}
              label={t('chartOf', {
                title: dataset.metas?.default?.title ?? datasetId,
                series: seriesNames,
                x: xName,
              })}
            />
          </div>
          {ready && !failed && data.xs.length > 0 && (
            <>
              <div className="chart-toolbar">
                <p className="result-count" aria-live="polite">
                  {t('points', { count: data.xs.length })}
                </p>
                <fieldset className="chart-downloads">
                  <legend>{t('downloads')}</legend>
                  <button type="button" className="button button-small" onClick={() => void download('png')}>
                    {t('png')}
                  </button>
                  <button type="button" className="button button-small" onClick={() => void download('svg')}>
                    {t('svg')}
                  </button>
                  <button type="button" className="button button-small" onClick={() => void download('csv')}>
                    {t('csv')}
                  </button>
                </fieldset>
                <p className="muted" role="status">
                  {saved}
                </p>
              </div>
              {data.omitted > 0 && <p className="muted">{t('omitted', { count: data.omitted })}</p>}
              {chart.series[0]?.type === 'pie' && chart.series.length > 1 && (
                <p className="muted">{t('pieNote')}</p>
              )}
              <ChartTable
                data={tableData}
                caption={t('tableCaption', { series: seriesNames, x: xName })}
                xName={xName}
                xLabel={xLabel}
                columnName={columnName}
                formatValue={(v) => number.format(v)}
              />
            </>
          )}
          <MemoChartQueries dataset={dataset} always />
        </div>
      </div>
    </RecordsLayout>
  );
}
