import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/*
 * The .prj of a shapefile: the coordinate system's WKT. ESRI's dialect when ESRI knows the code (what
 * ArcGIS writes and expects; GDAL and QGIS read it too), else the OGC WKT of `epsg-index`. Both packages
 * are large, so they are read on the first shapefile export, not at start-up.
 */

const require = createRequire(import.meta.url);
const known = new Map<number, string | null>();

interface EsriCodes {
  lookup(code: number): { readonly wkt?: string } | undefined;
}

function esriWkt(epsg: number): string | undefined {
  const codes = require('@esri/proj-codes') as EsriCodes;
  return codes.lookup(epsg)?.wkt;
}

function ogcWkt(epsg: number): string | undefined {
  try {
    const dir = join(dirname(require.resolve('epsg-index/package.json')), 's');
    const definition = JSON.parse(readFileSync(join(dir, `${epsg}.json`), 'utf8')) as { wkt?: unknown };
    return typeof definition.wkt === 'string' && definition.wkt !== '' ? definition.wkt : undefined;
  } catch {
    return undefined;
  }
}

/** The WKT of an EPSG code, or null when neither source has it (the zip then has no .prj). */
export function prjWkt(epsg: number): string | null {
  if (!known.has(epsg)) known.set(epsg, esriWkt(epsg) ?? ogcWkt(epsg) ?? null);
  return known.get(epsg) ?? null;
}
