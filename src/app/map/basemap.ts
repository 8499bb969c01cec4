import type { Feature, FeatureCollection, Geometry, MultiLineString, Position } from 'geojson';
import type { StyleSpecification } from 'maplibre-gl';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import fineUrl from 'world-atlas/countries-50m.json?url';
import coarseUrl from 'world-atlas/countries-110m.json?url';
import type { Basemap } from './map-view';

/*
 * Basemaps. The offline one is drawn from Natural Earth's countries (world-atlas), served with the
 * explorer itself, so the map works on a machine without internet: at 1:110m (108 kB) for a world or
 * continent, the scale it is made for, and at 1:50m (756 kB, seven times the shapes to cut into tiles)
 * once the map is zoomed in to a country. The online one uses OpenStreetMap's raster tiles and needs the
 * network.
 */

export type AtlasDetail = 'coarse' | 'fine';

/** From this zoom on, the 1:110m coastlines look coarse: the 1:50m atlas is drawn instead. */
export const FINE_ATLAS_ZOOM = 4;

const ATLAS_URLS: Readonly<Record<AtlasDetail, string>> = { coarse: coarseUrl, fine: fineUrl };

export interface OfflineBasemap {
  readonly land: FeatureCollection;
  readonly borders: MultiLineString;
  readonly coastlines: MultiLineString;
}

/**
 * Natural Earth cuts shapes at the antimeridian, so a ring or line may jump from 180° to -180°; drawn
 * as is, that jump becomes a band across the whole map. Shifting the following positions by 360° keeps
 * each line continuous, and MapLibre draws longitudes past 180° on the next world copy.
 */
export function unwrapLine(line: readonly Position[]): Position[] {
  const out: Position[] = [];
  let shift = 0;
  let previous: number | undefined;
  for (const [lon = 0, lat = 0] of line) {
    if (previous !== undefined) {
      const jump = lon + shift - previous;
      if (jump > 180) shift -= 360;
      else if (jump < -180) shift += 360;
    }
    previous = lon + shift;
    out.push([previous, lat]);
  }
  return out;
}

function unwrapGeometry(geometry: Geometry): Geometry {
  switch (geometry.type) {
    case 'LineString':
      return { ...geometry, coordinates: unwrapLine(geometry.coordinates) };
    case 'MultiLineString':
    case 'Polygon':
      return { ...geometry, coordinates: geometry.coordinates.map(unwrapLine) };
    case 'MultiPolygon':
      return { ...geometry, coordinates: geometry.coordinates.map((p) => p.map(unwrapLine)) };
    default:
      return geometry;
  }
}

type Countries = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

const atlases: Partial<Record<AtlasDetail, Promise<OfflineBasemap>>> = {};
const loadedAtlases: Partial<Record<AtlasDetail, OfflineBasemap>> = {};

/** An atlas already loaded, for a map to be created with it rather than given it once it is drawn. */
export function loadedBasemap(detail: AtlasDetail): OfflineBasemap | undefined {
  return loadedAtlases[detail];
}

/** Each atlas is loaded once per page: it does not change. */
export function loadOfflineBasemap(detail: AtlasDetail): Promise<OfflineBasemap> {
  const loaded = atlases[detail];
  if (loaded) return loaded;
  const loading = fetch(ATLAS_URLS[detail])
    .then((response) => {
      if (!response.ok) throw new Error(`The basemap could not be loaded (HTTP ${response.status}).`);
      return response.json() as Promise<Countries>;
    })
    .then((topology): OfflineBasemap => {
      const countries = topology.objects.countries;
      // `land` is a GeometryCollection, so this is a FeatureCollection; the typings cannot tell.
      const land = feature(topology, topology.objects.land) as FeatureCollection | Feature;
      const features = land.type === 'FeatureCollection' ? land.features : [land];
      const lines = (filter: (a: unknown, b: unknown) => boolean): MultiLineString => {
        const meshed = mesh(topology, countries, filter);
        return { type: 'MultiLineString', coordinates: meshed.coordinates.map(unwrapLine) };
      };
      return {
        land: {
          type: 'FeatureCollection',
          features: features.map((f) => ({ ...f, geometry: unwrapGeometry(f.geometry) })),
        },
        // Shared arcs are borders; arcs used by one country only are coastlines.
        borders: lines((a, b) => a !== b),
        coastlines: lines((a, b) => a === b),
      };
    })
    .then((atlas) => {
      loadedAtlases[detail] = atlas;
      return atlas;
    })
    .catch((error: unknown) => {
      delete atlases[detail];
      throw error;
    });
  atlases[detail] = loading;
  return loading;
}

const WATER = '#d4e4f0';
const LAND = '#f4f1ea';

export function basemapStyle(kind: Basemap, atlas: OfflineBasemap | undefined): StyleSpecification {
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
  const empty: FeatureCollection = { type: 'FeatureCollection', features: [] };
  const none: MultiLineString = { type: 'MultiLineString', coordinates: [] };
  return {
    version: 8,
    sources: {
      land: { type: 'geojson', data: atlas?.land ?? empty, attribution: 'Natural Earth' },
      borders: { type: 'geojson', data: atlas?.borders ?? none },
      coast: { type: 'geojson', data: atlas?.coastlines ?? none },
    },
    layers: [
      { id: 'basemap-water', type: 'background', paint: { 'background-color': WATER } },
      { id: 'basemap-land', type: 'fill', source: 'land', paint: { 'fill-color': LAND } },
      {
        id: 'basemap-borders',
        type: 'line',
        source: 'borders',
        paint: { 'line-color': '#b9b2a4', 'line-width': 0.8, 'line-dasharray': [3, 2] },
      },
      {
        id: 'basemap-coast',
        type: 'line',
        source: 'coast',
        paint: { 'line-color': '#8fa9bd', 'line-width': 0.8 },
      },
    ],
  };
}

export const BASEMAP_LABELS: Readonly<Record<Basemap, string>> = {
  offline: 'Countries (offline)',
  online: 'OpenStreetMap (needs internet)',
};
