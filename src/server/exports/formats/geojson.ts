import type { Geometry } from '../../../odsql';
import type { ExportColumn, ExportContext, ExportRecord } from '../types';

/** The geometry a record's first geo column gives, projected; null when it has none. */
export function recordGeometry(context: ExportContext, geo: ExportColumn | undefined, record: ExportRecord) {
  const value = geo ? record.fields[geo.name] : null;
  if (value === null || value === undefined || typeof value !== 'object') return null;
  const geometry: Geometry =
    geo!.type === 'geo_point_2d'
      ? { type: 'Point', coordinates: [(value as { lon: number }).lon, (value as { lat: number }).lat] }
      : (value as { geometry: Geometry }).geometry;
  return context.project(geometry);
}

/** v2.0 writes datetimes as epoch milliseconds; v2.1 keeps ISO text. */
function property(context: ExportContext, column: ExportColumn, value: unknown): unknown {
  if (context.version === '2.0' && column.type === 'datetime' && typeof value === 'string') {
    return Date.parse(value);
  }
  return value;
}

async function* writeGeojson(context: ExportContext) {
  const geo = context.columns.find((c) => c.type === 'geo_point_2d' || c.type === 'geo_shape');
  const others = context.columns.filter((c) => c !== geo);
  yield '{"type":"FeatureCollection","features":[';
  let first = true;
  for await (const batch of context.records) {
    const features = batch.map((record) => {
      const properties: Record<string, unknown> = {};
      for (const c of others) {
        properties[context.useLabels ? c.label : c.name] = property(context, c, record.fields[c.name]);
      }
      return JSON.stringify({
        type: 'Feature',
        geometry: recordGeometry(context, geo, record),
        properties,
      });
    });
    if (features.length === 0) continue;
    yield `${first ? '\n' : ',\n'}${features.join(',\n')}`;
    first = false;
  }
  yield ']}\n';
}

export const geojson = {
  format: 'geojson',
  extension: 'geojson',
  mediaType: 'application/geo+json; charset=utf-8',
  versions: ['2.0', '2.1'],
  write: writeGeojson,
} as const;
