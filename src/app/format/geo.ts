function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** A `geo_point_2d` value ({lat, lon}) as `lat, lon`, or undefined when it is not one. */
export function formatGeoPoint(value: unknown): string | undefined {
  if (!isRecord(value) || typeof value.lat !== 'number' || typeof value.lon !== 'number') return undefined;
  const round = (n: number) => String(Number(n.toFixed(5)));
  return `${round(value.lat)}, ${round(value.lon)}`;
}

function countPositions(coordinates: unknown): number {
  if (!Array.isArray(coordinates)) return 0;
  if (coordinates.length > 0 && typeof coordinates[0] === 'number') return 1;
  let total = 0;
  for (const part of coordinates) total += countPositions(part);
  return total;
}

/** A `geo_shape` value (GeoJSON geometry or Feature) summed up: `Polygon (112 points)`. */
export function describeShape(value: unknown): string | undefined {
  const geometry = isRecord(value) && value.type === 'Feature' ? value.geometry : value;
  if (!isRecord(geometry) || typeof geometry.type !== 'string') return undefined;
  if (geometry.type === 'GeometryCollection') {
    const parts = Array.isArray(geometry.geometries) ? geometry.geometries.length : 0;
    return `GeometryCollection (${parts} ${parts === 1 ? 'geometry' : 'geometries'})`;
  }
  const points = countPositions(geometry.coordinates);
  return `${geometry.type} (${points} ${points === 1 ? 'point' : 'points'})`;
}
