import { useId } from 'react';
import type { DatasetField } from '../../api';
import {
  AGGREGATIONS,
  CHART_TYPES,
  groupableFields,
  type Layout,
  numericFields,
  type Series,
} from './chart-state';
import { useAnalyzeT } from './i18n';

interface SeriesEditorProps {
  readonly index: number;
  readonly series: Series;
  readonly fields: readonly DatasetField[];
  readonly onChange: (next: Series, replace?: boolean) => void;
  readonly onRemove?: (() => void) | undefined;
}

/** One series: its aggregation and field, chart type, colour, axis, and breakdown. */
export function SeriesEditor({ index, series, fields, onChange, onRemove }: SeriesEditorProps) {
  const t = useAnalyzeT();
  const id = useId();
  const numeric = numericFields(fields);
  const n = index + 1;
  const needsField = series.aggregation !== 'count';
  return (
    <fieldset className="series-editor" style={{ borderLeftColor: `#${series.color}` }}>
      <legend>{t('series', { n })}</legend>
      <div className="builder-row">
        <label htmlFor={`${id}-agg`}>{t('aggregation')}</label>
        <select
          id={`${id}-agg`}
          value={series.aggregation}
          onChange={(e) => {
            const aggregation = AGGREGATIONS.find((a) => a === e.target.value) ?? 'count';
            const field = aggregation === 'count' || series.field ? series.field : (numeric[0]?.name ?? '');
            onChange({ ...series, aggregation, field });
          }}
        >
          {AGGREGATIONS.filter((a) => a === 'count' || numeric.length > 0).map((a) => (
            <option key={a} value={a}>
              {t(`aggregations.${a}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="builder-row">
        <label htmlFor={`${id}-field`}>{t('ofField')}</label>
        <select
          id={`${id}-field`}
          value={series.field}
          onChange={(e) => onChange({ ...series, field: e.target.value })}
        >
          {!needsField && <option value="">{t('records')}</option>}
          {numeric.map((f) => (
            <option key={f.name} value={f.name}>
              {f.label || f.name}
            </option>
          ))}
        </select>
      </div>
      {series.aggregation === 'percentile' && (
        <div className="builder-row">
          <label htmlFor={`${id}-percent`}>{t('percent')}</label>
          <input
            id={`${id}-percent`}
            type="number"
            min={0}
            max={100}
            defaultValue={series.percent}
            key={series.percent}
            onBlur={(e) => {
              const percent = Number(e.target.value);
              if (Number.isInteger(percent) && percent >= 0 && percent <= 100 && percent !== series.percent)
                onChange({ ...series, percent });
            }}
          />
        </div>
      )}
      <div className="builder-row">
        <label htmlFor={`${id}-type`}>{t('chartType')}</label>
        <select
          id={`${id}-type`}
          value={series.type}
          onChange={(e) =>
            onChange({ ...series, type: CHART_TYPES.find((c) => c === e.target.value) ?? 'column' })
          }
        >
          {CHART_TYPES.map((c) => (
            <option key={c} value={c}>
              {t(`types.${c}`)}
            </option>
          ))}
        </select>
      </div>
      <div className="builder-row builder-row-inline">
        <label htmlFor={`${id}-color`}>{t('color')}</label>
        <input
          id={`${id}-color`}
          type="color"
          value={`#${series.color}`}
          // Dragging in the colour picker replaces the step instead of adding one per shade.
          onChange={(e) => onChange({ ...series, color: e.target.value.slice(1).toLowerCase() }, true)}
        />
      </div>
      <div className="builder-row">
        <label htmlFor={`${id}-axis`}>{t('axis')}</label>
        <select
          id={`${id}-axis`}
          value={series.axis}
          onChange={(e) => onChange({ ...series, axis: e.target.value === 'right' ? 'right' : 'left' })}
        >
          <option value="left">{t('axes.left')}</option>
          <option value="right">{t('axes.right')}</option>
        </select>
      </div>
      <div className="builder-row">
        <label htmlFor={`${id}-by`}>{t('by')}</label>
        <select
          id={`${id}-by`}
          value={series.by ?? ''}
          onChange={(e) => {
            const { by: _by, ...rest } = series;
            onChange(e.target.value ? { ...rest, by: e.target.value } : rest);
          }}
        >
          <option value="">{t('byNone')}</option>
          {groupableFields(fields).map((f) => (
            <option key={f.name} value={f.name}>
              {f.label || f.name}
            </option>
          ))}
        </select>
      </div>
      {series.by && (
        <div className="builder-row">
          <label htmlFor={`${id}-layout`}>{t('layout')}</label>
          <select
            id={`${id}-layout`}
            value={series.layout}
            onChange={(e) =>
              onChange({ ...series, layout: e.target.value === 'group' ? 'group' : ('stack' as Layout) })
            }
          >
            <option value="stack">{t('layouts.stack')}</option>
            <option value="group">{t('layouts.group')}</option>
          </select>
        </div>
      )}
      {onRemove && (
        <button type="button" className="button button-small" onClick={onRemove}>
          {t('removeSeries', { n })}
        </button>
      )}
    </fieldset>
  );
}
