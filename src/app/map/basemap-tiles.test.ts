import { VectorTile } from '@mapbox/vector-tile';
import type { Feature, FeatureCollection, Geometry, Position } from 'geojson';
import { PbfReader } from 'pbf';
import { describe, expect, it } from 'vitest';
import type { AtlasKind } from './atlas';
import { type BasemapTile, basemapTiles } from './basemap-tiles';
import { BASEMAP_LAYER, BASEMAP_MAX_ZOOM, FINE_ATLAS_ZOOM } from './basemap-tileset';

const feature = (kind: AtlasKind, geometry: Geometry): Feature => ({
  type: 'Feature',
  properties: { kind },
  geometry,
});
const square = (west: number, south: number, side: number): Position[] => [
  [west, south],
  [west + side, south],
  [west + side, south + side],
  [west, south + side],
  [west, south],
];
const atlas = (...features: Feature[]): FeatureCollection => ({ type: 'FeatureCollection', features });

// The two scales told apart by what they hold: an island at each, a border only in the fine one.
const coarse = atlas(feature('land', { type: 'Polygon', coordinates: [square(0, 0, 10)] }));
const fine = atlas(
  feature('land', { type: 'Polygon', coordinates: [square(0, 0, 10)] }),
  feature('border', {
    type: 'LineString',
    coordinates: [
      [5, 0],
      [5, 10],
    ],
  }),
  // Unwrapped past the antimeridian, as the atlas writes such lines (atlas.ts).
  feature('coast', {
    type: 'LineString',
    coordinates: [
      [178, -30],
      [182, -31],
    ],
  }),
);

const tiles = new Map<string, BasemapTile>();
for (const tile of basemapTiles(coarse, fine)) tiles.set(`${tile.z}/${tile.x}/${tile.y}`, tile);

/** The tile of zoom `z` holding a longitude and latitude (Web Mercator). */
function tileAt(z: number, lon: number, lat: number): BasemapTile {
  const n = 2 ** z;
  const x = Math.floor(((lon + 180) / 360) * n);
  const rad = (lat * Math.PI) / 180;
  const y = Math.floor(((1 - Math.log(Math.tan(rad) + 1 / Math.cos(rad)) / Math.PI) / 2) * n);
  const tile = tiles.get(`${z}/${x}/${y}`);
  if (!tile) throw new Error(`no tile ${z}/${x}/${y}`);
  return tile;
}

/** The tile read back by Mapbox's own reader: each feature's kind and its shape in degrees. */
function read(tile: BasemapTile): { kind: unknown; geometry: Geometry }[] {
  if (tile.bytes.length === 0) return [];
  const layer = new VectorTile(new PbfReader(tile.bytes)).layers[BASEMAP_LAYER];
  if (!layer) throw new Error('no basemap layer');
  return Array.from({ length: layer.length }, (_, i) => {
    const f = layer.feature(i);
    return { kind: f.properties.kind, geometry: f.toGeoJSON(tile.x, tile.y, tile.z).geometry };
  });
}

const kinds = (tile: BasemapTile) => read(tile).map((f) => f.kind);
const positions = (geometry: Geometry): Position[] =>
  geometry.type === 'Polygon' || geometry.type === 'MultiLineString'
    ? geometry.coordinates.flat()
    : geometry.type === 'LineString'
      ? geometry.coordinates
      : [];

describe('offline basemap tiles', () => {
  it('makes every tile of every zoom once, up to the last zoom', () => {
    let expected = 0;
    for (let z = 0; z <= BASEMAP_MAX_ZOOM; z++) expected += 4 ** z;
    expect(tiles.size).toBe(expected);
    expect(tiles.has(`${BASEMAP_MAX_ZOOM + 1}/0/0`)).toBe(false);
  });

  it('cuts the coarse atlas below the fine zoom and the fine one from it on', () => {
    expect(kinds(tileAt(FINE_ATLAS_ZOOM - 1, 5, 5))).toEqual(['land']);
    expect(kinds(tileAt(FINE_ATLAS_ZOOM, 5, 5)).sort()).toEqual(['border', 'land']);
    expect(kinds(tileAt(BASEMAP_MAX_ZOOM, 5, 5)).sort()).toEqual(['border', 'land']);
  });

  it('leaves open sea empty, a file with no bytes', () => {
    expect(tileAt(BASEMAP_MAX_ZOOM, -140, -50).bytes).toHaveLength(0);
    expect(tileAt(0, 0, 0).bytes.length).toBeGreaterThan(0);
  });

  it('puts shapes where they are on the Earth, to the tiles’ precision', () => {
    const [land] = read(tileAt(FINE_ATLAS_ZOOM, 5, 5));
    const lons = positions(land?.geometry ?? { type: 'Point', coordinates: [] }).map((p) => p[0] ?? NaN);
    const lats = positions(land?.geometry ?? { type: 'Point', coordinates: [] }).map((p) => p[1] ?? NaN);
    // A tile of zoom 4 spans 22.5° of longitude in 8192 units: 0.003° each.
    expect(Math.min(...lons)).toBeCloseTo(0, 2);
    expect(Math.max(...lons)).toBeCloseTo(10, 2);
    expect(Math.min(...lats)).toBeCloseTo(0, 2);
    expect(Math.max(...lats)).toBeCloseTo(10, 2);
  });

  it('draws a line past the antimeridian on both sides of it', () => {
    // Past 180° the line continues at -180°, on the tiles at the world's western edge.
    expect(kinds(tileAt(FINE_ATLAS_ZOOM, 179, -30))).toContain('coast');
    expect(kinds(tileAt(FINE_ATLAS_ZOOM, -179, -30))).toContain('coast');
    const [west] = read(tileAt(FINE_ATLAS_ZOOM, -179, -30)).filter((f) => f.kind === 'coast');
    const lons = positions(west?.geometry ?? { type: 'Point', coordinates: [] }).map((p) => p[0] ?? NaN);
    expect(Math.max(...lons)).toBeCloseTo(-178, 1);
  });
});
