import type { FeatureCollection } from 'geojson';
import type { GeoJSONSource, LayerSpecification, Map as MapLibreMap } from 'maplibre-gl';
import { type Bin, binExpression, type CategoryColour, categoryExpression } from './colour-scales';
import { CLUSTERS_SOURCE, DATA_LAYERS } from './layers';

/*
 * What a display mode changes on the map: colours of the dataset's own layers (records, clusters),
 * layers it hides, and layers of its own (a heat map, another dataset's areas). Built from plain data
 * (bins, categories) and applied to MapLibre by `applyDisplay`, which undoes the previous mode's.
 */

export const AREAS_SOURCE = 'display-areas';
export const AREAS_FILL = 'display-areas-fill';
export const HEATMAP_LAYER = 'display-heatmap';

export interface DisplayStyle {
  /** Paint properties of the dataset's layers. */
  readonly paint: readonly { readonly layer: string; readonly property: string; readonly value: unknown }[];
  readonly hidden: readonly string[];
  /** Layers of the mode's own, above the basemap and under the dataset's marks. */
  readonly layers: readonly LayerSpecification[];
  /** The areas' shapes with their joined `value`, when the mode draws another dataset's areas. */
  readonly areas?: FeatureCollection | undefined;
}

const RECORD_LAYERS = ['records-fill', 'records-outline', 'records-point'];
const CLUSTER_DRAWING = ['clusters-circle', 'clusters-count'];

/** Clusters coloured by their aggregate's bins. */
export function clusterValueStyle(bins: readonly Bin[], field: string): DisplayStyle {
  return {
    paint: [
      { layer: 'clusters-circle', property: 'circle-color', value: binExpression(bins, 'value') },
      { layer: 'clusters-circle', property: 'circle-opacity', value: 0.9 },
      { layer: 'records-point', property: 'circle-color', value: binExpression(bins, field) },
      { layer: 'records-fill', property: 'fill-color', value: binExpression(bins, field) },
    ],
    hidden: [],
    layers: [],
  };
}

/** The clusters' counts as heat, scaled by the largest in view. */
export function heatmapStyle(largest: number): DisplayStyle {
  return {
    paint: [],
    hidden: [...CLUSTER_DRAWING, ...RECORD_LAYERS],
    layers: [
      {
        id: HEATMAP_LAYER,
        type: 'heatmap',
        source: CLUSTERS_SOURCE,
        paint: {
          // The largest count scales the intensity, not each cluster's weight: the weight, read from
          // the data, would have the clusters' tiles cut again each time the largest changes (as the
          // first answer comes); the intensity is applied as the map draws, and gives the same heat.
          'heatmap-weight': ['get', 'count'],
          'heatmap-intensity': 1.2 / Math.max(1, largest),
          'heatmap-radius': 38,
          'heatmap-opacity': 0.85,
          // ColorBrewer YlOrRd from transparent: readable on the grey basemaps and in greyscale.
          'heatmap-color': [
            'interpolate',
            ['linear'],
            ['heatmap-density'],
            0,
            'rgba(255,255,178,0)',
            0.15,
            '#fecc5c',
            0.4,
            '#fd8d3c',
            0.7,
            '#f03b20',
            1,
            '#bd0026',
          ],
        },
      } as LayerSpecification,
    ],
  };
}

export const HEATMAP_GRADIENT = ['#ffffb2', '#fecc5c', '#fd8d3c', '#f03b20', '#bd0026'];

/** Records coloured by their value of a text field; clusters by their most frequent value. */
export function categoryStyle(categories: readonly CategoryColour[], field: string): DisplayStyle {
  const colour = categoryExpression(categories, field);
  return {
    paint: [
      {
        layer: 'clusters-circle',
        property: 'circle-color',
        value: categoryExpression(categories, 'category'),
      },
      { layer: 'clusters-circle', property: 'circle-opacity', value: 0.9 },
      { layer: 'records-point', property: 'circle-color', value: colour },
      { layer: 'records-point', property: 'circle-opacity', value: 0.95 },
      { layer: 'records-fill', property: 'fill-color', value: colour },
      { layer: 'records-fill', property: 'fill-opacity', value: 0.7 },
    ],
    hidden: [],
    layers: [],
  };
}

