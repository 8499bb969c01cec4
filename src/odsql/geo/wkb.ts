import {
  checkedPosition,
  checkLineString,
  checkNesting,
  checkRing,
  checkSrid,
  EMPTY_GEOMETRY_MESSAGE,
  GeometryLiteralError,
  PositionBudget,
} from './literal-checks';
import type { Geometry, Position } from './types';

/*
 * Reader for hex-encoded WKB: ISO type codes (1000/2000/3000 for Z/M/ZM) and PostGIS EWKB flags
 * (Z, M, SRID in the high bits), either byte order, each nested geometry with its own byte order.
 * Error offsets are character offsets into the literal, two characters per byte.
 */

type GeometryType = Geometry['type'];

const BASE_TYPES: readonly (GeometryType | undefined)[] = [
  undefined,
  'Point',
  'LineString',
  'Polygon',
  'MultiPoint',
  'MultiLineString',
  'MultiPolygon',
  'GeometryCollection',
];

/** ISO type codes with no GeoJSON counterpart, named so that the error says what was given. */
const UNSUPPORTED_TYPES: Readonly<Record<number, string>> = {
  8: 'CIRCULARSTRING',
  9: 'COMPOUNDCURVE',
  10: 'CURVEPOLYGON',
  11: 'MULTICURVE',
  12: 'MULTISURFACE',
  13: 'CURVE',
  14: 'SURFACE',
  15: 'POLYHEDRALSURFACE',
  16: 'TIN',
  17: 'TRIANGLE',
};

const EWKB_Z = 0x80000000;
const EWKB_M = 0x40000000;
const EWKB_SRID = 0x20000000;
const COUNT_BYTES = 4;
const ORDINATE_BYTES = 8;

/** Hex digits of a WKB literal, optionally after `\x` (PostgreSQL bytea) or `0x`. */
export const WKB_HEX = /^\s*(?:\\x|0x)?(?:00|01)[0-9a-fA-F]*\s*$/;

export function parseWkb(text: string): Geometry {
  const start = text.search(/\S/);
  const prefixed = /^(?:\\x|0x)/.test(text.slice(start, start + 2));
  const hexStart = start + (prefixed ? 2 : 0);
  const hex = text.slice(hexStart).trimEnd();
  if (hex.length % 2 !== 0) {
    throw new GeometryLiteralError('Invalid WKB: odd number of hex digits', hexStart + hex.length - 1);
  }
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i += 1) bytes[i] = Number.parseInt(hex.slice(2 * i, 2 * i + 2), 16);
  const reader = new WkbReader(bytes, hexStart);
  const geometry = reader.geometry(0);
  reader.end();
  return geometry;
}

interface Header {
  readonly type: GeometryType;
  readonly ordinates: number;
  readonly littleEndian: boolean;
}

class WkbReader {
  private pos = 0;
  private readonly view: DataView;
  private readonly budget = new PositionBudget();

  constructor(
    private readonly bytes: Uint8Array,
    private readonly hexStart: number,
  ) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  geometry(depth: number): Geometry {
    checkNesting(depth, this.offset(this.pos));
    const { type, ordinates, littleEndian } = this.header();
    switch (type) {
      case 'Point':
        return { type, coordinates: this.position(ordinates, littleEndian, true) };
      case 'LineString':
        return { type, coordinates: this.line(ordinates, littleEndian) };
      case 'Polygon':
        return { type, coordinates: this.polygon(ordinates, littleEndian) };
      case 'MultiPoint':
        return {
          type,
          coordinates: this.parts(littleEndian, () =>
            this.part(depth, 'Point', (o, le) => this.position(o, le, true)),
          ),
        };
      case 'MultiLineString':
        return {
          type,
          coordinates: this.parts(littleEndian, () =>
            this.part(depth, 'LineString', (o, le) => this.line(o, le)),
          ),
        };
      case 'MultiPolygon':
        return {
          type,
          coordinates: this.parts(littleEndian, () =>
            this.part(depth, 'Polygon', (o, le) => this.polygon(o, le)),
          ),
        };
      case 'GeometryCollection':
        return { type, geometries: this.parts(littleEndian, () => this.geometry(depth + 1)) };
    }
  }

  end(): void {
    if (this.pos < this.bytes.length) this.fail('unexpected bytes after the geometry', this.pos);
  }

