import { useId } from 'react';
import type { DatasetField } from '../../api';
import {
  type ChartState,
  groupableFields,
  isNumeric,
  isTemporal,
  MAX_POINTS,
  newSeries,
  PRECISIONS,
  SORTS,
} from './chart-state';
import { useAnalyzeT } from './i18n';
import { SeriesEditor } from './SeriesEditor';

const MAX_SERIES = 6;

interface ChartBuilderProps {
  readonly chart: ChartState;
  readonly fields: readonly DatasetField[];
  readonly onChange: (next: ChartState, replace?: boolean) => void;
}

/** The chart's settings: x axis, series, sort and maximum number of points. */
export function ChartBuilder({ chart, fields, onChange }: ChartBuilderProps) {
  const t = useAnalyzeT();
  const id = useId();
  const xField = fields.find((f) => f.name === chart.x);
  return (
    <form className="chart-builder" aria-label={t('builder')} onSubmit={(e) => e.preventDefault()}>
      <fieldset>
        <legend>{t('xAxis')}</legend>
        <div className="builder-row">
          <label htmlFor={`${id}-x`}>{t('xField')}</label>
          <select
            id={`${id}-x`}
            value={chart.x}
            onChange={(e) => {
              const next = fields.find((f) => f.name === e.target.value);
              const { width: _width, ...rest } = chart;
              onChange({
                ...rest,
                x: e.target.value,
                ...(isNumeric(next) ? { width: chart.width ?? 10 } : {}),
                sort: isTemporal(next) || isNumeric(next) ? 'x' : '-y',
              });
            }}
          >
            {groupableFields(fields).map((f) => (
              <option key={f.name} value={f.name}>
                {f.label || f.name}
              </option>
            ))}
          </select>
        </div>
        {isTemporal(xField) && (
          <div className="builder-row">
            <label htmlFor={`${id}-precision`}>{t('precision')}</label>
            <select
              id={`${id}-precision`}
              value={chart.precision}
              onChange={(e) =>
                onChange({ ...chart, precision: PRECISIONS.find((p) => p === e.target.value) ?? 'month' })
              }
            >
              {PRECISIONS.map((p) => (
                <option key={p} value={p}>
                  {t(`precisions.${p}`)}
                </option>
              ))}
            </select>
          </div>
        )}
        {isNumeric(xField) && (
          <div className="builder-row">
            <label htmlFor={`${id}-width`}>{t('width')}</label>
            <input
              id={`${id}-width`}
              type="number"
              min={0}
              step="any"
              placeholder={t('widthNone')}
              defaultValue={chart.width ?? ''}
              key={chart.width ?? ''}
              onBlur={(e) => {
                const width = e.target.value === '' ? undefined : Number(e.target.value);
                if (width === chart.width || (width !== undefined && !(width > 0))) return;
                const { width: _w, ...rest } = chart;
                onChange(width === undefined ? rest : { ...rest, width });
              }}
            />
          </div>
        )}
        <div className="builder-row">
          <label htmlFor={`${id}-sort`}>{t('sort')}</label>
          <select
            id={`${id}-sort`}
            value={chart.sort}
            onChange={(e) => onChange({ ...chart, sort: SORTS.find((s) => s === e.target.value) ?? 'x' })}
          >
            {SORTS.map((s) => (
              <option key={s} value={s}>
                {t(`sorts.${s}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="builder-row">
          <label htmlFor={`${id}-max`}>{t('max')}</label>
          <input
            id={`${id}-max`}
            type="number"
            min={1}
            max={MAX_POINTS}
            defaultValue={chart.max}
            key={chart.max}
            onBlur={(e) => {
              const max = Number(e.target.value);
              if (Number.isInteger(max) && max >= 1 && max <= MAX_POINTS && max !== chart.max)
                onChange({ ...chart, max });
            }}
          />
        </div>
      </fieldset>
      {chart.series.map((series, index) => (
        <SeriesEditor
          // Series have no identity but their place.
          // biome-ignore lint/suspicious/noArrayIndexKey: a series is its position in the chart
          key={index}
          index={index}
          series={series}
          fields={fields}
          onChange={(next, replace) =>
            onChange({ ...chart, series: chart.series.map((s, i) => (i === index ? next : s)) }, replace)
          }
          onRemove={
            chart.series.length > 1
              ? () => onChange({ ...chart, series: chart.series.filter((_, i) => i !== index) })
              : undefined
          }
        />
      ))}
      {chart.series.length < MAX_SERIES && (
        <button
          type="button"
          className="button"
          onClick={() => onChange({ ...chart, series: [...chart.series, newSeries(chart.series.length)] })}
        >
          {t('addSeries')}
        </button>
      )}
    </form>
  );
}
