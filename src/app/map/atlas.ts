import type { Feature, FeatureCollection, Geometry, MultiLineString, Position } from 'geojson';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';

/*
 * The offline basemap's shapes, made from Natural Earth's countries (world-atlas) when the explorer is
 * built (vite.config.ts), not in the visitor's browser: one GeoJSON file per scale, which MapLibre's
 * worker fetches and reads itself. Turning the topology into shapes took about 60 ms of the page's main
 * thread before the map could start, and three sources made three sets of tiles to cut and draw.
 */

/** What a feature of the atlas is, in its `kind` property: the basemap's layers filter on it. */
export type AtlasKind = 'land' | 'border' | 'coast';

export type Countries = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

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
    out.push([round(previous), round(lat)]);
  }
  return out;
}

/**
 * Positions to a thousandth of a degree (about 100 m): finer than either scale's own accuracy (1:50m is
 * kilometres), and the file a third of the size of the topology's float noise (`-63.13698913999998`).
 */
const round = (degrees: number): number => Math.round(degrees * 1000) / 1000;

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

/**
 * Each polygon and each line a feature of its own: cutting tiles, MapLibre's worker (geojson-vt) skips a
 * feature whose box lies outside the tile, whereas one feature holding all the land, or all the borders,
 * had every point of the world walked for every tile.
 */
function features(kind: AtlasKind, geometry: Geometry): Feature[] {
  const of = (g: Geometry): Feature => ({ type: 'Feature', properties: { kind }, geometry: g });
  switch (geometry.type) {
    case 'MultiPolygon':
      return geometry.coordinates.map((coordinates) => of({ type: 'Polygon', coordinates }));
    case 'MultiLineString':
      return geometry.coordinates.map((coordinates) => of({ type: 'LineString', coordinates }));
    case 'GeometryCollection':
      return geometry.geometries.flatMap((g) => features(kind, g));
    default:
      return [of(geometry)];
  }
}

/** Land, borders between countries and coastlines, as one collection (one source, one set of tiles). */
export function atlasFeatures(topology: Countries): FeatureCollection {
  const countries = topology.objects.countries;
  // `land` is a GeometryCollection, so this is a FeatureCollection; the typings cannot tell.
  const land = feature(topology, topology.objects.land) as FeatureCollection | Feature;
  const lands = land.type === 'FeatureCollection' ? land.features : [land];
  const lines = (filter: (a: unknown, b: unknown) => boolean): MultiLineString => ({
    type: 'MultiLineString',
    coordinates: mesh(topology, countries, filter).coordinates.map(unwrapLine),
  });
  return {
    type: 'FeatureCollection',
    features: [
      ...lands.flatMap((f) => features('land', unwrapGeometry(f.geometry))),
      // Shared arcs are borders; arcs used by one country only are coastlines.
      ...features(
        'border',
        lines((a, b) => a !== b),
      ),
      ...features(
        'coast',
        lines((a, b) => a === b),
      ),
    ],
  };
}
