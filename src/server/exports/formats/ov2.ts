import type { Geometry, Position } from '../../../odsql';
import type { ExportContext, RecordExportFormat } from '../types';
import { geometryColumn, geometryOf, textValue } from './geo-values';

/*
 * TomTom OV2 (v2.1 `ov2`): a sequence of "simple POI" records (type 2): the type byte, the record's
 * length (32-bit little-endian, the whole record), longitude and latitude in hundred-thousandths of a
 * degree (32-bit little-endian signed), then the name, NUL-terminated. A POI is a point: shapes give the
 * centre of their bounding box. Names are the record's text values joined by ` - ` (UTF-8). OV2 has no
 * projection: coordinates are WGS 84 whatever `epsg` says.
 */

function positions(g: Geometry): Position[] {
  switch (g.type) {
    case 'Point':
      return [g.coordinates];
    case 'MultiPoint':
    case 'LineString':
      return [...g.coordinates];
    case 'MultiLineString':
    case 'Polygon':
      return g.coordinates.flat();
    case 'MultiPolygon':
      return g.coordinates.flat(2);
    case 'GeometryCollection':
      return g.geometries.flatMap(positions);
  }
}

/** The point a POI stands at: the point itself, else the centre of the shape's bounding box. */
export function poiPosition(g: Geometry): Position | undefined {
  if (g.type === 'Point') return g.coordinates;
  const ps = positions(g);
  if (ps.length === 0) return undefined;
  const xs = ps.map((p) => p[0]);
  const ys = ps.map((p) => p[1]);
  return [(Math.min(...xs) + Math.max(...xs)) / 2, (Math.min(...ys) + Math.max(...ys)) / 2];
}

export function ov2Record(lon: number, lat: number, name: string): Buffer {
  // A NUL inside the name would end it early.
  const text = Buffer.from(name.replaceAll('\u0000', ' '), 'utf8');
  const record = Buffer.alloc(13 + text.length + 1);
  record.writeUInt8(2, 0);
  record.writeUInt32LE(record.length, 1);
  record.writeInt32LE(Math.round(lon * 100_000), 5);
  record.writeInt32LE(Math.round(lat * 100_000), 9);
  text.copy(record, 13);
  return record;
}

async function* writeOv2(context: ExportContext): AsyncIterable<Uint8Array> {
  const geo = geometryColumn(context.columns);
  const named = context.columns.filter((c) => c.type === 'text');
  for await (const batch of context.records) {
    const parts: Buffer[] = [];
    for (const record of batch) {
      const geometry = geo ? geometryOf(record.fields[geo.name]) : null;
      const at = geometry ? poiPosition(geometry) : undefined;
      if (!at) continue;
      const name = named
        .map((c) => textValue(record.fields[c.name]))
        .filter((v): v is string => v !== null && v !== '')
        .join(' - ');
      parts.push(ov2Record(at[0], at[1], name || (record.id ?? '')));
    }
    if (parts.length > 0) yield Buffer.concat(parts);
  }
}

export const ov2: RecordExportFormat = {
  format: 'ov2',
  extension: 'ov2',
  mediaType: 'application/octet-stream',
  versions: ['2.1'],
  write: writeOv2,
};
