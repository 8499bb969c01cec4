import { write as writeShapes } from '@mapbox/shp-write';
import { type DbfField, structure } from 'dbf';
import JSZip from 'jszip';
import type { Geometry, Position } from '../../../odsql';
import { ApiError } from '../../errors';
import type { ExportColumn, ExportContext, RecordExportFormat } from '../types';
import { geometryColumn, projectedGeometry, signedArea, textValue } from './geo-values';
import { prjWkt } from './shp-prj';

/*
 * ESRI Shapefile: a zip of .shp .shx .dbf .prj .cpg per geometry kind (points, lines, polygons; records
 * without a geometry, or whose geometry a shapefile cannot type, in a set of null shapes). Geometries are
 * projected into `epsg` and the .prj is the WKT of that code (shp-prj). Shapes and attributes go through
 * @mapbox/shp-write and dbf; attribute text is UTF-8 (said by the .cpg).
 *
 * A shapefile states its size and extent before its records, so the file is built in memory once every
 * record has arrived: exports are bounded to MAX_SHP_RECORDS records (ask fewer with where or limit).
 */

export const MAX_SHP_RECORDS = 200_000;
const tooManyRecords = (): ApiError =>
  new ApiError(
    'InvalidRESTParameterError',
    `A shapefile export holds at most ${MAX_SHP_RECORDS} records: narrow it with where, refine or limit.`,
  );
/** Longest DBF text value, in bytes. */
const DBF_TEXT_BYTES = 254;

type Kind = 'point' | 'line' | 'polygon' | 'null';
type ShapeType = 'POINT' | 'POLYLINE' | 'POLYGON';

const SHAPE_TYPES: Readonly<Record<Exclude<Kind, 'null'>, ShapeType>> = {
  point: 'POINT',
  line: 'POLYLINE',
  polygon: 'POLYGON',
};

interface Layer {
  readonly rows: Record<string, unknown>[];
  readonly shapes: unknown[];
}

function kindOf(g: Geometry | null): Kind {
  if (!g) return 'null';
  if (g.type === 'Point') return 'point';
  if (g.type === 'LineString' || g.type === 'MultiLineString') return 'line';
  if (g.type === 'Polygon' || g.type === 'MultiPolygon') return 'polygon';
  // MultiPoint and collections have no shape type here: the record keeps its attributes, without shape.
  return 'null';
}

/** Shapefile rings: outer rings clockwise, holes counter-clockwise. */
function orient(rings: readonly (readonly Position[])[]): Position[][] {
  return rings.map((ring, i) => {
    const clockwise = signedArea(ring) < 0;
    return clockwise === (i === 0) ? [...ring] : [...ring].reverse();
  });
}

/** Coordinates as shp-write reads them for each shape type. */
function shapeOf(g: Geometry): unknown {
  switch (g.type) {
    case 'Point':
      return g.coordinates;
    case 'LineString':
      return [g.coordinates];
    case 'MultiLineString':
      return g.coordinates;
    case 'Polygon':
      return orient(g.coordinates);
    case 'MultiPolygon':
      return g.coordinates.map(orient);
    default:
      return null;
  }
}

/** DBF field names: at most 10 ASCII characters, unique (`name_1`… when cut names collide). */
export function dbfNames(names: readonly string[]): string[] {
  const used = new Set<string>();
  return names.map((name) => {
    const ascii = name.replace(/[^A-Za-z0-9_]/g, '_').slice(0, 10) || 'field';
    let candidate = ascii;
    for (let n = 1; used.has(candidate.toUpperCase()); n++) {
      const suffix = `_${n}`;
      candidate = ascii.slice(0, 10 - suffix.length) + suffix;
    }
    used.add(candidate.toUpperCase());
    return candidate;
  });
}

/** UTF-8 bytes cut to the DBF width without splitting a character, as a binary string for `dbf`. */
function dbfText(value: string): string {
  let bytes = Buffer.from(value, 'utf8');
  if (bytes.length > DBF_TEXT_BYTES) {
    let end = DBF_TEXT_BYTES;
    while (end > 0 && (bytes[end]! & 0xc0) === 0x80) end--;
    bytes = bytes.subarray(0, end);
  }
  return bytes.toString('latin1');
}

interface Attribute {
  readonly column: ExportColumn;
  readonly field: DbfField;
}

function attributes(context: ExportContext, geo: ExportColumn | undefined): Attribute[] {
  const columns = context.columns.filter((c) => c !== geo);
  const names = dbfNames(columns.map((c) => (context.useLabels ? c.label : c.name)));
  return columns.map((column, i) => {
    const numeric = column.type === 'int' || column.type === 'double';
    const type = numeric ? 'N' : column.type === 'boolean' ? 'L' : 'C';
    return { column, field: { name: names[i]!, type, size: type === 'N' ? 18 : 1 } };
  });
}

