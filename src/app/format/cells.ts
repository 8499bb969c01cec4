import type { DatasetField } from '../../api';
import { appLocale } from '../i18n/locale';
import { describeShape, formatGeoPoint } from './geo';

/*
 * Record values as the table and the record detail show them. Numbers and dates follow the reader's
 * locale; date-times are shown on the dataset's clock (its time zone, which the records requests also
 * send as `timezone`), calendar dates as they are written.
 */

/** What a table cell shows, decided from the field type and the value. */
export type CellDisplay =
  | { readonly kind: 'empty' }
  | { readonly kind: 'number'; readonly text: string }
  | { readonly kind: 'date'; readonly text: string; readonly raw: string }
  | { readonly kind: 'geo'; readonly text: string }
  | { readonly kind: 'list'; readonly items: readonly string[] }
  | { readonly kind: 'link'; readonly text: string; readonly href: string }
  | { readonly kind: 'text'; readonly text: string };

export interface CellFormat {
  /** BCP 47 locale; `undefined` is the browser's. */
  readonly locale?: string | undefined;
  /** IANA time zone of date-times; UTC when unset or unknown. */
  readonly timeZone?: string | undefined;
}

const NUMERIC = new Set(['int', 'double', 'decimal']);

export function isNumericField(field: Pick<DatasetField, 'type'>): boolean {
  return NUMERIC.has(field.type);
}

// Building a DateTimeFormat costs milliseconds, and every render of a dataset's tabs asks.
const knownZones = new Map<string, boolean>();

/** Whether this browser knows the zone: an unknown one would make every date format throw. */
export function isKnownTimeZone(zone: string | null | undefined): zone is string {
  if (typeof zone !== 'string' || zone.trim() === '') return false;
  let known = knownZones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat('en', { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    knownZones.set(zone, known);
  }
  return known;
}

/** Annotation flags are `true` in v2.1 answers and empty lists in older ones. */
function isSet(flag: unknown): boolean {
  return flag !== undefined && flag !== null && flag !== false;
}

interface NumberStyle {
  readonly decimals: number | undefined;
  readonly grouping: boolean;
}

function numberStyle(field: DatasetField): NumberStyle {
  const annotations = field.annotations ?? {};
  const raw = typeof annotations.decimals === 'string' ? Number(annotations.decimals) : annotations.decimals;
  const decimals =
    typeof raw === 'number' && Number.isInteger(raw) && raw >= 0 && raw <= 12 ? raw : undefined;
  // A faceted or identifying integer (year, code) is a category, not a quantity: no thousands separator.
  const categorical = field.type === 'int' && (isSet(annotations.facet) || isSet(annotations.id));
  return { decimals, grouping: !categorical };
}

// Building an Intl formatter costs far more than using one: a visible table formats thousands of cells.
const formatters = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function cached<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = make();
    formatters.set(key, formatter);
  }
  return formatter as T;
}

function numberFormat(locale: string | undefined, style: NumberStyle): Intl.NumberFormat {
  return cached(
    `n|${locale ?? ''}|${style.decimals ?? ''}|${style.grouping}`,
    () =>
      new Intl.NumberFormat(locale, {
        useGrouping: style.grouping,
        minimumFractionDigits: style.decimals ?? 0,
        maximumFractionDigits: style.decimals ?? 6,
      }),
  );
}

export function formatFieldNumber(value: number, field: DatasetField, format: CellFormat = {}): string {
  return numberFormat(format.locale ?? appLocale(), numberStyle(field)).format(value);
}

function zoneOf(format: CellFormat): string {
  return isKnownTimeZone(format.timeZone) ? format.timeZone : 'UTC';
}

/** A `date` value (`2013-02-15`) is a calendar day, the same everywhere: read and shown in UTC. */
export function formatDateValue(value: string, format: CellFormat = {}): string {
  const date = new Date(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T00:00:00Z` : value);
  if (Number.isNaN(date.getTime())) return value;
  return cached(
    `d|${format.locale ?? appLocale()}`,
    () => new Intl.DateTimeFormat(format.locale ?? appLocale(), { dateStyle: 'medium', timeZone: 'UTC' }),
  ).format(date);
}

/** A `datetime` value, on the dataset's clock, to the second. */
export function formatDateTimeValue(value: string, format: CellFormat = {}): string {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  const zone = zoneOf(format);
  return cached(
    `t|${format.locale ?? appLocale()}|${zone}`,
    () =>
      new Intl.DateTimeFormat(format.locale ?? appLocale(), {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        hour: 'numeric',
        minute: '2-digit',
        second: '2-digit',
        timeZone: zone,
      }),
  ).format(date);
}

/** Only web addresses become links: `javascript:` and the like stay text. */
const WEB_ADDRESS = /^https?:\/\/\S+$/i;

/** A `file` field value: `{url, filename, …}`. */
function fileLink(value: unknown): { text: string; href: string } | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  const { url, filename } = value as { url?: unknown; filename?: unknown };
  if (typeof url !== 'string' || !WEB_ADDRESS.test(url)) return undefined;
  return { href: url, text: typeof filename === 'string' && filename !== '' ? filename : url };
}

function scalarText(value: unknown, field: DatasetField, format: CellFormat): string {
  if (typeof value === 'number') return formatFieldNumber(value, field, format);
  if (typeof value === 'string') {
    if (field.type === 'date') return formatDateValue(value, format);
    if (field.type === 'datetime') return formatDateTimeValue(value, format);
    return value;
  }
  if (typeof value === 'boolean') return value ? 'true' : 'false';
  return (
    formatGeoPoint(value, format.locale ?? appLocale()) ??
    describeShape(value) ??
    fileLink(value)?.text ??
    JSON.stringify(value)
  );
}

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || value === '';
}

export function formatCell(value: unknown, field: DatasetField, format: CellFormat = {}): CellDisplay {
  if (isBlank(value)) return { kind: 'empty' };
  if (Array.isArray(value)) {
    const items = value.filter((v) => !isBlank(v)).map((v) => scalarText(v, field, format));
    return items.length === 0 ? { kind: 'empty' } : { kind: 'list', items };
  }
  if (typeof value === 'number') return { kind: 'number', text: formatFieldNumber(value, field, format) };
  if (field.type === 'geo_point_2d') {
    const text = formatGeoPoint(value, format.locale ?? appLocale());
    if (text) return { kind: 'geo', text };
  }
  if (field.type === 'geo_shape') {
    const text = describeShape(value);
    if (text) return { kind: 'geo', text };
  }
  if (field.type === 'file') {
    const link = fileLink(value);
    if (link) return { kind: 'link', ...link };
  }
  if (typeof value === 'string') {
    if (field.type === 'date' || field.type === 'datetime') {
      return { kind: 'date', text: scalarText(value, field, format), raw: value };
    }
    if (WEB_ADDRESS.test(value)) return { kind: 'link', text: value, href: value };
    return { kind: 'text', text: value };
  }
  return { kind: 'text', text: scalarText(value, field, format) };
}

/** The full value for the record detail: text as is, JSON values spelled out. */
export function fullText(value: unknown): string {
  if (isBlank(value)) return '';
  if (typeof value === 'string') return value;
  return JSON.stringify(value, null, 2);
}
