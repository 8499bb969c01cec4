import * as maplibregl from 'maplibre-gl';
import { CLUSTER_LAYERS, CLUSTERS_SOURCE, RECORD_LAYERS, RECORDS_SOURCE } from './layers';

/* What a pointer on the map designates: the nearest cluster under it, or the records there. */

/** What the pointer is over or clicked: records (feature indexes) or one cluster (its index). */
export type Pick =
  | { readonly kind: 'records'; readonly indexes: readonly number[] }
  | { readonly kind: 'cluster'; readonly index: number; readonly lon: number; readonly lat: number };

/** The cluster or records at a point of the map's canvas. */
export function pickAt(map: maplibregl.Map, point: maplibregl.PointLike): Pick | undefined {
  const layers = [...CLUSTER_LAYERS, ...RECORD_LAYERS].filter((id) => map.getLayer(id));
  // A few pixels of slack make small points easy to hit.
  const [x, y] = point instanceof maplibregl.Point ? [point.x, point.y] : (point as [number, number]);
  const box: [maplibregl.PointLike, maplibregl.PointLike] = [
    [x - 4, y - 4],
    [x + 4, y + 4],
  ];
  const hits = map.queryRenderedFeatures(box, { layers });
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
  return indexes.length > 0 ? { kind: 'records', indexes } : undefined;
}
