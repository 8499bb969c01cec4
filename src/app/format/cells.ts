import type { DatasetField } from '../../api';
import { formatDate, formatDateTime } from './dates';
import { describeShape, formatGeoPoint } from './geo';
import { formatNumber } from './numbers';

/** What a table cell shows, decided from the field type and the value. */
export type CellDisplay =
  | { readonly kind: 'empty' }
  | { readonly kind: 'number'; readonly text: string }
  | { readonly kind: 'date'; readonly text: string; readonly raw: string }
  | { readonly kind: 'geo'; readonly text: string }
  | { readonly kind: 'list'; readonly items: readonly string[] }
  | { readonly kind: 'link'; readonly text: string; readonly href: string }
  | { readonly kind: 'text'; readonly text: string };

const NUMERIC = new Set(['int', 'double', 'decimal']);

export function isNumericField(field: Pick<DatasetField, 'type'>): boolean {
  return NUMERIC.has(field.type);
}

function decimalsOf(field: DatasetField): number | undefined {
  const decimals = field.annotations?.decimals;
  const n = typeof decimals === 'string' ? Number(decimals) : decimals;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 && n <= 12 ? n : undefined;
}

function scalarText(value: unknown, field: DatasetField): string {
  if (typeof value === 'number') return formatNumber(value, decimalsOf(field));
  if (typeof value === 'string') {
    if (field.type === 'date') return formatDate(value);
    if (field.type === 'datetime') return formatDateTime(value);
    return value;
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return formatGeoPoint(value) ?? describeShape(value) ?? JSON.stringify(value);
}

export function formatCell(value: unknown, field: DatasetField): CellDisplay {
  if (value === null || value === undefined || value === '') return { kind: 'empty' };
  if (Array.isArray(value)) {
    const items = value.filter((v) => v !== null && v !== undefined && v !== '').map((v) => scalarText(v, field));
    return items.length === 0 ? { kind: 'empty' } : { kind: 'list', items };
  }
  if (typeof value === 'number') return { kind: 'number', text: formatNumber(value, decimalsOf(field)) };
  if (field.type === 'geo_point_2d') {
    const text = formatGeoPoint(value);
    if (text) return { kind: 'geo', text };
  }
  if (field.type === 'geo_shape') {
    const text = describeShape(value);
    if (text) return { kind: 'geo', text };
  }
  if (typeof value === 'string') {
    if (field.type === 'date' || field.type === 'datetime') {
      return { kind: 'date', text: scalarText(value, field), raw: value };
    }
    if (/^https?:\/\/\S+$/.test(value)) return { kind: 'link', text: value, href: value };
    return { kind: 'text', text: value };
  }
  return { kind: 'text', text: scalarText(value, field) };
}
