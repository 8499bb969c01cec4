import type { FeatureCollection } from 'geojson';
import type * as maplibregl from 'maplibre-gl';
import { BASEMAP_LAND_LAYER } from './basemap';
import { AREAS_FILL, HEATMAP_LAYER } from './display-layers';
import { countBoxes, overlapping } from './drawn-marks';
import { FEATURE_INDEX } from './features';
import {
  CLUSTER_LAYERS,
  CLUSTERS_SOURCE,
  COUNT_ICON_PREFIX,
  countIcon,
  RECORD_LAYERS,
  setSourceData,
} from './layers';
import type { Bounds } from './map-data';
import type { MapLocation } from './map-view';
import { marksDrawn } from './record-marks';
import { STREET_LAYERS } from './street-basemap';

/* MapCanvas's dealings with MapLibre that need none of its state: views, sources, icons, marks. */

export interface Viewport {
  readonly bounds: Bounds;
  readonly zoom: number;
}

export function viewportOf(map: maplibregl.Map): Viewport {
  const b = map.getBounds();
  return {
    bounds: { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() },
    zoom: map.getZoom(),
  };
}

export function locationOf(map: maplibregl.Map): MapLocation {
  const center = map.getCenter();
  return { zoom: map.getZoom(), lat: center.lat, lon: center.lng };
}

/** Adds the image of a cluster count (`count:…`) unless the map has it. */
export function addCountIcon(map: maplibregl.Map, id: string): void {
  if (!id.startsWith(COUNT_ICON_PREFIX) || map.hasImage(id)) return;
  const ratio = window.devicePixelRatio || 1;
  const icon = countIcon(id.slice(COUNT_ICON_PREFIX.length), ratio);
  if (icon) map.addImage(id, icon, { pixelRatio: ratio });
}

/**
 * What is drawn, for people using assistive technology and for the browser tests alike; `ready` once
 * the map has drawn every answer it waited for.
 */
export function markDrawn(map: maplibregl.Map, element: HTMLElement, ready: boolean): void {
  // A feature near a tile's edge may be returned once per tile: counted once, a record by its index,
  // anything else by where it stands (a record's geometry, read out of the tile, costs more than the
  // rest of the count for a few thousand records).
  const shown = (layers: readonly string[]) => {
    const present = layers.filter((id) => map.getLayer(id));
    if (present.length === 0) return 0;
    return new Set(
      map.queryRenderedFeatures({ layers: present }).map((feature) => {
        const index = feature.properties[FEATURE_INDEX];
        return index === undefined
          ? `${feature.layer.id} ${JSON.stringify(feature.geometry)}`
          : `${feature.layer.id} #${index}`;
      }),
    ).size;
  };
  element.dataset.records = String(shown(RECORD_LAYERS));
  element.dataset.clusters = String(shown(CLUSTER_LAYERS));
  element.dataset.clusterCounts = String(shown(['clusters-count']));
  element.dataset.countOverlaps = String(overlapping(countBoxes(map, 'clusters-count')));
  // Pieces of land the offline basemap draws (cut at tile edges): none on the online one.
  element.dataset.basemapLand = String(shown([BASEMAP_LAND_LAYER]));
  // Land, roads and town names of the publisher's street basemap.
  element.dataset.streetFeatures = String(shown(STREET_LAYERS));
  element.dataset.marks = marksDrawn(map);
  // The display mode's own layers: another dataset's areas, a heat map.
  element.dataset.areas = String(shown([AREAS_FILL]));
  element.dataset.heatmap = String(map.getLayer(HEATMAP_LAYER) !== undefined);
  element.dataset.ready = String(ready);
}

export function fitTo(map: maplibregl.Map, { west, south, east, north }: Bounds): void {
  const camera = map.cameraForBounds(
    [
      [west, south],
      [east, north],
    ],
    // A lone point or a tight group still shows its surroundings (a town, a coastline).
    { padding: 40, maxZoom: 10 },
  );
  if (!camera) return;
  // Never less than one world across the map: records all round the globe, from the Arctic to the
  // Antarctic, would otherwise show it two or three times side by side, each copy tiny.
  const oneWorld = Math.log2(map.getContainer().clientWidth / TILE_SIZE);
  map.jumpTo({ ...camera, zoom: Math.max(camera.zoom ?? 0, oneWorld) });
}

/** MapLibre's world is 512 pixels across at zoom 0. */
const TILE_SIZE = 512;

/** Gives a source new data, unless it holds that data already (from the map's first style). */
export function showData(
  map: maplibregl.Map,
  sent: Map<string, FeatureCollection>,
  id: string,
  data: FeatureCollection,
): void {
  if (sent.get(id) === data) return;
  sent.set(id, data);
  setSourceData(map, id, data);
}

/** Clusters, with the image of every count they show added first. */
export function showClusters(
  map: maplibregl.Map,
  sent: Map<string, FeatureCollection>,
  clusters: FeatureCollection,
): void {
  if (sent.get(CLUSTERS_SOURCE) === clusters) return;
  addCountIcons(map, clusters);
  showData(map, sent, CLUSTERS_SOURCE, clusters);
}

/**
 * The image of every count the clusters show, added before their tiles are cut: an image the worker
 * finds missing is asked for on `styleimagemissing`, but icons added that way while the first style
 * loaded were left out of some first pictures (a few counts of forty drawn).
 */
export function addCountIcons(map: maplibregl.Map, clusters: FeatureCollection): void {
  for (const feature of clusters.features)
    addCountIcon(map, `${COUNT_ICON_PREFIX}${feature.properties?.label}`);
}
