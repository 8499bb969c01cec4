import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { GeoJSONVT } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import type { Feature, FeatureCollection } from 'geojson';
import { feature } from 'topojson-client';
import type { Topology } from 'topojson-specification';
import { vegaDatasetsDir } from '../ingest/builtin/datapackage';
import { type ArchiveTile, writePmtiles } from './pmtiles-writer';

/*
 * A small street basemap of London in the Protomaps schema, made from data the project already has
 * (vega-datasets): the boroughs as land (`earth`), the Underground's lines as major roads (`roads`) and
 * the boroughs' centres as towns (`places`), with a French name for one of them. Cut like a real
 * extract, written as a PMTiles archive; only the tests use it.
 */

export const LONDON_BOUNDS = [-0.52, 51.28, 0.34, 51.7] as const;
export const LONDON_MAX_ZOOM = 12;
/** The one place with a `name:fr`. */
export const FRENCH_NAME = { name: 'City of London', fr: 'Cité de Londres' } as const;

const EXTENT = 4096;

async function vega<T>(file: string): Promise<T> {
  return JSON.parse(await readFile(join(vegaDatasetsDir(), 'data', file), 'utf8')) as T;
}

const collection = (features: Feature[]): FeatureCollection => ({ type: 'FeatureCollection', features });

async function layers(): Promise<Record<string, FeatureCollection>> {
  const boroughs = await vega<Topology>('londonBoroughs.json');
  const tube = await vega<Topology>('londonTubeLines.json');
  const centres = await vega<{ name: string; cx: number; cy: number }[]>('londonCentroids.json');
  const earth = feature(boroughs, boroughs.objects.boroughs!) as FeatureCollection;
  const lines = feature(tube, tube.objects.line!) as FeatureCollection;
  return {
    earth: collection(earth.features.map((f) => ({ ...f, properties: { kind: 'earth' } }))),
    roads: collection(
      lines.features.map((f) => ({ ...f, properties: { kind: 'major_road', name: String(f.id ?? '') } })),
    ),
    places: collection(
      centres.map((c) => ({
        type: 'Feature',
        properties: {
          kind: 'locality',
          name: c.name,
          min_zoom: 8,
          population_rank: 10,
          ...(c.name === FRENCH_NAME.name ? { 'name:fr': FRENCH_NAME.fr } : {}),
        },
        geometry: { type: 'Point', coordinates: [c.cx, c.cy] },
      })),
    ),
  };
}

function tileRange(z: number): { x0: number; x1: number; y0: number; y1: number } {
  const [west, south, east, north] = LONDON_BOUNDS;
  const n = 2 ** z;
  const x = (lon: number) => Math.floor(((lon + 180) / 360) * n);
  const y = (lat: number) => {
    const r = (lat * Math.PI) / 180;
    return Math.floor(((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * n);
  };
  return { x0: x(west), x1: x(east), y0: y(north), y1: y(south) };
}

/** Every non-empty tile from zoom 0 to LONDON_MAX_ZOOM. */
export async function londonTiles(): Promise<ArchiveTile[]> {
  const indexes = Object.entries(await layers()).map(
    ([name, data]) => [name, new GeoJSONVT(data, { maxZoom: LONDON_MAX_ZOOM, extent: EXTENT })] as const,
  );
  const tiles: ArchiveTile[] = [];
  for (let z = 0; z <= LONDON_MAX_ZOOM; z++) {
    const { x0, x1, y0, y1 } = tileRange(z);
    for (let x = x0; x <= x1; x++) {
      for (let y = y0; y <= y1; y++) {
        const cut: Record<string, NonNullable<ReturnType<GeoJSONVT['getTile']>>> = {};
        for (const [name, index] of indexes) {
          const tile = index.getTile(z, x, y);
          if (tile && tile.features.length > 0) cut[name] = tile;
        }
        if (Object.keys(cut).length > 0)
          tiles.push({ z, x, y, bytes: fromGeojsonVt(cut, { version: 2, extent: EXTENT }) });
      }
    }
  }
  return tiles;
}

/** Writes the archive to `path`. */
export async function writeLondonStreets(path: string): Promise<void> {
  const archive = writePmtiles(await londonTiles(), {
    bounds: LONDON_BOUNDS,
    center: [-0.1, 51.5, 10],
    metadata: {
      name: 'London test streets',
      vector_layers: ['earth', 'roads', 'places'].map((id) => ({ id, fields: {} })),
    },
  });
  await writeFile(path, archive);
}
