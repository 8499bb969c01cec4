import type { Feature, FeatureCollection, Geometry } from 'geojson';
import type { DatasetRecord } from '../../api';
import { FEATURE_INDEX } from './features';
import type { GeometryField } from './map-data';

/*
 * The rows the table has loaded, as map features. Each feature's `__index` is its row's index in the
 * table (rows without a geometry are skipped, not renumbered), so a hovered row and a clicked point name
 * the same record without a second request: the map beside the table draws exactly the table's rows.
 */

const GEOMETRY_TYPES = new Set([
  'Point',
  'MultiPoint',
  'LineString',
  'MultiLineString',
  'Polygon',
  'MultiPolygon',
  'GeometryCollection',
]);

function isGeometry(value: unknown): value is Geometry {
  if (typeof value !== 'object' || value === null) return false;
  const { type } = value as { type?: unknown };
  return typeof type === 'string' && GEOMETRY_TYPES.has(type);
}

function isCoordinate(value: unknown, limit: number): value is number {
  return typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= limit;
}

/**
 * A record's value of a geometry field as GeoJSON: a `geo_point_2d` is `{lon, lat}` (v2.1), a
 * `geo_shape` a Feature (the v2.1 records list) or a bare geometry (some portals).
 */
export function valueGeometry(value: unknown, type: GeometryField['type']): Geometry | undefined {
  if (typeof value !== 'object' || value === null) return undefined;
  if (type === 'geo_point_2d') {
    const { lon, lat } = value as { lon?: unknown; lat?: unknown };
    return isCoordinate(lon, 180) && isCoordinate(lat, 90)
      ? { type: 'Point', coordinates: [lon, lat] }
      : undefined;
  }
  const candidate = (value as { type?: unknown }).type === 'Feature' ? (value as Feature).geometry : value;
  return isGeometry(candidate) ? candidate : undefined;
}

/** The loaded rows with a geometry, each numbered by its row. Properties stay small: the row holds the rest. */
export function rowFeatures(
  records: readonly DatasetRecord[],
  geometry: Pick<GeometryField, 'name' | 'type'>,
): FeatureCollection {
  const features: Feature[] = [];
  records.forEach((record, index) => {
    const shape = valueGeometry(record[geometry.name], geometry.type);
    if (shape) features.push({ type: 'Feature', geometry: shape, properties: { [FEATURE_INDEX]: index } });
  });
  return { type: 'FeatureCollection', features };
}

/**
 * A drawn feature as a record of the list under the map: its properties, and its geometry back under
 * its field's name, in the form the records API gives it (a point as `{lon, lat}`, a shape as GeoJSON),
 * so that the list shows it as the table does.
 */
export function featureRecord(
  feature: Feature,
  geometry: Pick<GeometryField, 'name' | 'type'>,
): DatasetRecord {
  const properties = (feature.properties ?? {}) as DatasetRecord;
  const shape = feature.geometry;
  if (!shape) return properties;
  const value =
    geometry.type === 'geo_point_2d' && shape.type === 'Point'
      ? { lon: shape.coordinates[0], lat: shape.coordinates[1] }
      : shape;
  return { ...properties, [geometry.name]: value };
}

/**
 * The row a click on these rows' point should bring forward: the first one, or, when the row already
 * chosen is among them, the next one (several records at one place are reached by clicking again).
 */
export function nextPickedRow(indexes: readonly number[], current: number | undefined): number | undefined {
  const sorted = [...indexes].sort((a, b) => a - b);
  if (sorted.length === 0) return undefined;
  const at = current === undefined ? -1 : sorted.indexOf(current);
  return sorted[(at + 1) % sorted.length];
}
