import type { FeatureCollection } from 'geojson';
import type {
  GeoJSONSource,
  LayerSpecification,
  Map as MapLibreMap,
  SourceSpecification,
  StyleSpecification,
} from 'maplibre-gl';
import { estimateLabelWidth, holdingLabel } from './cluster-spread';
import { DRAW_SOURCE } from './draw';
import { type Cluster, clusterRadius } from './map-data';

/* The dataset's layers, drawn above whichever basemap is chosen. */

export const RECORDS_SOURCE = 'records';
export const CLUSTERS_SOURCE = 'clusters';
export const FILTER_SOURCE = 'geo-filter';

/** Layers a pointer can pick records or clusters from. */
export const RECORD_LAYERS = ['records-fill', 'records-point'];
export const CLUSTER_LAYERS = ['clusters-circle'];

/** Layers that ring the record whose row is hovered in the list under the map. */
export const HIGHLIGHT_LAYERS = [
  'records-highlight-fill',
  'records-highlight-line',
  'records-highlight-point',
];
/** Layers that mark the record chosen (its row or its shape clicked). */
export const SELECTED_LAYERS = ['records-selected-fill', 'records-selected-line', 'records-selected-point'];

/** Icon names of cluster counts: `count:1.2k` is drawn by `countIcon` when the map first asks for it. */
export const COUNT_ICON_PREFIX = 'count:';

const ACCENT = '#1d5fbf';
const EMPTY: FeatureCollection = { type: 'FeatureCollection', features: [] };

export const DATA_SOURCES: Readonly<Record<string, SourceSpecification>> = {
  [RECORDS_SOURCE]: { type: 'geojson', data: EMPTY },
  [CLUSTERS_SOURCE]: { type: 'geojson', data: EMPTY },
  [FILTER_SOURCE]: { type: 'geojson', data: EMPTY },
  [DRAW_SOURCE]: { type: 'geojson', data: EMPTY },
};

const isArea = ['match', ['geometry-type'], ['Polygon', 'MultiPolygon'], true, false];
const isPoint = ['match', ['geometry-type'], ['Point', 'MultiPoint'], true, false];
const NO_RECORD = -1;

/** Only the record of this index, of these geometries. */
function recordFilter(geometries: readonly unknown[], index: number): never {
  return ['all', geometries, ['==', ['get', '__index'], index]] as never;
}

/**
 * Whether a mark layer marks a record now, read from its filter: a query of what it draws would look
 * at every record in view, only to find none when no record is marked (each time the map is drawn).
 */
export function marksRecord(map: MapLibreMap, layer: string): boolean {
  const filter: unknown = map.getFilter(layer);
  const test: unknown = Array.isArray(filter) ? filter[2] : undefined;
  return !(Array.isArray(test) && test[2] === NO_RECORD);
}

/** The three layers that mark one record (`records-<kind>-fill`, `-line`, `-point`), none at first. */
function recordMark(
  kind: 'highlight' | 'selected',
  look: { fill: string; fillOpacity: number; line: string; lineWidth: number },
): LayerSpecification[] {
  return [
    {
      id: `records-${kind}-fill`,
      type: 'fill',
      source: RECORDS_SOURCE,
      filter: recordFilter(isArea, NO_RECORD),
      paint: { 'fill-color': look.fill, 'fill-opacity': look.fillOpacity },
    },
    {
      id: `records-${kind}-line`,
      type: 'line',
      source: RECORDS_SOURCE,
      filter: recordFilter(['!', isPoint], NO_RECORD),
      paint: { 'line-color': look.line, 'line-width': look.lineWidth },
    },
    {
      id: `records-${kind}-point`,
      type: 'circle',
      source: RECORDS_SOURCE,
      filter: recordFilter(isPoint, NO_RECORD),
      paint: {
        'circle-color': look.fill,
        'circle-radius': 9,
        'circle-stroke-color': '#7c2d12',
        'circle-stroke-width': kind === 'selected' ? 3 : 2,
      },
    },
  ];
}

