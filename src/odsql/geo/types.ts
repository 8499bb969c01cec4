/** A position as GeoJSON writes it: longitude, then latitude. */
export type Position = readonly [number, number];

export type Geometry =
  | { readonly type: 'Point'; readonly coordinates: Position }
  | { readonly type: 'MultiPoint'; readonly coordinates: readonly Position[] }
  | { readonly type: 'LineString'; readonly coordinates: readonly Position[] }
  | { readonly type: 'MultiLineString'; readonly coordinates: readonly (readonly Position[])[] }
  | { readonly type: 'Polygon'; readonly coordinates: readonly (readonly Position[])[] }
  | { readonly type: 'MultiPolygon'; readonly coordinates: readonly (readonly (readonly Position[])[])[] }
  | { readonly type: 'GeometryCollection'; readonly geometries: readonly Geometry[] };

/**
 * A geometry taken apart for SQL predicates: its bounding box, all its vertices, all its lines (polygon
 * rings included, closed) and its areas (polygons as lists of rings, outer ring first).
 */
export interface NormalizedShape {
  readonly minx: number;
  readonly miny: number;
  readonly maxx: number;
  readonly maxy: number;
  readonly pts: readonly Position[];
  readonly lines: readonly (readonly Position[])[];
  readonly areas: readonly (readonly (readonly Position[])[])[];
}
