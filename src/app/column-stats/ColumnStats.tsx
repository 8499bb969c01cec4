import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useRef } from 'react';
import type { DatasetField, RecordsParams } from '../../api';
import { useAnalyzeT } from '../analyze/i18n';
import { ErrorPanel, Loading } from '../components/StatusMessages';
import { type CellFormat, formatCell } from '../format/cells';
import { appLocale } from '../i18n/locale';
import { useExploreClient } from '../queries/client-context';
import { recordsQuery } from '../queries/options';
import { histogramBars } from './bar-labels';
import { StatsHistogram } from './StatsHistogram';
import {
  type BarRange,
  dateUnit,
  everyBar,
  histogramParams,
  statsKind,
  summaryParams,
  TOP_VALUES,
  topValuesParams,
} from './stats-queries';

/** What a click on a bar or a value asks for: a range of the field, or one of its values. */
export type StatsFilter =
  | ({ readonly kind: 'range' } & BarRange)
  | { readonly kind: 'value'; readonly value: string };

interface ColumnStatsProps {
  readonly datasetId: string;
  readonly field: DatasetField;
  /** The table's filters: the statistics are those of the current selection. */
  readonly filters: RecordsParams;
  /** How the table shows values (its time zone). */
  readonly format: CellFormat;
  readonly onFilter: (filter: StatsFilter) => void;
  readonly onClose: () => void;
}

/** A count of records, or a computed figure (a mean): at most two decimals. */
function formatFigure(value: unknown): string {
  if (typeof value !== 'number') return '—';
  return new Intl.NumberFormat(appLocale(), { maximumFractionDigits: 2 }).format(value);
}

/** A value of the field (a minimum, a median…) as the table shows it. */
function formatValue(value: unknown, field: DatasetField, format: CellFormat): string {
  const display = formatCell(value, field, format);
  return 'text' in display ? display.text : '—';
}

/** Statistics of one column of the current selection; a bar or a value filters the table by it. */
export function ColumnStats({ datasetId, field, filters, format, onFilter, onClose }: ColumnStatsProps) {
  const t = useAnalyzeT();
  const client = useExploreClient();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const kind = statsKind(field);
  const label = field.label || field.name;
  const summary = useQuery(recordsQuery(client, datasetId, summaryParams(field, filters)));
  const row = summary.data?.results[0];
  const histogram = kind === 'values' ? undefined : histogramParams(field, row?.min, row?.max, filters);
  const bars = useQuery({
    ...recordsQuery(client, datasetId, histogram ?? {}),
    enabled: histogram !== undefined && !summary.isPlaceholderData,
  });
  const top = useQuery({
    ...recordsQuery(client, datasetId, topValuesParams(field, filters)),
    enabled: kind === 'values',
  });
  useEffect(() => heading.current?.focus(), []);

  const count = (n: unknown) => formatFigure(typeof n === 'number' ? n : 0);
  const total = typeof row?.total === 'number' ? row.total : 0;
  const filled = typeof row?.filled === 'number' ? row.filled : 0;
  const value = (v: unknown) => formatValue(v, field, format);
  const stats: [string, string][] =
    kind === 'values'
      ? [[t('stats.distinct'), formatFigure(row?.dv)]]
      : kind === 'number'
        ? [
            [t('stats.min'), value(row?.min)],
            [t('stats.max'), value(row?.max)],
            [t('stats.mean'), formatFigure(row?.mean)],
            [t('stats.median'), value(row?.median)],
          ]
        : [
            [t('stats.min'), value(row?.min)],
            [t('stats.max'), value(row?.max)],
          ];
  const unit =
    kind === 'date' && typeof row?.min === 'string' && typeof row.max === 'string'
      ? dateUnit(row.min, row.max)
      : undefined;
  const zone = filters.timezone ?? 'UTC';
  const results = bars.data?.results;
  const [min, max] = [row?.min, row?.max];
  // Memoized: the bars are the chart's option, which ECharts redraws whenever it changes.
  const barList = useMemo(
    () =>
      histogramBars(everyBar(results ?? [], field, min, max, zone), field, unit, format, {
        range: (from, to, n) => t('stats.filterRange', { from, to, count: n, n: formatFigure(n) }),
        period: (value, n) => t('stats.filterValue', { value, count: n, n: formatFigure(n) }),
      }),
    [results, field, min, max, zone, unit, format, t],
  );
  const valueRows = (top.data?.results ?? [])
    .filter((r) => r.v !== null && r.v !== undefined && typeof r.n === 'number')
    .slice(0, TOP_VALUES)
    .map((r) => ({ value: String(r.v), n: r.n as number }));
  const highest = Math.max(1, ...valueRows.map((v) => v.n));

  return (
    <section
      className="stats-panel panel"
      aria-labelledby={titleId}
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.stopPropagation();
          onClose();
        }
      }}
    >
      <div className="stats-header">
        <h2 id={titleId} ref={heading} tabIndex={-1}>
          {t('stats.title', { field: label })}
        </h2>
        <button type="button" className="button button-small" onClick={onClose}>
          {t('stats.close')}
        </button>
      </div>
      {summary.isError ? (
        <ErrorPanel
          title={t('stats.failed')}
          error={summary.error}
          onRetry={() => summary.refetch()}
          compact
        />
      ) : !row ? (
        <Loading>{t('stats.loading')}</Loading>
      ) : (
        <>
          <p className="muted">{t('stats.selection', { count: total, n: count(total) })}</p>
          <dl className="stats-summary">
            {stats.map(([name, text]) => (
              <div key={name}>
                <dt>{name}</dt>
                <dd>{text}</dd>
              </div>
            ))}
            <div>
              <dt>{t('stats.empty')}</dt>
              <dd>{count(total - filled)}</dd>
            </div>
          </dl>
          {kind !== 'values' && barList.length > 0 && (
            <StatsHistogram
              field={label}
              bars={barList}
              onFilter={(b) =>
                onFilter({ kind: 'range', from: b.from, to: b.to, ...(b.last ? { last: true } : {}) })
              }
            />
          )}
          {kind === 'values' && valueRows.length > 0 && (
            <figure className="stats-values">
              <figcaption>{t('stats.topValues')}</figcaption>
              <ul>
                {valueRows.map((v) => (
                  <li key={v.value}>
                    <button
                      type="button"
                      className="stats-value"
                      aria-label={t('stats.filterValue', { value: v.value, count: v.n, n: count(v.n) })}
                      onClick={() => onFilter({ kind: 'value', value: v.value })}
                    >
                      <span className="stats-value-name">{v.value}</span>
                      <span className="stats-value-count">{count(v.n)}</span>
                      <span
                        className="stats-value-bar"
                        style={{ width: `${(v.n / highest) * 100}%` }}
                        aria-hidden="true"
                      />
                    </button>
                  </li>
                ))}
              </ul>
            </figure>
          )}
        </>
      )}
    </section>
  );
}
