import { Builder } from 'flatbuffers';
import type { ColumnMeta } from 'flatgeobuf';
import { Column } from 'flatgeobuf/lib/mjs/flat-geobuf/column.js';
import { ColumnType } from 'flatgeobuf/lib/mjs/flat-geobuf/column-type.js';
import { Crs } from 'flatgeobuf/lib/mjs/flat-geobuf/crs.js';
import { GeometryType } from 'flatgeobuf/lib/mjs/flat-geobuf/geometry-type.js';
import { Header } from 'flatgeobuf/lib/mjs/flat-geobuf/header.js';
import { buildFeature } from 'flatgeobuf/lib/mjs/generic/feature.js';
import { parseGC, parseGeometry } from 'flatgeobuf/lib/mjs/geojson/geometry.js';
import type { HeaderMeta } from 'flatgeobuf/lib/mjs/header-meta.js';
import type { ExportColumn, ExportContext, RecordExportFormat } from '../types';
import { columnTitle, geometryColumn, projectedGeometry } from './geo-values';

/*
 * FlatGeobuf (v2.1 `fgb`), written with the `flatgeobuf` library's header and feature builders so that
 * the file streams: the header says the number of features is unknown (0) and carries no spatial index,
 * as the format allows, and each record becomes one size-prefixed feature as it comes from the engine.
 * Records without a geometry are left out (a FlatGeobuf feature has one). Geometries are projected to
 * `epsg`, which the header names.
 */

/** The magic bytes of FlatGeobuf 3 (`fgb\x03fgb\x00`). */
const MAGIC = new Uint8Array([0x66, 0x67, 0x62, 0x03, 0x66, 0x67, 0x62, 0x00]);

function columnType(c: ExportColumn): ColumnType {
  if (c.multivalued) return ColumnType.Json;
  switch (c.type) {
    case 'int':
      return ColumnType.Long;
    case 'double':
      return ColumnType.Double;
    case 'boolean':
      return ColumnType.Bool;
    case 'datetime':
    case 'date':
      return ColumnType.DateTime;
    case 'text':
      return ColumnType.String;
    default:
      return ColumnType.Json;
  }
}

function columnMeta(name: string, type: ColumnType): ColumnMeta {
  return {
    name,
    type,
    title: null,
    description: null,
    width: -1,
    precision: -1,
    scale: -1,
    nullable: true,
    unique: false,
    primary_key: false,
  };
}

/** A property value in the column's type; null when absent. */
function propertyValue(type: ColumnType, value: unknown): unknown {
  if (value === null || value === undefined) return null;
  if (type === ColumnType.Long) return Number.isSafeInteger(Number(value)) ? Number(value) : null;
  if (type === ColumnType.Double) return Number(value);
  if (type === ColumnType.Bool) return value === true ? 1 : 0;
  if (type === ColumnType.String || type === ColumnType.DateTime) return String(value);
  return value;
}

/**
 * The size-prefixed header table, written with the format's generated schema code. Readers view the
 * features' coordinates as Float64Arrays over the file, so features must start at a multiple of 8 bytes:
 * the header's length is brought to one by padding its description.
 */
function headerBytes(columns: readonly ColumnMeta[], epsg: number, title: string | null): Uint8Array {
  let bytes: Uint8Array = new Uint8Array();
  for (let pad = 0; pad < 8; pad++) {
    const b = new Builder(1024);
    const cols = columns.map((c) => {
      const name = b.createString(c.name);
      Column.startColumn(b);
      Column.addName(b, name);
      Column.addType(b, c.type);
      return Column.endColumn(b);
    });
    const columnsVector = Header.createColumnsVector(b, cols);
    const name = b.createString('Layer1');
    const titleOffset = title ? b.createString(title) : 0;
    const description = pad > 0 ? b.createString(' '.repeat(pad)) : 0;
    Crs.startCrs(b);
    Crs.addCode(b, epsg);
    const crs = Crs.endCrs(b);
    Header.startHeader(b);
    Header.addName(b, name);
    Header.addGeometryType(b, GeometryType.Unknown);
    Header.addColumns(b, columnsVector);
    Header.addFeaturesCount(b, BigInt(0));
    Header.addIndexNodeSize(b, 0);
    Header.addCrs(b, crs);
    if (titleOffset) Header.addTitle(b, titleOffset);
    if (description) Header.addDescription(b, description);
    b.finishSizePrefixed(Header.endHeader(b));
    bytes = b.asUint8Array();
    if ((MAGIC.length + bytes.length) % 8 === 0) break;
  }
  return bytes;
}

async function* writeFgb(context: ExportContext): AsyncIterable<Uint8Array> {
  const geo = geometryColumn(context.columns);
  const others = context.columns.filter((c) => c !== geo);
  const types = others.map(columnType);
  const header: HeaderMeta = {
    geometryType: GeometryType.Unknown,
    columns: others.map((c, i) => columnMeta(columnTitle(context, c), types[i]!)),
    envelope: null,
    featuresCount: 0,
    indexNodeSize: 0,
    crs: null,
    title: context.dataset.title ?? null,
    description: null,
    metadata: null,
  };
  yield MAGIC;
  yield headerBytes(header.columns ?? [], context.epsg, header.title);
  for await (const batch of context.records) {
    const parts: Uint8Array[] = [];
    for (const record of batch) {
      const geometry = geo ? projectedGeometry(context, record.fields[geo.name]) : null;
      if (!geometry) continue;
      const properties: Record<string, unknown> = {};
      others.forEach((c, i) => {
        properties[columnTitle(context, c)] = propertyValue(types[i]!, record.fields[c.name]);
      });
      const parsed =
        geometry.type === 'GeometryCollection'
          ? parseGC(geometry as unknown as Parameters<typeof parseGC>[0])
          : parseGeometry(geometry as unknown as Parameters<typeof parseGeometry>[0]);
      parts.push(buildFeature(parsed, properties as Parameters<typeof buildFeature>[1], header));
    }
    if (parts.length > 0) yield Buffer.concat(parts);
  }
}

export const fgb: RecordExportFormat = {
  format: 'fgb',
  extension: 'fgb',
  // As the real service labels it, charset included though the file is binary (conformance capture 10).
  mediaType: 'application/octet-stream; charset=utf-8',
  versions: ['2.1'],
  write: writeFgb,
};
