import { useQueries } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { Dataset, DatasetField, RecordsParams } from '../../api';
import { ErrorPanel, Loading } from '../components/StatusMessages';
import { saveFile } from '../export/download';
import { formatPeriodKey } from '../format/periods';
import { useAfterPaint } from '../hooks/useAfterPaint';
import { appLocale } from '../i18n/locale';
import { useExploreClient } from '../queries/client-context';
import { recordsQuery } from '../queries/options';
import { ChartCanvas } from './ChartCanvas';
import { ChartTable } from './ChartTable';
import { chartData } from './chart-data';
import { chartCsv, chartFilename, svgToPng } from './chart-files';
import { chartOption } from './chart-option';
import { type ChartState, isTemporal } from './chart-state';
import type { EChartsType } from './echarts';
import { useAnalyzeT } from './i18n';
import { columnLabel, fieldLabel, seriesLabel } from './labels';

interface ChartResultProps {
  readonly dataset: Dataset;
  readonly chart: ChartState;
  readonly fields: readonly DatasetField[];
  /** The chart's records calls, one per series. */
  readonly paramsList: readonly RecordsParams[];
  /** Told once the chart (or its error) is on screen: the tab's other requests wait for it. */
  readonly onShown: (shown: boolean) => void;
  /** Told the error the chart shows instead (or none): the facet sidebar does not repeat it. */
  readonly onFailure: (error: unknown) => void;
  /**
   * The chart alone, as an embedded view shows it: no downloads, and its numbers for screen readers
   * only (the tooltips show them to the eye).
   */
  readonly compact?: boolean;
}

/*
 * The chart, its downloads and its numbers. Its own component, holding the chart's records calls: their
 * answers re-render this part of the tab alone (not the chart builder, the search box or the facet
 * sidebar), so the frame that draws the chart carries nothing else; the table of numbers renders after
 * that frame.
 */
export function ChartResult({
  dataset,
  chart,
  fields,
  paramsList,
  onShown,
  onFailure,
  compact = false,
}: ChartResultProps) {
  const t = useAnalyzeT();
  const client = useExploreClient();
  const datasetId = dataset.dataset_id;
  const answers = useQueries({
    queries: paramsList.map((params) => recordsQuery(client, datasetId, params)),
  });
  const failed = answers.find((a) => a.isError);
  const ready = answers.every((a) => a.data !== undefined);
  const stale = answers.some((a) => a.isPlaceholderData);
  const results = answers.map((a) => a.data?.results ?? []);
  // biome-ignore lint/correctness/useExhaustiveDependencies: the answers' data are the inputs, not the query objects
  const data = useMemo(() => chartData(chart, results), [chart, ...results]);
  // The table of the chart's numbers renders after the chart is on screen.
  const tableData = useAfterPaint(data);
  const shown = useAfterPaint(ready || failed !== undefined);
  useEffect(() => onShown(shown), [onShown, shown]);
  const error = failed?.error;
  useEffect(() => onFailure(error), [onFailure, error]);

  // The labels that do not depend on the answers: translated once per chart, not on each answer.
  const names = useMemo(() => {
    const axis = (side: 'left' | 'right') =>
      chart.series
        .filter((s) => s.axis === side)
        .map((s) => seriesLabel(t, s, fields))
        .join(', ');
    const series = chart.series.map((s) => seriesLabel(t, s, fields)).join(', ');
    const x = fieldLabel(fields, chart.x);
    return {
      x,
      series,
      leftAxis: axis('left') || t('leftAxis'),
      rightAxis: axis('right') || t('rightAxis'),
      empty: t('empty'),
      chart: t('chartOf', { title: dataset.metas?.default?.title ?? datasetId, series, x }),
      table: t('tableCaption', { series, x }),
    };
  }, [chart, fields, t, dataset, datasetId]);
  const locale = appLocale();
  const number = useMemo(() => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }), [locale]);
  const share = useMemo(
    () => new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }),
    [locale],
  );
  // A date's groups are periods of the chart's precision, written in the reader's language (Jan 2001).
  const temporal = isTemporal(fields.find((f) => f.name === chart.x));
  const xLabel = useCallback(
    (x: string) => (x === '' ? names.empty : temporal ? formatPeriodKey(x, chart.precision, locale) : x),
    [names, temporal, chart.precision, locale],
  );
  const columnName = (i: number) => columnLabel(t, data, chart.series, fields, i);
  const drawable = ready && !failed && data.xs.length > 0;
  const option = useMemo(
    () =>
      drawable
        ? chartOption(chart, data, {
            x: xLabel,
            column: (i) => columnLabel(t, data, chart.series, fields, i),
            xAxis: names.x,
            leftAxis: names.leftAxis,
            rightAxis: names.rightAxis,
            value: (v) => number.format(v),
            percent: (p) => share.format(p / 100),
          })
        : undefined,
    [drawable, chart, data, fields, t, names, xLabel, number, share],
  );

  const chartRef = useRef<EChartsType | null>(null);
  const [saved, setSaved] = useState<string>();
  const download = async (kind: 'png' | 'svg' | 'csv') => {
    const name = chartFilename(datasetId, kind);
    if (kind === 'csv') {
      saveFile(new Blob([chartCsv(data, names.x, columnName)], { type: 'text/csv' }), name);
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

  return (
    <>
      {failed ? (
        <ErrorPanel title={t('failed')} error={failed.error} onRetry={() => failed.refetch()} />
      ) : !ready ? (
        <Loading>{t('loading')}</Loading>
      ) : data.xs.length === 0 ? (
        <div className="empty-state">
          <p>{t('noData')}</p>
        </div>
      ) : null}
      <div className={drawable ? 'chart-frame' : 'chart-frame is-hidden'} aria-busy={stale}>
        <ChartCanvas option={option} chartRef={chartRef} label={names.chart} />
      </div>
      {drawable && (
        <>
          {!compact && (
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
          )}
          {data.omitted > 0 && <p className="muted">{t('omitted', { count: data.omitted })}</p>}
          {chart.series[0]?.type === 'pie' && chart.series.length > 1 && (
            <p className="muted">{t('pieNote')}</p>
          )}
          <div className={compact ? 'visually-hidden' : undefined}>
            <ChartTable
              data={tableData}
              caption={names.table}
              xName={names.x}
              xLabel={xLabel}
              columnName={columnName}
              formatValue={(v) => number.format(v)}
            />
          </div>
        </>
      )}
    </>
  );
}
