import {
  checkedPosition,
  checkLineString,
  checkNesting,
  checkRing,
  checkSrid,
  EMPTY_GEOMETRY_MESSAGE,
  excerpt,
  GeometryLiteralError,
  PositionBudget,
} from './literal-checks';
import type { Geometry, Position } from './types';

/*
 * Reader for (E)WKT. Throws GeometryLiteralError; parseGeometryLiteral catches it.
 * Accepted: the seven OGC simple-feature types, any case, with optional Z / M / ZM written apart
 * (`POINT Z (1 2 3)`) or glued (`POINTZ(1 2 3)`), and an optional EWKT `SRID=4326;` prefix.
 * Extra ordinates are read and dropped: geometry fields are 2D.
 */

type GeometryType = Geometry['type'];

const TYPES: Readonly<Record<string, GeometryType>> = {
  POINT: 'Point',
  LINESTRING: 'LineString',
  POLYGON: 'Polygon',
  MULTIPOINT: 'MultiPoint',
  MULTILINESTRING: 'MultiLineString',
  MULTIPOLYGON: 'MultiPolygon',
  GEOMETRYCOLLECTION: 'GeometryCollection',
};

/** How many ordinates a position has: declared by Z/M/ZM, or free (2 to 4) when nothing is declared. */
type Ordinates = { readonly min: number; readonly max: number };
const FREE: Ordinates = { min: 2, max: 4 };
const DIMENSIONS: Readonly<Record<string, Ordinates>> = {
  Z: { min: 3, max: 3 },
  M: { min: 3, max: 3 },
  ZM: { min: 4, max: 4 },
};

