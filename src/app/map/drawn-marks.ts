import type * as maplibregl from 'maplibre-gl';
import { COUNT_ICON_PREFIX } from './layers';

/*
 * Where the cluster counts stand on the screen, for the map's `data-count-overlaps`: how many counts are
 * drawn over another (none, since clusters are spread apart: cluster-spread.ts). The browser tests
 * read it; it costs one pass over the counts in view once the map is drawn.
 */

export interface Box {
  readonly x: number;
  readonly y: number;
  readonly halfWidth: number;
  readonly halfHeight: number;
}

/** How many boxes overlap at least one other (boxes that only touch do not). */
export function overlapping(boxes: readonly Box[]): number {
  const sorted = [...boxes].sort((a, b) => a.x - a.halfWidth - (b.x - b.halfWidth));
  const over = new Set<number>();
  for (let i = 0; i < sorted.length; i++) {
    const a = sorted[i]!;
    for (let j = i + 1; j < sorted.length; j++) {
      const b = sorted[j]!;
      if (b.x - b.halfWidth >= a.x + a.halfWidth) break;
      if (Math.abs(a.y - b.y) < a.halfHeight + b.halfHeight) {
        over.add(i);
        over.add(j);
      }
    }
  }
  return over.size;
}

/** The boxes of the counts drawn on the map (a count cut at a tile seam is counted once). */
export function countBoxes(map: maplibregl.Map, layer: string): Box[] {
  if (!map.getLayer(layer)) return [];
  const seen = new Set<string>();
  const boxes: Box[] = [];
  for (const feature of map.queryRenderedFeatures({ layers: [layer] })) {
    if (feature.geometry.type !== 'Point') continue;
    const [lon, lat] = feature.geometry.coordinates as [number, number];
    const key = `${lon} ${lat}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const image = map.getImage(`${COUNT_ICON_PREFIX}${String(feature.properties.label)}`);
    if (!image) continue;
    const point = map.project([lon, lat]);
    boxes.push({
      x: point.x,
      y: point.y,
      halfWidth: image.data.width / image.pixelRatio / 2,
      halfHeight: image.data.height / image.pixelRatio / 2,
    });
  }
  return boxes;
}
