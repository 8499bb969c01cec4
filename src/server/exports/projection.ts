import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import proj4, { type Converter } from 'proj4';
import type { Geometry, Position } from '../../odsql';
import { invalidParameter } from '../errors';

/*
 * `epsg`: geometries are stored in WGS 84 and projected on the way out. Definitions come from
 * `epsg-index` (one small file per code, read on first use), transformations from proj4.
 */

const WGS84 = 4326;
const definitionsDir = join(dirname(createRequire(import.meta.url).resolve('epsg-index/package.json')), 's');
const converters = new Map<number, Converter | null>();

function converter(epsg: number): Converter | null {
  if (converters.has(epsg)) return converters.get(epsg)!;
  let found: Converter | null = null;
  try {
    const definition = JSON.parse(readFileSync(join(definitionsDir, `${epsg}.json`), 'utf8')) as {
      proj4?: string | null;
    };
    // A definition that shifts its datum through a grid file (`+nadgrids=…`) cannot be used: no grid
    // file ships here, and proj4 would then turn every coordinate into NaN.
    if (
      typeof definition.proj4 === 'string' &&
      definition.proj4 !== '' &&
      !/\+nadgrids=(?!@null\b)/.test(definition.proj4)
    )
      found = proj4('EPSG:4326', definition.proj4);
  } catch {
    // Unknown code: reported by the caller.
  }
  converters.set(epsg, found);
  return found;
}

function mapGeometry(geometry: Geometry, at: (p: Position) => Position): Geometry {
  switch (geometry.type) {
    case 'Point':
      return { type: 'Point', coordinates: at(geometry.coordinates) };
    case 'MultiPoint':
    case 'LineString':
      return { type: geometry.type, coordinates: geometry.coordinates.map(at) };
    case 'MultiLineString':
    case 'Polygon':
      return { type: geometry.type, coordinates: geometry.coordinates.map((line) => line.map(at)) };
    case 'MultiPolygon':
      return {
        type: 'MultiPolygon',
        coordinates: geometry.coordinates.map((poly) => poly.map((r) => r.map(at))),
      };
    case 'GeometryCollection':
      return { type: 'GeometryCollection', geometries: geometry.geometries.map((g) => mapGeometry(g, at)) };
  }
}

/** Projects WGS 84 geometries into `epsg`; a code proj4 cannot use is a 400. */
export function projection(epsg: number): (geometry: Geometry) => Geometry {
  if (epsg === WGS84) return (geometry) => geometry;
  const convert = converter(epsg);
  if (!convert)
    throw invalidParameter(
      'epsg',
      String(epsg),
      'an EPSG code of a supported coordinate reference system (one whose datum needs no grid file)',
    );
  const at = (p: Position): Position => {
    const [x, y] = convert.forward([p[0], p[1]]);
    return [x as number, y as number];
  };
  return (geometry) => mapGeometry(geometry, at);
}
