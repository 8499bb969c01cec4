import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type DatasetField, quoteField } from '../../api';
import type { FacetLabeler } from '../filters/facet-labels';
import {
  type Bucket,
  bucketStart,
  dayToMs,
  histogramWidth,
  msToDay,
  niceStep,
  type RangeKind,
  rangeKind,
  readExtent,
} from '../filters/range-filter';
import { formatDate } from '../format/dates';
import { formatCount, formatNumber } from '../format/numbers';
import { useExploreClient } from '../queries/client-context';
import { exploreKeys } from '../queries/keys';
import { clientKey } from '../queries/options';
import { filterParams } from '../queries/request-params';
import { type Filters, withRange } from '../routes/search-params';

interface RangePanelProps {
  readonly datasetId: string;
  readonly fields: readonly DatasetField[];
  readonly labels: FacetLabeler;
  /** The records view's filters (its `where` is the query editor's). */
  readonly filters: Filters;
  readonly onFilters: (next: Filters) => void;
  /** False while the view's own first answer is awaited: the histogram's queries wait for it. */
  readonly active?: boolean;
}

/** About this many bars in the histogram. */
const BARS = 24;

/** The field offered first: one the portal marks for time ranges, else the first date, else a number. */
function preferred(fields: readonly DatasetField[]): DatasetField | undefined {
  return (
    fields.find((f) => f.annotations?.timerangeFilter) ??
    fields.find((f) => rangeKind(f) === 'date') ??
    fields.find((f) => rangeKind(f) === 'number')
  );
}

function toScale(bound: string | undefined, kind: RangeKind): number | undefined {
  if (bound === undefined) return undefined;
  return kind === 'date' ? dayToMs(bound) : Number(bound);
}

function fromScale(value: number, kind: RangeKind): string {
  return kind === 'date' ? msToDay(value) : String(value);
}

/**
 * A range filter for one number or date field: a small histogram of the current selection (the API's
 * `group_by=range(…)`), a two-handled slider over it, typed bounds, and a chip once applied.
 */
