/*
 * The reserved columns of a GeoJSON or TopoJSON source once staged as NDJSON (server/ingest/geojson.ts
 * writes them): field resolution and the records writer read them.
 */

/** The feature's `id`. */
export const FEATURE_ID_COLUMN = '@id';
/** Source name of the feature's geometry in descriptors. */
export const GEOMETRY_SOURCE = '@geometry';
/** The third coordinate of a Point geometry (altitude, or depth for earthquakes). */
export const ELEVATION_COLUMN = '@elevation';
/** JSON text of the GEO_SHAPE_TYPE struct (GeoJSON text plus its normalised form). */
export const SHAPE_COLUMN = '@shape';
/** A representative point: the Point itself, else the centre of the bounding box. */
export const LAT_COLUMN = '@lat';
export const LON_COLUMN = '@lon';

export interface FeatureSummary {
  readonly features: number;
  /** Every non-null geometry is a Point (so the geometry reads as a geo_point_2d). */
  readonly allPoints: boolean;
  readonly withGeometry: number;
}
