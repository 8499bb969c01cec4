/*
 * The map's place in the address: `location=<zoom>,<lat>,<lon>` (as on Opendatasoft portals) and
 * `basemap=online` when the online style is chosen. Without a location the map fits the data.
 */

export interface MapLocation {
  readonly zoom: number;
  readonly lat: number;
  readonly lon: number;
}

import { DEFAULT_DISPLAY, type MapDisplay, parseMapDisplay, writeMapDisplay } from './map-display';

export const BASEMAPS = ['offline', 'online'] as const;
export type Basemap = (typeof BASEMAPS)[number];

export interface MapView {
  readonly location?: MapLocation | undefined;
  readonly basemap: Basemap;
  /** How the records are drawn (map-display.ts); clusters when absent. */
  readonly display?: MapDisplay | undefined;
}

export const DEFAULT_MAP_VIEW: MapView = { basemap: 'offline' };
export { DEFAULT_DISPLAY };

export const MAX_ZOOM = 20;
/** Web Mercator stops here: the map cannot look further north or south. */
const MAX_LAT = 85.05;

const NUMBER = /^-?\d+(\.\d+)?$/;

export function parseLocation(text: string | null): MapLocation | undefined {
  if (text === null) return undefined;
  const parts = text.split(',');
  if (parts.length !== 3 || !parts.every((p) => NUMBER.test(p.trim()))) return undefined;
  const [zoom, lat, lon] = parts.map(Number) as [number, number, number];
  if (zoom < 0 || zoom > MAX_ZOOM || Math.abs(lat) > MAX_LAT || Math.abs(lon) > 180) return undefined;
  return { zoom, lat, lon };
}

/** Two decimals of zoom and five of degrees: finer than a pixel, and a short link. */
export function roundLocation(location: MapLocation): MapLocation {
  const wrapped = ((((location.lon + 180) % 360) + 360) % 360) - 180;
  return {
    zoom: Math.round(Math.min(MAX_ZOOM, Math.max(0, location.zoom)) * 100) / 100,
    lat: Math.round(Math.min(MAX_LAT, Math.max(-MAX_LAT, location.lat)) * 1e5) / 1e5,
    lon: Math.round(wrapped * 1e5) / 1e5,
  };
}

export function formatLocation(location: MapLocation): string {
  const { zoom, lat, lon } = roundLocation(location);
  return `${zoom},${lat},${lon}`;
}

export function sameLocation(a: MapLocation | undefined, b: MapLocation | undefined): boolean {
  if (!a || !b) return a === b;
  return formatLocation(a) === formatLocation(b);
}

export function parseMapView(search: URLSearchParams): MapView {
  const location = parseLocation(search.get('location'));
  const basemap = BASEMAPS.find((b) => b === search.get('basemap')) ?? 'offline';
  const display = parseMapDisplay(search);
  const shown = display === DEFAULT_DISPLAY ? {} : { display };
  return location ? { location, basemap, ...shown } : { basemap, ...shown };
}

export function writeMapView(search: URLSearchParams, view: MapView): void {
  if (view.location) search.set('location', formatLocation(view.location));
  if (view.basemap !== 'offline') search.set('basemap', view.basemap);
  if (view.display) writeMapDisplay(search, view.display);
}
