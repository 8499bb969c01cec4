import type { Geometry, NormalizedShape, Position } from './types';

/** Takes a geometry apart into the form the SQL geometry predicates read (see src/layout/columns.ts). */
export function normalizeGeometry(geometry: Geometry): NormalizedShape {
  const pts: Position[] = [];
  const lines: (readonly Position[])[] = [];
  const areas: (readonly (readonly Position[])[])[] = [];
  const visit = (g: Geometry): void => {
    switch (g.type) {
      case 'Point':
        pts.push(g.coordinates);
        break;
      case 'MultiPoint':
        pts.push(...g.coordinates);
        break;
      case 'LineString':
        pts.push(...g.coordinates);
        lines.push(g.coordinates);
        break;
      case 'MultiLineString':
        for (const line of g.coordinates) {
          pts.push(...line);
          lines.push(line);
        }
        break;
      case 'Polygon':
        addPolygon(g.coordinates);
        break;
      case 'MultiPolygon':
        for (const polygon of g.coordinates) addPolygon(polygon);
        break;
      case 'GeometryCollection':
        for (const child of g.geometries) visit(child);
        break;
    }
  };
  const addPolygon = (rings: readonly (readonly Position[])[]): void => {
    const closed = rings.map(closeRing);
    for (const ring of closed) {
      pts.push(...ring);
      lines.push(ring);
    }
    if (closed.length > 0) areas.push(closed);
  };
  visit(geometry);
  let minx = Number.POSITIVE_INFINITY;
  let miny = Number.POSITIVE_INFINITY;
  let maxx = Number.NEGATIVE_INFINITY;
  let maxy = Number.NEGATIVE_INFINITY;
  for (const [x, y] of pts) {
    if (x < minx) minx = x;
    if (x > maxx) maxx = x;
    if (y < miny) miny = y;
    if (y > maxy) maxy = y;
  }
  return { minx, miny, maxx, maxy, pts, lines, areas };
}

function closeRing(ring: readonly Position[]): readonly Position[] {
  const first = ring[0];
  const last = ring[ring.length - 1];
  if (!first || !last || (first[0] === last[0] && first[1] === last[1])) return ring;
  return [...ring, first];
}