export const DATA_LAYERS: readonly LayerSpecification[] = [
  {
    id: 'geo-filter-fill',
    type: 'fill',
    source: FILTER_SOURCE,
    paint: { 'fill-color': '#f59e0b', 'fill-opacity': 0.08 },
  },
  {
    id: 'geo-filter-line',
    type: 'line',
    source: FILTER_SOURCE,
    paint: { 'line-color': '#b45309', 'line-width': 2, 'line-dasharray': [2, 1] },
  },
  {
    id: 'records-fill',
    type: 'fill',
    source: RECORDS_SOURCE,
    filter: isArea as never,
    paint: { 'fill-color': ACCENT, 'fill-opacity': 0.25 },
  },
  {
    id: 'records-outline',
    type: 'line',
    source: RECORDS_SOURCE,
    filter: [
      'match',
      ['geometry-type'],
      ['Polygon', 'MultiPolygon', 'LineString', 'MultiLineString'],
      true,
      false,
    ],
    paint: { 'line-color': ACCENT, 'line-width': 1.2 },
  },
  {
    id: 'records-point',
    type: 'circle',
    source: RECORDS_SOURCE,
    filter: ['match', ['geometry-type'], ['Point', 'MultiPoint'], true, false],
    paint: {
      'circle-color': ACCENT,
      'circle-radius': ['interpolate', ['linear'], ['zoom'], 2, 2.5, 8, 5, 14, 7],
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 1,
      'circle-opacity': 0.85,
    },
  },
  // The record chosen, then the one hovered above it: each drawn as its geometry is, an area filled and
  // outlined, a line traced, a point ringed (a circle layer draws a dot at every vertex of a polygon).
  ...recordMark('selected', { fill: '#d97706', fillOpacity: 0.45, line: '#7c2d12', lineWidth: 3.5 }),
  ...recordMark('highlight', { fill: '#f59e0b', fillOpacity: 0.35, line: '#f59e0b', lineWidth: 3 }),
  {
    id: 'clusters-circle',
    type: 'circle',
    source: CLUSTERS_SOURCE,
    paint: {
      'circle-color': [
        'step',
        ['get', 'count'],
        '#5b9bd5',
        100,
        '#1d5fbf',
        10_000,
        '#7a3db8',
        100_000,
        '#b42318',
      ],
      'circle-radius': ['get', 'radius'],
      'circle-opacity': 0.75,
      'circle-stroke-color': '#ffffff',
      'circle-stroke-width': 1.5,
    },
  },
  {
    // The count on each cluster, as an icon: drawn by the browser (countIcon), so the map needs no glyph
    // server and works offline. Every count is shown: clusters whose marks would touch were merged
    // (cluster-spread.ts), so none hides another.
    id: 'clusters-count',
    type: 'symbol',
    source: CLUSTERS_SOURCE,
    layout: {
      'icon-image': ['concat', COUNT_ICON_PREFIX, ['get', 'label']],
      'icon-allow-overlap': true,
      'icon-ignore-placement': true,
    },
  },
  {
    id: 'draw-fill',
    type: 'fill',
    source: DRAW_SOURCE,
    filter: isArea as never,
    paint: { 'fill-color': '#f59e0b', 'fill-opacity': 0.2 },
  },
  {
    id: 'draw-line',
    type: 'line',
    source: DRAW_SOURCE,
    paint: { 'line-color': '#b45309', 'line-width': 2 },
  },
];

/** What the dataset's sources hold, by source id (empty when not given). */
export type SourceData = Readonly<Partial<Record<string, FeatureCollection>>>;

const holdsSomething = (data: FeatureCollection | undefined): data is FeatureCollection =>
  data !== undefined && data.features.length > 0;

const sourceOf = (layer: LayerSpecification): string | undefined =>
  'source' in layer && typeof layer.source === 'string' ? layer.source : undefined;

/**
 * A basemap's style with the dataset's sources that hold something (and their layers) above it: the map
 * then cuts and draws everything in one pass, where adding them once the basemap had loaded cost a second
 * round of tiles and frames (each frame drawn in software where there is no GPU). An empty source is
 * left out: its tiles, though empty, were cut, sent and drawn all the same.
 */
export function withDataLayers(style: StyleSpecification, data: SourceData): StyleSpecification {
  const sources = { ...style.sources };
  for (const [id, collection] of Object.entries(data))
    if (holdsSomething(collection)) sources[id] = { type: 'geojson', data: collection };
  const layers = DATA_LAYERS.filter((layer) => (sourceOf(layer) ?? '') in sources);
  return { ...style, sources, layers: [...style.layers, ...layers] };
}

/**
 * Gives one of the dataset's sources its data; the first time it holds something, the source is added,
 * with its layers at their place among the dataset's layers.
 */
