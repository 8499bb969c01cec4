import type { Position } from './types';

/*
 * Rules shared by the three geometry literal readers (WKT, GeoJSON, WKB), so that the same geometry is
 * accepted or refused the same way whatever its encoding. Readers throw GeometryLiteralError and
 * parseGeometryLiteral turns it into a result; nothing here escapes the parse module.
 */

/** Most positions a literal may hold: bounds the work a single request can cause. */
export const MAX_POSITIONS = 100_000;
/** Deepest nesting of geometry collections (WKT, WKB) or JSON containers (GeoJSON). */
export const MAX_NESTING = 32;
/** Longest literal read at all; far above what MAX_POSITIONS allows in any encoding. */
export const MAX_LITERAL_LENGTH = 20_000_000;

export const EMPTY_GEOMETRY_MESSAGE =
  'Empty geometries are not supported: a filter against an empty geometry is meaningless';

export class GeometryLiteralError extends Error {
  constructor(
    message: string,
    readonly offset: number,
  ) {
    super(message);
  }
}

/** Counts positions across a whole literal so that no encoding can exceed MAX_POSITIONS. */
export class PositionBudget {
  private used = 0;

  take(offset: number): void {
    this.used += 1;
    if (this.used > MAX_POSITIONS) {
      throw new GeometryLiteralError(`Geometry is too large: more than ${MAX_POSITIONS} positions`, offset);
    }
  }
}

/** Checks one coordinate pair (lon lat) and returns it as a Position. */
export function checkedPosition(x: number, y: number, offset: number): Position {
  if (!Number.isFinite(x)) throw new GeometryLiteralError(`Coordinate is not a finite number: ${x}`, offset);
  if (!Number.isFinite(y)) throw new GeometryLiteralError(`Coordinate is not a finite number: ${y}`, offset);
  if (x < -180 || x > 180) {
    throw new GeometryLiteralError(`Invalid longitude: ${x} (must be between -180 and 180)`, offset);
  }
  if (y < -90 || y > 90) {
    throw new GeometryLiteralError(`Invalid latitude: ${y} (must be between -90 and 90)`, offset);
  }
  return [x, y];
}

export function checkLineString(positions: readonly Position[], offset: number): void {
  if (positions.length < 2) {
    throw new GeometryLiteralError('A linestring needs at least 2 positions', offset);
  }
}

/** Rings must be closed as written: silently closing them would hide a truncated or mistyped literal. */
export function checkRing(ring: readonly Position[], offset: number): void {
  if (ring.length < 4) throw new GeometryLiteralError('A polygon ring needs at least 4 positions', offset);
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (!first || !last || first[0] !== last[0] || first[1] !== last[1]) {
    throw new GeometryLiteralError(
      'A polygon ring must be closed (its first and last positions must be equal)',
      offset,
    );
  }
}

export function checkNesting(depth: number, offset: number): void {
  if (depth > MAX_NESTING) {
    throw new GeometryLiteralError(`Geometry is nested too deeply: more than ${MAX_NESTING} levels`, offset);
  }
}

/** Spatial reference ids meaning WGS 84 lon/lat, the only reference system geometry fields use. */
export function checkSrid(srid: number, offset: number): void {
  if (srid !== 4326) {
    throw new GeometryLiteralError(`Unsupported SRID: ${srid} (only 4326 is accepted)`, offset);
  }
}

/** Quotes at most a few dozen characters of user text in a message. */
export function excerpt(text: string): string {
  return text.length > 40 ? `${text.slice(0, 40)}…` : text;
}