const NUMBER = /[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?/y;
const WORD = /[A-Za-z]+/y;
const SRID_PREFIX = /\s*SRID\s*=\s*/iy;
const INTEGER = /[+-]?\d+/y;

export function parseWkt(text: string): Geometry {
  return new WktReader(text).read();
}

class WktReader {
  private pos = 0;
  private readonly budget = new PositionBudget();

  constructor(private readonly text: string) {}

  read(): Geometry {
    this.readSrid();
    const geometry = this.readTagged(0);
    this.skipSpace();
    if (this.pos < this.text.length) this.fail('unexpected text');
    return geometry;
  }

  private readSrid(): void {
    SRID_PREFIX.lastIndex = 0;
    if (!SRID_PREFIX.test(this.text)) return;
    this.pos = SRID_PREFIX.lastIndex;
    const start = this.pos;
    const digits = this.match(INTEGER);
    if (digits === null) this.fail('expected an SRID number');
    checkSrid(Number(digits), start);
    this.skipSpace();
    this.expect(';');
  }

  private readTagged(depth: number): Geometry {
    this.skipSpace();
    const start = this.pos;
    checkNesting(depth, start);
    const word = this.match(WORD);
    if (word === null) this.fail('expected a geometry type');
    const { type, ordinates: glued } = resolveType(word.toUpperCase(), start);
    let ordinates = glued;
    const dimStart = this.skipSpace();
    const next = this.peekWord();
    if (next !== undefined && next !== 'EMPTY') {
      const declared = DIMENSIONS[next];
      if (!declared || glued !== FREE) this.fail("expected '('", dimStart);
      this.match(WORD);
      ordinates = declared;
    }
    switch (type) {
      case 'Point':
        return { type, coordinates: this.readPointBody(ordinates) };
      case 'LineString':
        return { type, coordinates: this.readLineBody(ordinates) };
      case 'Polygon':
        return { type, coordinates: this.readPolygonBody(ordinates) };
      case 'MultiPoint':
        return { type, coordinates: this.readList(() => this.readMultiPointItem(ordinates)) };
      case 'MultiLineString':
        return { type, coordinates: this.readList(() => this.readLineBody(ordinates)) };
      case 'MultiPolygon':
        return { type, coordinates: this.readList(() => this.readPolygonBody(ordinates)) };
      case 'GeometryCollection':
        return { type, geometries: this.readList(() => this.readTagged(depth + 1)) };
    }
  }

  private readPointBody(ordinates: Ordinates): Position {
    this.open();
    const position = this.readPosition(ordinates);
    this.expect(')');
    return position;
  }

  private readLineBody(ordinates: Ordinates): Position[] {
    const start = this.skipSpace();
    const line = this.readList(() => this.readPosition(ordinates));
    checkLineString(line, start);
    return line;
  }

  private readPolygonBody(ordinates: Ordinates): Position[][] {
    return this.readList(() => {
      const start = this.skipSpace();
      const ring = this.readList(() => this.readPosition(ordinates));
      checkRing(ring, start);
      return ring;
    });
  }

  /** MULTIPOINT takes both `(1 2, 3 4)` and `((1 2), (3 4))`, mixed if need be. */
  private readMultiPointItem(ordinates: Ordinates): Position {
    this.skipSpace();
    return this.text[this.pos] === '(' ? this.readPointBody(ordinates) : this.readPosition(ordinates);
  }

  /** `( item , item … )` with at least one item. */
  private readList<T>(item: () => T): T[] {
    this.open();
    const items = [item()];
    for (;;) {
      this.skipSpace();
      if (this.text[this.pos] === ',') {
        this.pos += 1;
        items.push(item());
      } else {
        this.expect(')');
        return items;
      }
    }
  }

  private readPosition(ordinates: Ordinates): Position {
    const start = this.skipSpace();
    const values: number[] = [];
    for (;;) {
      this.skipSpace();
      const numberStart = this.pos;
      const token = this.match(NUMBER);
      if (token === null) {
        if (values.length >= ordinates.min) break;
        if (this.peekWord() === 'EMPTY') throw new GeometryLiteralError(EMPTY_GEOMETRY_MESSAGE, this.pos);
        this.fail('expected a number');
      }
      const value = Number(token);
      if (!Number.isFinite(value)) {
        throw new GeometryLiteralError(`Coordinate is not a finite number: ${excerpt(token)}`, numberStart);
      }
      values.push(value);
      const after = this.text[this.pos];
      if (after !== undefined && !/[\s,)]/.test(after)) this.fail('unexpected text after a number');
      if (values.length > ordinates.max)
        this.fail(`expected at most ${ordinates.max} ordinates`, numberStart);
    }
    this.budget.take(start);
    return checkedPosition(values[0] ?? Number.NaN, values[1] ?? Number.NaN, start);
  }

  /** An opening parenthesis, or the EMPTY keyword which is refused with its own message. */
  private open(): void {
    this.skipSpace();
    if (this.peekWord() === 'EMPTY') throw new GeometryLiteralError(EMPTY_GEOMETRY_MESSAGE, this.pos);
    this.expect('(');
  }

  private expect(char: string): void {
    this.skipSpace();
    if (this.text[this.pos] !== char) this.fail(`expected '${char}'`);
    this.pos += 1;
  }

  private peekWord(): string | undefined {
    WORD.lastIndex = this.pos;
    return WORD.exec(this.text)?.[0].toUpperCase();
  }

  private match(pattern: RegExp): string | null {
    pattern.lastIndex = this.pos;
    const found = pattern.exec(this.text);
    if (!found) return null;
    this.pos = pattern.lastIndex;
    return found[0];
  }

  /** Skips white space and returns the new position. */
  private skipSpace(): number {
    while (this.pos < this.text.length && /\s/.test(this.text[this.pos] ?? '')) this.pos += 1;
    return this.pos;
  }

  private fail(what: string, at = this.pos): never {
    throw new GeometryLiteralError(`Invalid WKT: ${what} at position ${at}`, at);
  }
}

/** Splits `POINTZ`-style words into their type and glued dimension. */
function resolveType(word: string, offset: number): { type: GeometryType; ordinates: Ordinates } {
  const exact = TYPES[word];
  if (exact) return { type: exact, ordinates: FREE };
  for (const suffix of ['ZM', 'Z', 'M']) {
    const base = TYPES[word.slice(0, -suffix.length)];
    const ordinates = DIMENSIONS[suffix];
    if (word.endsWith(suffix) && base && ordinates) return { type: base, ordinates };
  }
  throw new GeometryLiteralError(`Unsupported geometry type: ${excerpt(word)}`, offset);
}