export function RangePanel({
  datasetId,
  fields,
  labels,
  filters,
  onFilters,
  active = true,
}: RangePanelProps) {
  const { t } = useTranslation();
  const client = useExploreClient();
  const headingId = useId();
  const eligible = useMemo(() => fields.filter((f) => rangeKind(f) !== undefined), [fields]);
  const applied = filters.ranges ?? [];
  const [fieldName, setFieldName] = useState(() => applied[0]?.field ?? preferred(eligible)?.name ?? '');
  const field = eligible.find((f) => f.name === fieldName);
  const kind = field ? rangeKind(field) : undefined;
  const current = applied.find((r) => r.field === fieldName);

  // The selection without this field's own range: the histogram shows what widening it would bring.
  const base = useMemo(() => filterParams(withRange(filters, fieldName, undefined)), [filters, fieldName]);
  const quoted = quoteField(fieldName);
  const key = exploreKeys.range(clientKey(client), datasetId, fieldName, base);
  // Answers carry the field they are of: while another field's come, the previous field's are kept on
  // screen (keepPreviousData) but never read as this field's bounds (a date read as a number is NaN).
  const extent = useQuery({
    queryKey: [...key, 'extent'],
    queryFn: async ({ signal }) => ({
      field: fieldName,
      answer: await client.getRecords(
        datasetId,
        { ...base, select: `min(${quoted}) as lo, max(${quoted}) as hi`, limit: 1 },
        signal,
      ),
    }),
    enabled: active && field !== undefined,
    placeholderData: keepPreviousData,
  });
  const row =
    extent.data?.field === fieldName
      ? (extent.data.answer.results[0] as { lo?: unknown; hi?: unknown } | undefined)
      : undefined;
  const bounds = kind && row ? readExtent(kind, row.lo, row.hi) : undefined;
  const lo = bounds?.lo;
  const hi = bounds?.hi;
  const integer = field?.type === 'int';
  const width = bounds && kind ? histogramWidth(kind, bounds, BARS, integer) : undefined;
  const histogram = useQuery({
    queryKey: [...key, 'histogram', width?.unit],
    queryFn: async ({ signal }) => ({
      field: fieldName,
      answer: await client.getRecords(
        datasetId,
        {
          ...base,
          select: 'count(*) as n',
          group_by: `range(${quoted}, ${width?.unit}) as bucket`,
          limit: 1000,
        },
        signal,
      ),
    }),
    // The bars' width comes from this selection's extent: while the extent shown is the previous
    // selection's, a histogram asked now would be of the wrong width, and asked again once it arrives.
    enabled: width !== undefined && !extent.isPlaceholderData,
    placeholderData: keepPreviousData,
  });
  const buckets = useMemo<Bucket[]>(() => {
    if (!kind || !width) return [];
    const size = kind === 'date' ? width.days * 86_400_000 : Number(width.unit);
    if (histogram.data?.field !== fieldName) return [];
    return histogram.data.answer.results.flatMap((r) => {
      const item = r as { bucket?: unknown; n?: unknown };
      const from = bucketStart(item.bucket, kind);
      return from === undefined || typeof item.n !== 'number'
        ? []
        : [{ from, to: from + size, count: item.n }];
    });
  }, [histogram.data, kind, width, fieldName]);

  const [draft, setDraft] = useState<[number, number] | undefined>();
  // A new field, new bounds from elsewhere (a removed chip) or a new extent start the slider afresh.
  useEffect(() => {
    if (!kind || lo === undefined || hi === undefined) return setDraft(undefined);
    setDraft([toScale(current?.from, kind) ?? lo, toScale(current?.to, kind) ?? hi]);
  }, [kind, lo, hi, current?.from, current?.to]);

  if (eligible.length === 0) return null;
  const facetLabel = labels.facetLabel(fieldName);
  const show = (value: number) =>
    kind === 'date' ? formatDate(msToDay(value)) : formatNumber(value, { grouping: !integer });
  const step = kind === 'date' ? 86_400_000 : integer ? 1 : niceStep(lo ?? 0, hi ?? 1, 200, false);
  const most = Math.max(1, ...buckets.map((b) => b.count));
  const span = lo !== undefined && hi !== undefined && hi > lo ? hi - lo : 1;
  const apply = () => {
    if (!draft || !kind || !field) return;
    onFilters(
      withRange(filters, field.name, {
        field: field.name,
        from: fromScale(draft[0], kind),
        to: fromScale(draft[1], kind),
      }),
    );
  };

  return (
    <section className="facet range-panel" aria-labelledby={headingId}>
      <h3 id={headingId} className="facet-title">
        {t('range.title')}
      </h3>
      <select
        className="facet-sort"
        aria-label={t('range.title')}
        value={fieldName}
        onChange={(event) => setFieldName(event.target.value)}
      >
        {eligible.map((f) => (
          <option key={f.name} value={f.name}>
            {labels.facetLabel(f.name)}
          </option>
        ))}
      </select>
      {lo !== undefined && hi !== undefined && draft && kind && (
        <>
          <svg
            className="range-histogram"
            viewBox={`0 0 ${BARS * 4} 32`}
            preserveAspectRatio="none"
            role="img"
            aria-label={t('range.histogram', { facet: facetLabel })}
          >
            {buckets.map((b) => {
              const x = ((b.from - lo) / span) * BARS * 4;
              const w = Math.max(0.6, ((b.to - b.from) / span) * BARS * 4 - 0.4);
              const h = Math.max(1, (b.count / most) * 30);
              const inside = b.to > draft[0] && b.from <= draft[1];
              return (
                <rect
                  key={b.from}
                  x={x}
                  y={32 - h}
                  width={w}
                  height={h}
                  className={inside ? 'is-in' : 'is-out'}
                >
                  <title>
                    {t('range.bucket', { from: show(b.from), to: show(b.to), count: formatCount(b.count) })}
                  </title>
                </rect>
              );
            })}
          </svg>
          <div className="range-slider">
            <input
              type="range"
              min={lo}
              max={hi}
              step={step}
              value={draft[0]}
              aria-label={`${facetLabel}: ${t('range.from')}`}
              aria-valuetext={show(draft[0])}
              onChange={(e) => setDraft([Math.min(Number(e.target.value), draft[1]), draft[1]])}
            />
            <input
              type="range"
              min={lo}
              max={hi}
              step={step}
              value={draft[1]}
              aria-label={`${facetLabel}: ${t('range.to')}`}
              aria-valuetext={show(draft[1])}
              onChange={(e) => setDraft([draft[0], Math.max(Number(e.target.value), draft[0])])}
            />
          </div>
          <div className="range-bounds">
            <label>
              {t('range.from')}
              <input
                type={kind === 'date' ? 'date' : 'number'}
                value={fromScale(draft[0], kind)}
                step={kind === 'number' && integer ? 1 : 'any'}
                onChange={(e) => {
                  const value = toScale(e.target.value, kind);
                  if (value !== undefined && Number.isFinite(value)) setDraft([value, draft[1]]);
                }}
              />
            </label>
            <label>
              {t('range.to')}
              <input
                type={kind === 'date' ? 'date' : 'number'}
                value={fromScale(draft[1], kind)}
                step={kind === 'number' && integer ? 1 : 'any'}
                onChange={(e) => {
                  const value = toScale(e.target.value, kind);
                  if (value !== undefined && Number.isFinite(value)) setDraft([draft[0], value]);
                }}
              />
            </label>
          </div>
          <div className="range-actions">
            <button type="button" className="button" onClick={apply}>
              {t('range.apply')}
            </button>
            {current && (
              <button
                type="button"
                className="link-button"
                onClick={() => onFilters(withRange(filters, fieldName, undefined))}
              >
                {t('range.clear')}
              </button>
            )}
          </div>
        </>
      )}
    </section>
  );
}
