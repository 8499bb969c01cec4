import type { DatasetField } from '../../api';
import { formatDate, formatDateTime } from './dates';
import { describeShape, formatGeoPoint } from './geo';
import { formatNumber, type NumberStyle } from './numbers';

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

function numberStyle(field: DatasetField): NumberStyle {
  const annotations = field.annotations ?? {};
  const raw = typeof annotations.decimals === 'string' ? Number(annotations.decimals) : annotations.decimals;
  const decimals =
    typeof raw === 'number' && Number.isInteger(raw) && raw >= 0 && raw <= 12 ? raw : undefined;
  // A faceted or identifying integer (year, code) is a category, not a quantity.
  const categorical = field.type === 'int' && (isSet(annotations.facet) || isSet(annotations.id));
  return { ...(decimals !== undefined ? { decimals } : {}), grouping: !categorical };
}

/** Annotation flags are `true` in v2.1 answers and empty lists in older ones. */
function isSet(flag: unknown): boolean {
  return flag !== undefined && flag !== null && flag !== false;
}

function scalarText(value: unknown, field: DatasetField): string {
  if (typeof value === 'number') return formatNumber(value, numberStyle(field));
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
    const items = value
      .filter((v) => v !== null && v !== undefined && v !== '')
      .map((v) => scalarText(v, field));
    return items.length === 0 ? { kind: 'empty' } : { kind: 'list', items };
  }
  if (typeof value === 'number') return { kind: 'number', text: formatNumber(value, numberStyle(field)) };
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
