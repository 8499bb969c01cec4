import type { TFunction } from 'i18next';
import type { DatasetField } from '../../api';
import type { ChartData } from './chart-data';
import type { Series } from './chart-state';

export function fieldLabel(fields: readonly DatasetField[], name: string): string {
  const field = fields.find((f) => f.name === name);
  return field?.label || name;
}

/** "Average of Max temperature", "Count"… */
export function seriesLabel(t: TFunction, series: Series, fields: readonly DatasetField[]): string {
  const field = fieldLabel(fields, series.field);
  if (series.aggregation === 'count') return series.field ? t('label.countOf', { field }) : t('label.count');
  return t(`label.${series.aggregation}`, { field, percent: series.percent });
}

/** A column's name: its series, then its breakdown value when it has one. */
export function columnLabel(
  t: TFunction,
  data: ChartData,
  series: readonly Series[],
  fields: readonly DatasetField[],
  index: number,
): string {
  const column = data.columns[index];
  if (!column) return '';
  const name = seriesLabel(t, series[column.series]!, fields);
  if (column.breakdown === undefined) return name;
  return `${name} · ${column.breakdown === '' ? t('empty') : column.breakdown}`;
}
