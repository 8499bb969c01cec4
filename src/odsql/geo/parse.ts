import { parseGeoJson } from './geojson';
import { GeometryLiteralError, MAX_LITERAL_LENGTH } from './literal-checks';
import type { Geometry } from './types';
import { parseWkb, WKB_HEX } from './wkb';
import { parseWkt } from './wkt';

export type GeometryParseResult =
  | { readonly ok: true; readonly geometry: Geometry }
  | { readonly ok: false; readonly message: string; readonly offset: number };

/**
 * Reads the body of an ODSQL `geom'…'` literal: WKT/EWKT, a GeoJSON geometry or Feature, or hex
 * (E)WKB. Coordinates are lon lat in WGS 84. Never throws: any input, however hostile, gives a result;
 * `offset` is the 0-based index in `text` where the problem lies (messages quote the same index).
 */
export function parseGeometryLiteral(text: string): GeometryParseResult {
  if (text.length > MAX_LITERAL_LENGTH) {
    const message = `Geometry literal is too long: more than ${MAX_LITERAL_LENGTH} characters`;
    return { ok: false, message, offset: 0 };
  }
  const start = text.search(/\S/);
  if (start < 0) return { ok: false, message: 'Geometry literal is empty', offset: 0 };
  try {
    return { ok: true, geometry: readerFor(text, start)(text) };
  } catch (error) {
    if (error instanceof GeometryLiteralError) {
      return { ok: false, message: error.message, offset: error.offset };
    }
    // Only resource exhaustion can get here (the readers bound nesting and size, but memory is finite).
    return { ok: false, message: 'Geometry literal could not be read', offset: start };
  }
}

/** JSON starts with a bracket, WKB is nothing but hex digits, and everything else is taken for WKT. */
function readerFor(text: string, start: number): (text: string) => Geometry {
  const first = text[start];
  if (first === '{' || first === '[') return parseGeoJson;
  return WKB_HEX.test(text) ? parseWkb : parseWkt;
}