  private header(): Header {
    const orderAt = this.pos;
    this.need(1, orderAt);
    const order = this.bytes[this.pos];
    if (order !== 0 && order !== 1) this.fail('byte order must be 00 or 01', orderAt);
    this.pos += 1;
    const littleEndian = order === 1;
    const typeAt = this.pos;
    const raw = this.uint32(littleEndian);
    const code = raw & 0x0fffffff;
    const iso = Math.floor(code / 1000);
    const base = code % 1000;
    const hasZ = (raw & EWKB_Z) !== 0 || iso === 1 || iso === 3;
    const hasM = (raw & EWKB_M) !== 0 || iso === 2 || iso === 3;
    const type = BASE_TYPES[base];
    if (iso > 3 || !type) {
      const name = UNSUPPORTED_TYPES[base];
      if (iso <= 3 && name) {
        throw new GeometryLiteralError(`Unsupported geometry type: ${name}`, this.offset(typeAt));
      }
      this.fail(`unknown geometry type code ${raw >>> 0}`, typeAt);
    }
    if ((raw & EWKB_SRID) !== 0) {
      const sridAt = this.pos;
      checkSrid(this.uint32(littleEndian), this.offset(sridAt));
    }
    return { type, ordinates: 2 + (hasZ ? 1 : 0) + (hasM ? 1 : 0), littleEndian };
  }

  /** A POINT EMPTY is written as NaN coordinates; anywhere else NaN is simply not a coordinate. */
  private position(ordinates: number, littleEndian: boolean, emptyAllowed = false): Position {
    const at = this.pos;
    this.need(ordinates * ORDINATE_BYTES, at);
    const values: number[] = [];
    for (let i = 0; i < ordinates; i += 1) {
      values.push(this.view.getFloat64(this.pos, littleEndian));
      this.pos += ORDINATE_BYTES;
    }
    const [x = Number.NaN, y = Number.NaN] = values;
    if (emptyAllowed && Number.isNaN(x) && Number.isNaN(y)) {
      throw new GeometryLiteralError(EMPTY_GEOMETRY_MESSAGE, this.offset(at));
    }
    this.budget.take(this.offset(at));
    return checkedPosition(x, y, this.offset(at));
  }

  private positions(ordinates: number, littleEndian: boolean): Position[] {
    const count = this.count(littleEndian, ordinates * ORDINATE_BYTES);
    const positions: Position[] = [];
    for (let i = 0; i < count; i += 1) positions.push(this.position(ordinates, littleEndian));
    return positions;
  }

  private line(ordinates: number, littleEndian: boolean): Position[] {
    const at = this.offset(this.pos);
    const line = this.positions(ordinates, littleEndian);
    checkLineString(line, at);
    return line;
  }

  private polygon(ordinates: number, littleEndian: boolean): Position[][] {
    const count = this.count(littleEndian, COUNT_BYTES);
    const rings: Position[][] = [];
    for (let i = 0; i < count; i += 1) {
      const at = this.offset(this.pos);
      const ring = this.positions(ordinates, littleEndian);
      checkRing(ring, at);
      rings.push(ring);
    }
    return rings;
  }

  private parts<T>(littleEndian: boolean, readPart: () => T): T[] {
    // A nested geometry is at least a byte order and a type code.
    const count = this.count(littleEndian, 1 + COUNT_BYTES);
    const parts: T[] = [];
    for (let i = 0; i < count; i += 1) parts.push(readPart());
    return parts;
  }

  /** One member of a multi-geometry, which must be of the matching single type. */
  private part<T>(
    parentDepth: number,
    expected: GeometryType,
    readBody: (ordinates: number, littleEndian: boolean) => T,
  ): T {
    const start = this.pos;
    checkNesting(parentDepth + 1, this.offset(start));
    const { type, ordinates, littleEndian } = this.header();
    if (type !== expected) this.fail(`a Multi${expected} may only contain ${expected} geometries`, start);
    return readBody(ordinates, littleEndian);
  }

  /**
   * A count of items, checked against the bytes left (each item taking at least `itemBytes`) before
   * anything is allocated; zero is an empty geometry or an empty part of one.
   */
  private count(littleEndian: boolean, itemBytes: number): number {
    const at = this.pos;
    const count = this.uint32(littleEndian);
    if (count === 0) throw new GeometryLiteralError(EMPTY_GEOMETRY_MESSAGE, this.offset(at));
    if (count * itemBytes > this.bytes.length - this.pos) {
      this.fail(`count ${count} exceeds the data`, at);
    }
    return count;
  }

  private uint32(littleEndian: boolean): number {
    this.need(COUNT_BYTES, this.pos);
    const value = this.view.getUint32(this.pos, littleEndian);
    this.pos += COUNT_BYTES;
    return value;
  }

  private need(byteCount: number, at: number): void {
    if (this.pos + byteCount > this.bytes.length) this.fail('unexpected end of data', at);
  }

  private offset(bytePos: number): number {
    return this.hexStart + 2 * bytePos;
  }

  private fail(what: string, bytePos: number): never {
    const at = this.offset(bytePos);
    throw new GeometryLiteralError(`Invalid WKB: ${what} at position ${at}`, at);
  }
}
