import { quoteField } from '../../api';
import { appLocale } from '../i18n/locale';
import { t } from '../i18n/setup';

/*
 * The geographic filter drawn on the map: a rectangle or a polygon over one geo field. In the address it
 * reads `geo=<field>:bbox:<lat1>,<lon1>,<lat2>,<lon2>` or `geo=<field>:polygon:<lat> <lon>,<lat> <lon>,…`
 * (latitude first, as ODSQL's in_bbox takes it); on the wire it is one more `where` clause.
 */

/** A position as GeoJSON writes it: longitude, latitude. */
export type LonLat = readonly [lon: number, lat: number];

export type GeoFilter =
  | {
      readonly kind: 'bbox';
      readonly field: string;
      readonly south: number;
      readonly west: number;
      readonly north: number;
      readonly east: number;
    }
  | { readonly kind: 'polygon'; readonly field: string; readonly ring: readonly LonLat[] };

/** More vertices than anyone draws by hand; keeps links and `where` clauses short. */
export const MAX_POLYGON_POINTS = 100;

const FIELD = /^[A-Za-z_][A-Za-z0-9_]*$/;
const NUMBER = /^-?\d+(\.\d+)?$/;

/** Five decimals are about a metre: enough for a hand-drawn area, and short in a link. */
function round(value: number): number {
  return Math.round(value * 1e5) / 1e5;
}

function readNumber(text: string | undefined, limit: number): number | undefined {
  if (text === undefined || !NUMBER.test(text.trim())) return undefined;
  const value = Number(text);
  return Math.abs(value) <= limit ? value : undefined;
}

function readLatLon(text: string): LonLat | undefined {
  const parts = text.trim().split(/\s+/);
  if (parts.length !== 2) return undefined;
  const lat = readNumber(parts[0], 90);
  const lon = readNumber(parts[1], 180);
  return lat === undefined || lon === undefined ? undefined : [lon, lat];
}

/** A rectangle from two corners in any order; undefined when it has no area. */
/**
 * Corners drawn on a copy of the world beside the first (a map centred across the antimeridian, on the
 * Pacific) have longitudes past ±180°: brought back by whole turns onto the world the server knows.
 */
function onFirstWorld(points: readonly LonLat[]): LonLat[] {
  const lons = points.map((p) => p[0]);
  const middle = (Math.min(...lons) + Math.max(...lons)) / 2;
  const turn = Math.round(middle / 360) * 360;
  return points.map(([lon, lat]) => [lon - turn, lat]);
}

export function bboxFilter(field: string, corner: LonLat, opposite: LonLat): GeoFilter | undefined {
  const [a, b] = onFirstWorld([corner, opposite]) as [LonLat, LonLat];
  const south = round(Math.min(a[1], b[1]));
  const north = round(Math.max(a[1], b[1]));
  const west = round(Math.min(a[0], b[0]));
  const east = round(Math.max(a[0], b[0]));
  if (south === north || west === east) return undefined;
  return { kind: 'bbox', field, south, west, north, east };
}

/** A polygon from its vertices (not closed); undefined with fewer than three distinct vertices. */
export function polygonFilter(field: string, vertices: readonly LonLat[]): GeoFilter | undefined {
  const ring: LonLat[] = [];
  for (const [lon, lat] of onFirstWorld(vertices)) {
    const point: LonLat = [round(lon), round(lat)];
    const previous = ring.at(-1);
    if (previous && previous[0] === point[0] && previous[1] === point[1]) continue;
    ring.push(point);
  }
  const first = ring[0];
  const last = ring.at(-1);
  if (ring.length > 1 && first && last && first[0] === last[0] && first[1] === last[1]) ring.pop();
  if (ring.length < 3 || ring.length > MAX_POLYGON_POINTS) return undefined;
  return { kind: 'polygon', field, ring };
}

/** Reads the `geo` parameter; anything malformed is dropped, as with the other filters. */
export function parseGeoFilter(text: string | null): GeoFilter | undefined {
  if (text === null) return undefined;
  const match = /^([^:]+):(bbox|polygon):(.+)$/.exec(text.trim());
  if (!match) return undefined;
  const [, field = '', kind, body = ''] = match;
  if (!FIELD.test(field)) return undefined;
  if (kind === 'bbox') {
    const values = body.split(',');
    if (values.length !== 4) return undefined;
    const [lat1, lon1, lat2, lon2] = values.map((v, i) => readNumber(v, i % 2 === 0 ? 90 : 180));
    if (lat1 === undefined || lon1 === undefined || lat2 === undefined || lon2 === undefined)
      return undefined;
    return bboxFilter(field, [lon1, lat1], [lon2, lat2]);
  }
  const vertices: LonLat[] = [];
  for (const item of body.split(',')) {
    const point = readLatLon(item);
    if (!point) return undefined;
    vertices.push(point);
  }
  return polygonFilter(field, vertices);
}

export function formatGeoFilter(filter: GeoFilter): string {
  if (filter.kind === 'bbox') {
    return `${filter.field}:bbox:${filter.south},${filter.west},${filter.north},${filter.east}`;
  }
  return `${filter.field}:polygon:${filter.ring.map(([lon, lat]) => `${lat} ${lon}`).join(',')}`;
}

/** The closed ring as WKT wants it: `lon lat` pairs, first vertex repeated at the end. */
function wktPolygon(ring: readonly LonLat[]): string {
  const closed = [...ring, ring[0] as LonLat];
  return `POLYGON((${closed.map(([lon, lat]) => `${lon} ${lat}`).join(', ')}))`;
}

/**
 * The ODSQL clause. `intersects` keeps points inside the polygon and shapes that meet it, so one
 * predicate serves geo_point_2d and geo_shape fields. The numbers are checked above, so the literal
 * holds nothing but digits, signs, dots and separators.
 */
export function geoFilterClause(filter: GeoFilter): string {
  const field = quoteField(filter.field);
  if (filter.kind === 'bbox') {
    return `in_bbox(${field}, ${filter.south}, ${filter.west}, ${filter.north}, ${filter.east})`;
  }
  return `intersects(${field}, geom'${wktPolygon(filter.ring)}')`;
}

function degrees(value: number, positive: string, negative: string): string {
  const number = new Intl.NumberFormat(appLocale(), { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${number.format(Math.abs(value))}°${value < 0 ? negative : positive}`;
}

/** What the chip says. */
export function geoFilterLabel(filter: GeoFilter, fieldLabel: string): string {
  if (filter.kind === 'bbox') {
    const [n, s, e, w] = (['n', 's', 'e', 'w'] as const).map((c) => t(`filters.compass.${c}`)) as [
      string,
      string,
      string,
      string,
    ];
    const lat = t('filters.degreesTo', {
      from: degrees(filter.south, n, s),
      to: degrees(filter.north, n, s),
    });
    const lon = t('filters.degreesTo', { from: degrees(filter.west, e, w), to: degrees(filter.east, e, w) });
    return t('filters.areaBox', { field: fieldLabel, lat, lon });
  }
  return t('filters.areaPolygon', { field: fieldLabel, count: filter.ring.length });
}
