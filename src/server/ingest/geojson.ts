import { createWriteStream } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { finished } from 'node:stream/promises';
import { feature } from 'topojson-client';
import type { Objects, Topology } from 'topojson-specification';
import {
  ELEVATION_COLUMN,
  FEATURE_ID_COLUMN,
  type FeatureSummary,
  LAT_COLUMN,
  LON_COLUMN,
  SHAPE_COLUMN,
} from '../../layout/features';
import type { Geometry, Position } from '../../odsql';
import { normalizeGeometry } from '../../odsql';

/*
 * GeoJSON and TopoJSON sources are read here, in JavaScript, because their geometries must be taken apart
 * (`normalizeGeometry`) and DuckDB has no spatial extension offline. Each feature becomes one line of a
 * staging NDJSON file that DuckDB then reads like any other JSON source: the feature's properties, plus
 * the reserved columns below.
 */

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function position(value: unknown): Position | undefined {
  if (!Array.isArray(value) || value.length < 2) return undefined;
  const [x, y] = value;
  return typeof x === 'number' && typeof y === 'number' && Number.isFinite(x) && Number.isFinite(y)
    ? [x, y]
    : undefined;
}

function positions(value: unknown): Position[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const result: Position[] = [];
  for (const item of value) {
    const p = position(item);
    if (!p) return undefined;
    result.push(p);
  }
  return result;
}

function nested<T>(value: unknown, inner: (item: unknown) => T | undefined): T[] | undefined {
  if (!Array.isArray(value)) return undefined;
  const result: T[] = [];
  for (const item of value) {
    const parsed = inner(item);
    if (parsed === undefined) return undefined;
    result.push(parsed);
  }
  return result;
}

/** Checks a GeoJSON geometry, keeping two coordinates per position. `undefined` when it is not one. */
export function parseGeometry(value: unknown): Geometry | undefined {
  if (!isRecord(value)) return undefined;
  const c = value.coordinates;
  switch (value.type) {
    case 'Point': {
      const p = position(c);
      return p && { type: 'Point', coordinates: p };
    }
    case 'MultiPoint': {
      const ps = positions(c);
      return ps && { type: 'MultiPoint', coordinates: ps };
    }
    case 'LineString': {
      const ps = positions(c);
      return ps && { type: 'LineString', coordinates: ps };
    }
    case 'MultiLineString': {
      const lines = nested(c, positions);
      return lines && { type: 'MultiLineString', coordinates: lines };
    }
    case 'Polygon': {
      const rings = nested(c, positions);
      return rings && { type: 'Polygon', coordinates: rings };
    }
    case 'MultiPolygon': {
      const polygons = nested(c, (p) => nested(p, positions));
      return polygons && { type: 'MultiPolygon', coordinates: polygons };
    }
    case 'GeometryCollection': {
      const geometries = nested(value.geometries, parseGeometry);
      return geometries && { type: 'GeometryCollection', geometries };
    }
    default:
      return undefined;
  }
}

interface RawFeature {
  readonly id: unknown;
  readonly properties: Record<string, unknown>;
  readonly geometry: unknown;
}

function featuresOf(collection: unknown): RawFeature[] {
  if (isRecord(collection) && collection.type === 'Feature') return featuresOf([collection]);
  const list = Array.isArray(collection)
    ? collection
    : isRecord(collection) && collection.type === 'FeatureCollection'
      ? collection.features
      : undefined;
  if (!Array.isArray(list)) throw new Error('not a GeoJSON FeatureCollection');
  return list.map((item: unknown, index) => {
    if (!isRecord(item) || item.type !== 'Feature') throw new Error(`features[${index}] is not a Feature`);
    return {
      id: item.id,
      properties: isRecord(item.properties) ? item.properties : {},
      geometry: item.geometry,
    };
  });
}

function isTopology(value: unknown): value is Topology<Objects> {
  return isRecord(value) && value.type === 'Topology' && isRecord(value.objects) && Array.isArray(value.arcs);
}

/** Reads a GeoJSON or TopoJSON file into features. */
export async function readFeatures(
  path: string,
  format: 'geojson' | 'topojson',
  topojsonObject: string | undefined,
): Promise<RawFeature[]> {
  const document: unknown = JSON.parse(await readFile(path, 'utf8'));
  if (format === 'geojson') return featuresOf(document);
  if (!isTopology(document)) throw new Error('not a TopoJSON topology');
  const names = Object.keys(document.objects);
  const name = topojsonObject ?? names[0];
  const object = name === undefined ? undefined : document.objects[name];
  if (!object) {
    throw new Error(`no TopoJSON object "${String(name)}" (objects: ${names.join(', ') || 'none'})`);
  }
  return featuresOf(feature(document, object));
}

/** The staging line of one feature. */
function featureLine(raw: RawFeature, where: string): { line: string; point: boolean | undefined } {
  const row: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(raw.properties)) if (!key.startsWith('@')) row[key] = value;
  row[FEATURE_ID_COLUMN] = raw.id === undefined || raw.id === null ? null : String(raw.id);
  row[SHAPE_COLUMN] = null;
  row[LAT_COLUMN] = null;
  row[LON_COLUMN] = null;
  row[ELEVATION_COLUMN] = null;
  let point: boolean | undefined;
  if (raw.geometry !== null && raw.geometry !== undefined) {
    const geometry = parseGeometry(raw.geometry);
    if (!geometry) throw new Error(`${where}: invalid geometry`);
    const shape = normalizeGeometry(geometry);
    row[SHAPE_COLUMN] = JSON.stringify({ geojson: JSON.stringify(raw.geometry), ...shape });
    point = geometry.type === 'Point';
    const [lon, lat] =
      geometry.type === 'Point'
        ? geometry.coordinates
        : [(shape.minx + shape.maxx) / 2, (shape.miny + shape.maxy) / 2];
    row[LAT_COLUMN] = Number.isFinite(lat) ? lat : null;
    row[LON_COLUMN] = Number.isFinite(lon) ? lon : null;
    const coordinates = isRecord(raw.geometry) ? raw.geometry.coordinates : undefined;
    const z = geometry.type === 'Point' && Array.isArray(coordinates) ? coordinates[2] : undefined;
    row[ELEVATION_COLUMN] = typeof z === 'number' ? z : null;
  }
  return { line: `${JSON.stringify(row)}\n`, point };
}

/** Writes the features as staging NDJSON at `target`. */
export async function writeFeatureLines(
  features: readonly RawFeature[],
  target: string,
): Promise<FeatureSummary> {
  const out = createWriteStream(target, { encoding: 'utf8' });
  let withGeometry = 0;
  let allPoints = true;
  try {
    for (const [index, raw] of features.entries()) {
      const { line, point } = featureLine(raw, `features[${index}]`);
      if (point !== undefined) {
        withGeometry++;
        allPoints &&= point;
      }
      if (!out.write(line)) await new Promise<void>((resolve) => out.once('drain', () => resolve()));
    }
  } finally {
    out.end();
    await finished(out);
  }
  return { features: features.length, allPoints: allPoints && withGeometry > 0, withGeometry };
}