/** Shapes filled by a number field's bins. */
export function choroplethStyle(bins: readonly Bin[], field: string): DisplayStyle {
  return {
    paint: [
      { layer: 'records-fill', property: 'fill-color', value: binExpression(bins, field) },
      { layer: 'records-fill', property: 'fill-opacity', value: 0.8 },
      { layer: 'records-outline', property: 'line-color', value: '#ffffff' },
      { layer: 'records-outline', property: 'line-width', value: 0.8 },
    ],
    hidden: [],
    layers: [],
  };
}

/** Another dataset's areas filled by the aggregate joined onto them (`value`). */
export function areasStyle(bins: readonly Bin[], areas: FeatureCollection): DisplayStyle {
  return {
    paint: [],
    hidden: [...CLUSTER_DRAWING, ...RECORD_LAYERS],
    areas,
    layers: [
      {
        id: AREAS_FILL,
        type: 'fill',
        source: AREAS_SOURCE,
        paint: { 'fill-color': binExpression(bins, 'value') as never, 'fill-opacity': 0.8 },
      },
      {
        id: 'display-areas-line',
        type: 'line',
        source: AREAS_SOURCE,
        paint: { 'line-color': '#ffffff', 'line-width': 0.8 },
      },
    ],
  };
}

const defaultPaint = (layer: string, property: string): unknown =>
  (DATA_LAYERS.find((l) => l.id === layer) as { paint?: Record<string, unknown> } | undefined)?.paint?.[
    property
  ];

function setPaint(map: MapLibreMap, layer: string, property: string, value: unknown): void {
  map.setPaintProperty(layer, property as never, value as never);
}

/** The first of the dataset's layers on the map: the mode's own go under it. */
function firstDataLayer(map: MapLibreMap): string | undefined {
  return DATA_LAYERS.find((l) => map.getLayer(l.id))?.id;
}

/**
 * Applies a display style, undoing the previous one's changes: its layers removed, its paints back to
 * the layers' own, its hidden layers shown. Layers the map does not have yet (a source still empty) are
 * skipped, and the style is applied again when they come.
 */
export function applyDisplay(
  map: MapLibreMap,
  next: DisplayStyle | undefined,
  previous: DisplayStyle | undefined,
): void {
  for (const layer of previous?.layers ?? [])
    if (!next?.layers.some((l) => l.id === layer.id) && map.getLayer(layer.id)) map.removeLayer(layer.id);
  if (previous?.areas && !next?.areas && map.getSource(AREAS_SOURCE)) map.removeSource(AREAS_SOURCE);
  // A paint the next style sets too is left for it to set: put back to the layer's own first, a paint
  // read from the data (a colour by value) would have the source's tiles cut twice more.
  for (const { layer, property } of previous?.paint ?? [])
    if (!next?.paint.some((p) => p.layer === layer && p.property === property) && map.getLayer(layer))
      setPaint(map, layer, property, defaultPaint(layer, property));
  for (const layer of previous?.hidden ?? [])
    if (!next?.hidden.includes(layer) && map.getLayer(layer))
      map.setLayoutProperty(layer, 'visibility', 'visible');
  if (!next) return;
  if (next.areas) {
    const source = map.getSource<GeoJSONSource>(AREAS_SOURCE);
    if (source) source.setData(next.areas);
    else map.addSource(AREAS_SOURCE, { type: 'geojson', data: next.areas });
  }
  for (const layer of next.layers) {
    if (map.getLayer(layer.id)) {
      for (const [property, value] of Object.entries(
        (layer as { paint?: Record<string, unknown> }).paint ?? {},
      ))
        setPaint(map, layer.id, property, value);
    } else if (!('source' in layer) || map.getSource(String(layer.source))) {
      map.addLayer(layer, firstDataLayer(map));
    }
  }
  for (const { layer, property, value } of next.paint)
    if (map.getLayer(layer)) setPaint(map, layer, property, value);
  for (const layer of next.hidden)
    if (map.getLayer(layer)) map.setLayoutProperty(layer, 'visibility', 'none');
}
