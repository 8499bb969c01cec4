import { appLocale } from '../i18n/locale';
import { t } from '../i18n/setup';

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

// Five decimals is about a metre; no grouping (a coordinate has no thousands), no "-0".
const degrees = new Map<string, Intl.NumberFormat>();
function degreeFormat(locale: string): Intl.NumberFormat {
  let format = degrees.get(locale);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      maximumFractionDigits: 5,
      useGrouping: false,
      signDisplay: 'negative',
    });
    degrees.set(locale, format);
  }
  return format;
}

/**
 * A `geo_point_2d` value ({lat, lon}) as `lat, lon` in the locale's numbers, or undefined when it is not
 * one. Where the decimal separator is a comma, a comma between the two would read as one more decimal:
 * French writes `33,64044 ; -84,42694`.
 */
export function formatGeoPoint(value: unknown, locale = appLocale()): string | undefined {
  if (!isRecord(value) || typeof value.lat !== 'number' || typeof value.lon !== 'number') return undefined;
  const format = degreeFormat(locale);
  const lat = format.format(value.lat);
  const lon = format.format(value.lon);
  const decimalComma = format.formatToParts(0.5).some((p) => p.type === 'decimal' && p.value === ',');
  return decimalComma ? `${lat}\u202f; ${lon}` : `${lat}, ${lon}`;
}

function countPositions(coordinates: unknown): number {
  if (!Array.isArray(coordinates)) return 0;
  if (coordinates.length > 0 && typeof coordinates[0] === 'number') return 1;
  let total = 0;
  for (const part of coordinates) total += countPositions(part);
  return total;
}

/**
 * A `geo_shape` value (GeoJSON geometry or Feature) summed up in the reader's language: `Polygon (112
 * points)`, `Polygone (112 points)`.
 */
export function describeShape(value: unknown): string | undefined {
  const geometry = isRecord(value) && value.type === 'Feature' ? value.geometry : value;
  if (!isRecord(geometry) || typeof geometry.type !== 'string') return undefined;
  const type = t(`shape.types.${geometry.type}`, { defaultValue: geometry.type });
  if (geometry.type === 'GeometryCollection') {
    const count = Array.isArray(geometry.geometries) ? geometry.geometries.length : 0;
    return t('shape.geometries', { type, count });
  }
  return t('shape.points', { type, count: countPositions(geometry.coordinates) });
}
