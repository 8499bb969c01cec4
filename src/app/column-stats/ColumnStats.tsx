import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef } from 'react';
import type { DatasetField, RecordsParams } from '../../api';
import { useAnalyzeT } from '../analyze/i18n';
import { ErrorPanel, Loading } from '../components/StatusMessages';
import { appLocale } from '../i18n/locale';
import { useExploreClient } from '../queries/client-context';
import { recordsQuery } from '../queries/options';
import { StatsHistogram } from './StatsHistogram';
import {
  histogramParams,
  parseRangeKey,
  statsKind,
  summaryParams,
  TOP_VALUES,
  topValuesParams,
} from './stats-queries';

/** What a click on a bar or a value asks for: a range of the field, or one of its values. */
export type StatsFilter =
  | { readonly kind: 'range'; readonly from: string; readonly to: string }
  | { readonly kind: 'value'; readonly value: string };

interface ColumnStatsProps {
  readonly datasetId: string;
  readonly field: DatasetField;
  /** The table's filters: the statistics are those of the current selection. */
  readonly filters: RecordsParams;
  readonly onFilter: (filter: StatsFilter) => void;
  readonly onClose: () => void;
}

function formatStat(value: unknown, date: boolean): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number')
    return new Intl.NumberFormat(appLocale(), { maximumFractionDigits: 2 }).format(value);
  const text = String(value);
  return date
    ? text
        .replace(/T00:00:00(\.000)?(Z|\+00:00)?$/, '')
        .replace('T', ' ')
        .replace(/\.000Z$/, 'Z')
    : text;
}

/** Statistics of one column of the current selection; a bar or a value filters the table by it. */
export function ColumnStats({ datasetId, field, filters, onFilter, onClose }: ColumnStatsProps) {
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

  const count = (n: unknown) => formatStat(typeof n === 'number' ? n : 0, false);
  const total = typeof row?.total === 'number' ? row.total : 0;
  const filled = typeof row?.filled === 'number' ? row.filled : 0;
  const stats: [string, unknown][] =
    kind === 'values'
      ? [[t('stats.distinct'), row?.dv]]
      : kind === 'number'
        ? [
            [t('stats.min'), row?.min],
            [t('stats.max'), row?.max],
            [t('stats.mean'), row?.mean],
            [t('stats.median'), row?.median],
          ]
        : [
            [t('stats.min'), row?.min],
            [t('stats.max'), row?.max],
          ];
  const barRows = (bars.data?.results ?? []).flatMap((r) => {
    const range = parseRangeKey(r.r);
    return range && typeof r.n === 'number' ? [{ ...range, n: r.n }] : [];
  });
  const valueRows = (top.data?.results ?? [])
    .filter((r) => r.v !== null && r.v !== undefined && typeof r.n === 'number')
    .slice(0, TOP_VALUES)
    .map((r) => ({ value: String(r.v), n: r.n as number }));
  const highest = Math.max(1, ...valueRows.map((v) => v.n));
  const date = kind === 'date';

  return (
    <section className="stats-panel panel" aria-labelledby={titleId}>
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
          <p className="muted">{t('stats.selection', { n: count(total) })}</p>
          <dl className="stats-summary">
            {stats.map(([name, value]) => (
              <div key={name}>
                <dt>{name}</dt>
                <dd>{formatStat(value, date)}</dd>
              </div>
            ))}
            <div>
              <dt>{t('stats.empty')}</dt>
              <dd>{count(total - filled)}</dd>
            </div>
          </dl>
          {kind !== 'values' && barRows.length > 0 && (
            <StatsHistogram
              field={label}
              bars={barRows.map((b) => {
                const from = formatStat(date ? b.from : Number(b.from), date);
                const to = formatStat(date ? b.to : Number(b.to), date);
                return {
                  ...b,
                  name: t('stats.filterRange', { from, to, n: count(b.n) }),
                  short: from,
                  end: to,
                };
              })}
              onFilter={(b) => onFilter({ kind: 'range', from: b.from, to: b.to })}
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
                      aria-label={t('stats.filterValue', { value: v.value, n: count(v.n) })}
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