function dbfValue(attribute: Attribute, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (attribute.field.type === 'N' || attribute.field.type === 'L') return value;
  return dbfText(textValue(value) ?? '');
}

/** Text widths: the longest value of each text field (DBF rows have a fixed width). */
function sized(attrs: readonly Attribute[], rows: readonly Record<string, unknown>[]): DbfField[] {
  return attrs.map(({ field }) => {
    if (field.type !== 'C') return field;
    let size = 1;
    for (const row of rows) {
      const v = row[field.name];
      if (typeof v === 'string') size = Math.max(size, v.length);
    }
    return { ...field, size };
  });
}

function shapeFiles(kind: Exclude<Kind, 'null'>, layer: Layer): Promise<{ shp: DataView; shx: DataView }> {
  return new Promise((resolve, reject) => {
    writeShapes([], SHAPE_TYPES[kind], layer.shapes as object[], (error, files) => {
      if (error) reject(error instanceof Error ? error : new Error(String(error)));
      else resolve({ shp: files.shp as DataView, shx: files.shx as DataView });
    });
  });
}

/** .shp and .shx of records without shapes (shape type 0). */
function nullShapeFiles(count: number): { shp: Buffer; shx: Buffer } {
  const header = (length: number): Buffer => {
    const b = Buffer.alloc(100);
    b.writeInt32BE(9994, 0);
    b.writeInt32BE(length / 2, 24);
    b.writeInt32LE(1000, 28);
    b.writeInt32LE(0, 32);
    return b;
  };
  const shp = Buffer.concat([header(100 + count * 12), Buffer.alloc(count * 12)]);
  const shx = Buffer.concat([header(100 + count * 8), Buffer.alloc(count * 8)]);
  for (let i = 0; i < count; i++) {
    shp.writeInt32BE(i + 1, 100 + i * 12);
    shp.writeInt32BE(2, 104 + i * 12);
    shx.writeInt32BE((100 + i * 12) / 2, 100 + i * 8);
    shx.writeInt32BE(2, 104 + i * 8);
  }
  return { shp, shx };
}

const bytes = (view: DataView | Buffer): Uint8Array =>
  view instanceof Buffer ? view : new Uint8Array(view.buffer, view.byteOffset, view.byteLength);

async function* writeShp(context: ExportContext): AsyncIterable<Uint8Array> {
  const geo = geometryColumn(context.columns);
  const attrs = attributes(context, geo);
  const layers = new Map<Kind, Layer>();
  let count = 0;
  for await (const batch of context.records) {
    if (context.signal.aborted) return;
    count += batch.length;
    // Counted before the export started (bounds.ts); a `group_by` export is not.
    if (count > MAX_SHP_RECORDS) throw tooManyRecords();
    for (const record of batch) {
      const geometry = geo ? projectedGeometry(context, record.fields[geo.name]) : null;
      const kind = kindOf(geometry);
      const layer = layers.get(kind) ?? { rows: [], shapes: [] };
      layers.set(kind, layer);
      layer.rows.push(
        Object.fromEntries(attrs.map((a) => [a.field.name, dbfValue(a, record.fields[a.column.name])])),
      );
      if (kind !== 'null' && geometry) layer.shapes.push(shapeOf(geometry));
    }
  }
  if (layers.size === 0) layers.set('null', { rows: [], shapes: [] });
  const prj = prjWkt(context.epsg);
  const zip = new JSZip();
  const id = context.dataset.dataset_id;
  for (const [kind, layer] of layers) {
    const base = layers.size === 1 ? id : `${id}_${kind}`;
    const files = kind === 'null' ? nullShapeFiles(layer.rows.length) : await shapeFiles(kind, layer);
    zip.file(`${base}.shp`, bytes(files.shp));
    zip.file(`${base}.shx`, bytes(files.shx));
    zip.file(`${base}.dbf`, bytes(structure(layer.rows, sized(attrs, layer.rows))));
    zip.file(`${base}.cpg`, 'UTF-8');
    if (prj) zip.file(`${base}.prj`, prj);
  }
  yield await zip.generateAsync({ type: 'uint8array', compression: 'DEFLATE' });
}

export const shp: RecordExportFormat = {
  format: 'shp',
  extension: 'zip',
  mediaType: 'application/zip',
  versions: ['2.0', '2.1'],
  write: writeShp,
  maxRecords: { records: MAX_SHP_RECORDS, error: tooManyRecords },
};
