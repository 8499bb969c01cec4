import * as maplibregl from 'maplibre-gl';
import { AREAS_FILL } from './display-layers';
import { CLUSTER_LAYERS, CLUSTERS_SOURCE, RECORD_LAYERS, RECORDS_SOURCE } from './layers';

/*
 * What a pointer on the map designates: the nearest cluster under it, the records there, or else the
 * area of another dataset under it (a display mode's, with the aggregate joined on it).
 */

/** An area of another dataset: its joined key, its name when it has one, the aggregate joined on it. */
export interface AreaPick {
  readonly kind: 'area';
  readonly key: string;
  readonly name?: string | undefined;
  readonly value?: number | undefined;
}

/** What the pointer is over or clicked: records (feature indexes), one cluster (its index), an area. */
export type Pick =
  | { readonly kind: 'records'; readonly indexes: readonly number[] }
  | { readonly kind: 'cluster'; readonly index: number; readonly lon: number; readonly lat: number }
  | AreaPick;

/** Layers of shapes: a pointer picks those it is inside, not their neighbours a few pixels away. */
const SHAPE_LAYERS = new Set(['records-fill', AREAS_FILL]);

/** The cluster or records at a point of the map's canvas. */
export function pickAt(map: maplibregl.Map, point: maplibregl.PointLike): Pick | undefined {
  const layers = [...CLUSTER_LAYERS, ...RECORD_LAYERS, AREAS_FILL].filter((id) => map.getLayer(id));
  const [x, y] = point instanceof maplibregl.Point ? [point.x, point.y] : (point as [number, number]);
  // A few pixels of slack make small points and circles easy to hit, with a finger too. Shapes are
  // picked where the pointer is: with slack, a tap on a small borough picked its neighbours as well.
  const box: [maplibregl.PointLike, maplibregl.PointLike] = [
    [x - 4, y - 4],
    [x + 4, y + 4],
  ];
  const marks = layers.filter((id) => !SHAPE_LAYERS.has(id));
  const shapes = layers.filter((id) => SHAPE_LAYERS.has(id));
  const hits = [
    ...(marks.length > 0 ? map.queryRenderedFeatures(box, { layers: marks }) : []),
    ...(shapes.length > 0 ? map.queryRenderedFeatures([x, y], { layers: shapes }) : []),
  ];
  // Of the clusters under the pointer, the one whose centre is nearest.
  let nearest: { pick: Pick; distance: number } | undefined;
  for (const hit of hits) {
    if (hit.source !== CLUSTERS_SOURCE || hit.geometry.type !== 'Point') continue;
    const [lon, lat] = hit.geometry.coordinates as [number, number];
    const distance = map.project([lon, lat]).dist(new maplibregl.Point(x, y));
    if (!nearest || distance < nearest.distance) {
      nearest = { pick: { kind: 'cluster', index: Number(hit.properties.index), lon, lat }, distance };
    }
  }
  if (nearest) return nearest.pick;
  const indexes = [
    ...new Set(hits.filter((f) => f.source === RECORDS_SOURCE).map((f) => Number(f.properties.__index))),
  ];
  if (indexes.length > 0) return { kind: 'records', indexes };
  const area = hits.find((f) => f.layer.id === AREAS_FILL);
  return area ? areaPick(area.properties) : undefined;
}

/** The area's properties as areas are joined (useMapDisplay: `key`, `name`, `value`). */
function areaPick(properties: Record<string, unknown>): AreaPick {
  const { key, name, value } = properties;
  return {
    kind: 'area',
    key: key === null || key === undefined ? '' : String(key),
    name: typeof name === 'string' && name !== '' ? name : undefined,
    value: typeof value === 'number' && Number.isFinite(value) ? value : undefined,
  };
}

/**
 * The left edge of a pointer's tooltip `width` wide on a map `mapWidth` wide: right of the pointer, else
 * left of it, else against the map's right edge (a phone's map is narrower than some names).
 */
export function hoverLeft(x: number, width: number, mapWidth: number): number {
  const gap = 12;
  const margin = 4;
  if (x + gap + width <= mapWidth - margin) return x + gap;
  if (x - gap - width >= margin) return x - gap - width;
  return Math.max(margin, mapWidth - margin - width);
}
