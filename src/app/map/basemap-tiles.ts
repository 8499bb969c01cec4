import { GeoJSONVT } from '@maplibre/geojson-vt';
import { fromGeojsonVt } from '@maplibre/vt-pbf';
import type { FeatureCollection } from 'geojson';
import { BASEMAP_LAYER, BASEMAP_MAX_ZOOM, FINE_ATLAS_ZOOM } from './basemap-tileset.ts';

/*
 * The offline basemap as vector tiles, cut when the explorer is built (vite.config.ts), not in the
 * visitor's browser. Given the atlas as GeoJSON, MapLibre's worker had to fetch the whole scale, read
 * it and index it before the map could ask for its first tile, while the page's main thread waited on
 * the map's first frames: about 80 ms of every map's first picture on a two-core machine, and the
 * 1:50m scale (2.6 MB) read whole for a map of one city. Tiles are fetched as the view needs them, the
 * first ones in the map's first frame.
 *
 * The cut is the one MapLibre makes of a GeoJSON source (geojson-vt with its options), so the picture
 * is the same: 1:110m up to zoom 3, for a world or a continent, and 1:50m from a country on.
 */

// MapLibre's GeoJSON source: tiles of 512 px in 8192 units, 128 px of buffer, 0.375 px of tolerance.
const EXTENT = 8192;
const UNITS_PER_PIXEL = EXTENT / 512;
const CUT = { extent: EXTENT, buffer: 128 * UNITS_PER_PIXEL, tolerance: 0.375 * UNITS_PER_PIXEL };

export interface BasemapTile {
  readonly z: number;
  readonly x: number;
  readonly y: number;
  /** The Mapbox Vector Tile; empty where the tile holds nothing (open sea). */
  readonly bytes: Uint8Array;
}

const EMPTY = new Uint8Array(0);

/**
 * Every tile from zoom 0 to `BASEMAP_MAX_ZOOM`, the sea's included (empty): a tile a host does not
 * have would answer 404, which a browser reports on its console for each one.
 */
export function* basemapTiles(coarse: FeatureCollection, fine: FeatureCollection): Generator<BasemapTile> {
  const scales = [
    { atlas: coarse, from: 0, to: FINE_ATLAS_ZOOM - 1 },
    { atlas: fine, from: FINE_ATLAS_ZOOM, to: BASEMAP_MAX_ZOOM },
  ];
  for (const { atlas, from, to } of scales) {
    const index = new GeoJSONVT(atlas, { ...CUT, maxZoom: BASEMAP_MAX_ZOOM });
    for (let z = from; z <= to; z++) {
      for (let x = 0; x < 2 ** z; x++) {
        for (let y = 0; y < 2 ** z; y++) {
          const tile = index.getTile(z, x, y);
          const bytes =
            tile && tile.features.length > 0
              ? fromGeojsonVt({ [BASEMAP_LAYER]: tile }, { version: 2, extent: EXTENT })
              : EMPTY;
          yield { z, x, y, bytes };
        }
      }
    }
  }
}
