import { layers, namedFlavor } from '@protomaps/basemaps';
import type { LayerSpecification, StyleSpecification } from 'maplibre-gl';

/*
 * The publisher's street basemap (the server's BASEMAP_PMTILES): vector tiles in the Protomaps schema,
 * named by the page (`<script id="explorer-basemap">`, TileJSON), drawn with @protomaps/basemaps' style
 * in a grey flavour that leaves colour to the data on top. Names are in the visitor's language where the
 * tiles have it (`name:fr`), else the local name. The style names no glyphs address: MapLibre then draws
 * every label with the browser's own fonts (TinySDF), so no font file is requested from anywhere; and no
 * sprite, so the layers that need icons (points of interest, road shields, one-way arrows) are left out.
 */

export interface StreetBasemap {
  readonly tiles: readonly string[];
  readonly minzoom: number;
  readonly maxzoom: number;
  readonly bounds?: readonly number[];
  readonly attribution: string;
}

export const STREET_SOURCE = 'streets';
/** Layers whose features tell that the street basemap is drawn (the browser tests count them). */
export const STREET_LAYERS = ['earth', 'roads_major', 'places_locality'];

function isStreetBasemap(value: unknown): value is StreetBasemap {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    Array.isArray(v.tiles) &&
    v.tiles.every((t) => typeof t === 'string') &&
    typeof v.minzoom === 'number' &&
    typeof v.maxzoom === 'number'
  );
}

let read: StreetBasemap | null | undefined;

/** The street basemap the page names, if the publisher set one; read once. */
export function streetBasemap(): StreetBasemap | undefined {
  if (read === undefined) {
    read = null;
    const text =
      typeof document === 'undefined' ? null : document.getElementById('explorer-basemap')?.textContent;
    try {
      const parsed: unknown = text ? JSON.parse(text) : undefined;
      if (isStreetBasemap(parsed)) read = parsed;
    } catch {
      // A page without a valid description keeps the built-in basemap.
    }
  }
  return read ?? undefined;
}

/**
 * Light grey land under white roads, water a pale blue-grey: the data's colours stand out on it. The
 * background is the sea's colour, as an extract has no polygon for the open sea.
 */
function flavor() {
  const water = '#c6d1da';
  return { ...namedFlavor('grayscale'), earth: '#e9e9e7', water, background: water };
}

const NEEDS_SPRITE = new Set(['pois', 'roads_shields', 'roads_oneway']);

/** Without a sprite: no icon layers, and no icon beside a town's name. */
function withoutIcons(layer: LayerSpecification): LayerSpecification {
  if (layer.type !== 'symbol' || !layer.layout || !('icon-image' in layer.layout)) return layer;
  const { 'icon-image': _icon, 'icon-size': _size, ...layout } = layer.layout;
  return { ...layer, layout };
}

/** The style of the street basemap, names in `language` where the tiles have them. */
export function streetStyle(basemap: StreetBasemap, language: string): StyleSpecification {
  const drawn = (layers(STREET_SOURCE, flavor(), { lang: language }) as LayerSpecification[])
    .filter((layer) => !NEEDS_SPRITE.has(layer.id))
    .map(withoutIcons);
  return {
    version: 8,
    sources: {
      [STREET_SOURCE]: {
        type: 'vector',
        tiles: [...basemap.tiles],
        minzoom: basemap.minzoom,
        maxzoom: basemap.maxzoom,
        attribution: basemap.attribution,
        ...(basemap.bounds?.length === 4
          ? { bounds: basemap.bounds as [number, number, number, number] }
          : {}),
      },
    },
    layers: drawn,
  };
}
