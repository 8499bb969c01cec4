import { firstTile } from 'virtual:offline-basemap';
import type { FilterSpecification, StyleSpecification } from 'maplibre-gl';
import { setupI18n } from '../i18n/setup';
import type { AtlasKind } from './atlas';
import { BASEMAP_LAYER, BASEMAP_MAX_ZOOM } from './basemap-tileset';
import type { Basemap } from './map-view';
import { streetBasemap, streetStyle } from './street-basemap';

/*
 * Basemaps. The offline one is drawn from Natural Earth's countries (world-atlas), cut into vector tiles
 * when the explorer is built (basemap-tiles.ts) and served with it, so the map works on a machine without
 * internet: at 1:110m for a world or continent, the scale it is made for, and at 1:50m from a country on.
 * The online one uses OpenStreetMap's raster tiles and needs the network.
 */

/** The offline basemap's one source: land, borders and coastlines, told apart by their `kind`. */
export const BASEMAP_SOURCE = 'basemap';

/**
 * The address of every tile, made from the first tile's once the page has an address to resolve it
 * against: MapLibre's worker fetches tiles from a page-less script, and `new URL` would escape the braces.
 */
function tileAddresses(): string {
  return new URL(firstTile, document.baseURI).href.replace(/0\/0\/0\.pbf$/, '{z}/{x}/{y}.pbf');
}

/** The offline basemap's land, under everything else. */
export const BASEMAP_LAND_LAYER = 'basemap-land';

const ofKind = (kind: AtlasKind): FilterSpecification => ['==', ['get', 'kind'], kind];

const LAND = '#f4f1ea';

export function basemapStyle(kind: Basemap): StyleSpecification {
  if (kind === 'online') {
    return {
      version: 8,
      sources: {
        osm: {
          type: 'raster',
          tiles: ['https://tile.openstreetmap.org/{z}/{x}/{y}.png'],
          tileSize: 256,
          maxzoom: 19,
          attribution: '© OpenStreetMap contributors',
        },
      },
      layers: [{ id: 'basemap-osm', type: 'raster', source: 'osm' }],
    };
  }
  // The publisher's street basemap, when the page names one, is the offline basemap.
  const streets = streetBasemap();
  if (streets) return streetStyle(streets, setupI18n().language === 'fr' ? 'fr' : 'en');
  return {
    version: 8,
    sources: {
      [BASEMAP_SOURCE]: {
        type: 'vector',
        tiles: [tileAddresses()],
        maxzoom: BASEMAP_MAX_ZOOM,
        attribution: 'Natural Earth',
      },
    },
    layers: [
      {
        id: BASEMAP_LAND_LAYER,
        type: 'fill',
        source: BASEMAP_SOURCE,
        'source-layer': BASEMAP_LAYER,
        filter: ofKind('land'),
        // Every edge of the land is a coastline, drawn over it below: the fill's own smoothed outline
        // would be one more pass, and one more shader to compile, in every map's first frames.
        paint: { 'fill-color': LAND, 'fill-antialias': false },
      },
      {
        id: 'basemap-borders',
        type: 'line',
        source: BASEMAP_SOURCE,
        'source-layer': BASEMAP_LAYER,
        filter: ofKind('border'),
        paint: { 'line-color': '#b9b2a4', 'line-width': 0.8, 'line-dasharray': [3, 2] },
      },
      {
        id: 'basemap-coast',
        type: 'line',
        source: BASEMAP_SOURCE,
        'source-layer': BASEMAP_LAYER,
        filter: ofKind('coast'),
        paint: { 'line-color': '#8fa9bd', 'line-width': 0.8 },
      },
    ],
  };
}