export function setSourceData(map: MapLibreMap, id: string, data: FeatureCollection): void {
  const source = map.getSource<GeoJSONSource>(id);
  if (source) {
    source.setData(data);
    return;
  }
  if (!holdsSomething(data)) return;
  map.addSource(id, { type: 'geojson', data });
  DATA_LAYERS.forEach((layer, index) => {
    if (sourceOf(layer) !== id) return;
    const later = DATA_LAYERS.slice(index + 1).find((next) => map.getLayer(next.id));
    map.addLayer(layer, later?.id);
  });
}

/** Clusters as points sized by their count relative to the largest one in view, each holding its count. */
export function clusterFeatures(
  clusters: readonly Cluster[],
  label: (count: number) => string = String,
): FeatureCollection {
  const largest = clusters.reduce((max, c) => Math.max(max, c.count), 1);
  return {
    type: 'FeatureCollection',
    features: clusters.map((c, index) => ({
      type: 'Feature',
      properties: {
        index,
        count: c.count,
        radius: holdingLabel(clusterRadius(c.count, largest), countLabelWidth(label(c.count))),
        label: label(c.count),
        ...(c.value === undefined ? {} : { value: c.value }),
        ...(c.category === undefined ? {} : { category: c.category }),
      },
      geometry: { type: 'Point', coordinates: [c.lon, c.lat] },
    })),
  };
}

let scratch: CanvasRenderingContext2D | null | undefined;

/**
 * One canvas for every count, kept in memory for reading back: a new canvas per count, read from
 * where the browser draws canvases, took 11-30 ms for a map's forty counts, before its first frame.
 */
function scratchContext(): CanvasRenderingContext2D | null {
  if (typeof document === 'undefined') return null;
  scratch ??= document.createElement('canvas').getContext('2d', { willReadFrequently: true });
  return scratch;
}

const COUNT_FONT_PX = 12;
const countFont = (pixelRatio: number) =>
  `600 ${COUNT_FONT_PX * pixelRatio}px system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif`;
const labelWidths = new Map<string, number>();

/** The width in CSS pixels of a count's image (countIcon), measured with the page's font. */
export function countLabelWidth(text: string): number {
  let width = labelWidths.get(text);
  if (width === undefined) {
    const context = scratchContext();
    if (!context) return estimateLabelWidth(text);
    context.font = countFont(1);
    width = Math.ceil(context.measureText(text).width + 6);
    labelWidths.set(text, width);
  }
  return width;
}

/**
 * The image of one cluster count (white figures with a dark halo), for MapLibre's `addImage`. Drawn with
 * the page's own font on a canvas at the screen's pixel ratio.
 */
export function countIcon(
  text: string,
  pixelRatio: number,
): { width: number; height: number; data: Uint8ClampedArray } | undefined {
  const context = scratchContext();
  if (!context) return undefined;
  const canvas = context.canvas;
  const font = countFont(pixelRatio);
  context.font = font;
  const width = Math.ceil(context.measureText(text).width + 6 * pixelRatio);
  const height = Math.ceil(18 * pixelRatio);
  canvas.width = width;
  canvas.height = height;
  // Resizing a canvas resets its state.
  context.font = font;
  context.textAlign = 'center';
  context.textBaseline = 'middle';
  context.lineJoin = 'round';
  context.lineWidth = 3 * pixelRatio;
  context.strokeStyle = 'rgba(16, 24, 40, 0.7)';
  context.strokeText(text, width / 2, height / 2);
  context.fillStyle = '#ffffff';
  context.fillText(text, width / 2, height / 2);
  return { width, height, data: context.getImageData(0, 0, width, height).data };
}

/** Rings one record (its `__index`), or none. */
/** Marks one record (hovered or chosen) on the map, or none. */
export function markRecord(map: MapLibreMap, layers: readonly string[], index: number | undefined): void {
  const [fill, line, point] = layers;
  const at = index ?? NO_RECORD;
  if (fill && map.getLayer(fill)) map.setFilter(fill, recordFilter(isArea, at));
  if (line && map.getLayer(line)) map.setFilter(line, recordFilter(['!', isPoint], at));
  if (point && map.getLayer(point)) map.setFilter(point, recordFilter(isPoint, at));
}

export function setHighlight(map: MapLibreMap, index: number | undefined): void {
  markRecord(map, HIGHLIGHT_LAYERS, index);
}
