import { coarse, fine } from 'virtual:offline-atlas';
import type { FilterSpecification, StyleSpecification } from 'maplibre-gl';
import type { AtlasKind } from './atlas';
import type { Basemap } from './map-view';

/*
 * Basemaps. The offline one is drawn from Natural Earth's countries (world-atlas), made into GeoJSON
 * when the explorer is built (atlas.ts) and served with it, so the map works on a machine without
 * internet: at 1:110m for a world or continent, the scale it is made for, and at 1:50m (seven times the
 * shapes to cut into tiles) once the map is zoomed in to a country. MapLibre's worker fetches and reads
 * them, off the page's main thread. The online one uses OpenStreetMap's raster tiles and needs the
 * network.
 */

export type AtlasDetail = 'coarse' | 'fine';

/** From this zoom on, the 1:110m coastlines look coarse: the 1:50m atlas is drawn instead. */
export const FINE_ATLAS_ZOOM = 4;

export const ATLAS_URLS: Readonly<Record<AtlasDetail, string>> = { coarse, fine };

/** The offline basemap's one source: land, borders and coastlines, told apart by their `kind`. */
export const BASEMAP_SOURCE = 'basemap';

const ofKind = (kind: AtlasKind): FilterSpecification => ['==', ['get', 'kind'], kind];

const LAND = '#f4f1ea';

export function basemapStyle(kind: Basemap, detail: AtlasDetail): StyleSpecification {
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
  return {
    version: 8,
    sources: {
      [BASEMAP_SOURCE]: {
        type: 'geojson',
        data: ATLAS_URLS[detail],
        attribution: 'Natural Earth',
        // The atlases have no detail worth cutting past this zoom: deeper tiles are scaled from these.
        maxzoom: 6,
      },
    },
    layers: [
      {
        id: 'basemap-land',
        type: 'fill',
        source: BASEMAP_SOURCE,
        filter: ofKind('land'),
        paint: { 'fill-color': LAND },
      },
      {
        id: 'basemap-borders',
        type: 'line',
        source: BASEMAP_SOURCE,
        filter: ofKind('border'),
        paint: { 'line-color': '#b9b2a4', 'line-width': 0.8, 'line-dasharray': [3, 2] },
      },
      {
        id: 'basemap-coast',
        type: 'line',
        source: BASEMAP_SOURCE,
        filter: ofKind('coast'),
        paint: { 'line-color': '#8fa9bd', 'line-width': 0.8 },
      },
    ],
  };
}

export const BASEMAP_LABELS: Readonly<Record<Basemap, string>> = {
  offline: 'Countries (offline)',
  online: 'OpenStreetMap (needs internet)',
};
