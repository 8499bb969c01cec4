import { areaClause, type Cluster, clusterCell, clusterRadius } from './map-data';

/*
 * Clusters drawn apart. The server counts points in square cells, and a cluster stands at the mean of
 * its points: two neighbouring cells' clusters can stand a few pixels apart (both near their common
 * edge), their circles and counts drawn over each other. Clusters whose circle or count would touch at
 * the zoom they are drawn at are merged into one, at the mean of their records, counting them all; its
 * members are kept, so that a click lists the records of every cell it gathers.
 */

/** A drawn cluster: one or more of the server's clusters. */
export interface DrawnCluster extends Cluster {
  /** The server's clusters it gathers (itself alone when nothing was merged into it). */
  readonly members: readonly Cluster[];
}

/** Height of a count's image (layers.ts, countIcon), in pixels. */
const LABEL_HEIGHT = 18;
/** Room kept between two clusters' marks, in pixels. */
const GAP = 2;

/**
 * The zoom clusters are spread at for a map at `mapZoom`: rounded down to a quarter, so that a small
 * zoom gesture draws the same clusters, and marks apart at that zoom are apart at the map's (farther).
 */
export function spreadZoom(mapZoom: number): number {
  return Math.floor(mapZoom * 4) / 4;
}

/** Web Mercator pixels of MapLibre's 512-pixel tiles at a zoom. */
export function projectPoint(lon: number, lat: number, zoom: number): { x: number; y: number } {
  const size = 512 * 2 ** zoom;
  const clamped = Math.max(-85.051129, Math.min(85.051129, lat));
  const phi = (clamped * Math.PI) / 180;
  return {
    x: ((lon + 180) / 360) * size,
    y: ((1 - Math.log(Math.tan(phi) + 1 / Math.cos(phi)) / Math.PI) / 2) * size,
  };
}

/**
 * A count's width in pixels, from its characters (12 px semi-bold figures, countIcon's font), when the
 * page's own measure is not at hand.
 */
export function estimateLabelWidth(text: string): number {
  let width = 6;
  for (const c of text) width += /\d/.test(c) ? 7.2 : /[A-Za-z]/.test(c) ? 8 : 3.6;
  return width;
}

/**
 * A cluster's radius grown to hold its count: the figures and their halo (the count's image less its
 * 1.5 px margins each side) as wide as the circle, so that "166K" or "546 k" is not read over the map
 * around a circle half as wide. Their corners, 5 px above and below the middle, pass the circle's edge by
 * under a pixel: rounding the circle past them merged more clusters on a phone for no gain in reading.
 */
export function holdingLabel(radius: number, labelWidth: number): number {
  return Math.max(radius, Math.ceil(labelWidth / 2 - 1.5));
}

interface Placed {
  lon: number;
  lat: number;
  count: number;
  members: Cluster[];
}

interface Mark {
  readonly x: number;
  readonly y: number;
  readonly radius: number;
  /** Half the width of its count, drawn centred over the circle. */
  readonly halfLabel: number;
}

/** Distance from a point to a box centred on (x, y), zero inside it. */
function boxDistance(px: number, py: number, x: number, y: number, halfWidth: number, halfHeight: number) {
  const dx = Math.max(0, Math.abs(px - x) - halfWidth);
  const dy = Math.max(0, Math.abs(py - y) - halfHeight);
  return Math.hypot(dx, dy);
}

/** Whether two marks' circles or counts come closer than GAP: circle and circle, count and either. */
function touch(a: Mark, b: Mark): boolean {
  const half = LABEL_HEIGHT / 2;
  if (Math.hypot(a.x - b.x, a.y - b.y) < a.radius + b.radius + GAP) return true;
  if (Math.abs(a.x - b.x) < a.halfLabel + b.halfLabel + GAP && Math.abs(a.y - b.y) < 2 * half + GAP)
    return true;
  return (
    boxDistance(b.x, b.y, a.x, a.y, a.halfLabel, half) < b.radius + GAP ||
    boxDistance(a.x, a.y, b.x, b.y, b.halfLabel, half) < a.radius + GAP
  );
}

/**
 * One pass: the largest clusters first, each of the others merged into the first kept one it touches
 * (which then stands at their mean, its circle grown). A grid of cells as wide as the widest mark finds
 * the neighbours, so a pass costs little for thousands of clusters.
 */
function mergePass(
  items: readonly Placed[],
  zoom: number,
  label: (count: number) => string,
  labelWidth: (text: string) => number,
): { items: Placed[]; merged: boolean } {
  const largest = items.reduce((max, c) => Math.max(max, c.count), 1);
  const markOf = (item: Placed): Mark => {
    const { x, y } = projectPoint(item.lon, item.lat, zoom);
    const width = labelWidth(label(item.count));
    return { x, y, radius: holdingLabel(clusterRadius(item.count, largest), width), halfLabel: width / 2 };
  };
  const marks = new Map<Placed, Mark>();
  let widest = LABEL_HEIGHT / 2;
  for (const item of items) {
    const mark = markOf(item);
    widest = Math.max(widest, mark.radius, mark.halfLabel);
    marks.set(item, mark);
  }
  // A mark grown by a merge may reach beyond its neighbouring cells: the next pass, with cells as wide
  // as it, finds what it touches.
  const cell = 2 * widest + GAP;
  const keyOf = (mark: Mark) => `${Math.floor(mark.x / cell)} ${Math.floor(mark.y / cell)}`;
  const grid = new Map<string, Placed[]>();
  const place = (item: Placed) => {
    const key = keyOf(marks.get(item)!);
    const list = grid.get(key);
    if (list) list.push(item);
    else grid.set(key, [item]);
  };
  const kept: Placed[] = [];
  let merged = false;
  for (const item of [...items].sort((a, b) => b.count - a.count)) {
    const mark = marks.get(item)!;
    const cx = Math.floor(mark.x / cell);
    const cy = Math.floor(mark.y / cell);
    let into: Placed | undefined;
    for (let dx = -1; dx <= 1 && !into; dx++)
      for (let dy = -1; dy <= 1 && !into; dy++)
        into = grid.get(`${cx + dx} ${cy + dy}`)?.find((other) => touch(marks.get(other)!, mark));
    if (!into) {
      kept.push(item);
      place(item);
      continue;
    }
    // The mean of all their records, its mark redrawn there for the rest of the pass.
    const before = keyOf(marks.get(into)!);
    const count = into.count + item.count;
    into.lon = (into.lon * into.count + item.lon * item.count) / count;
    into.lat = (into.lat * into.count + item.lat * item.count) / count;
    into.count = count;
    into.members.push(...item.members);
    marks.set(into, markOf(into));
    if (keyOf(marks.get(into)!) !== before) {
      const list = grid.get(before)!;
      list.splice(list.indexOf(into), 1);
      place(into);
    }
    merged = true;
  }
  return { items: kept, merged };
}

/**
 * The clusters as drawn at `zoom` (the map's, of 512-pixel tiles): none of their circles or counts
 * touching another's. Merging moves a cluster and grows its circle, which may make it touch another:
 * passes go on until one merges nothing (each merge leaves one cluster fewer, so they end).
 */
export function spreadClusters(
  clusters: readonly Cluster[],
  zoom: number,
  label: (count: number) => string,
  labelWidth: (text: string) => number = estimateLabelWidth,
): DrawnCluster[] {
  let items: Placed[] = clusters.map((c) => ({ lon: c.lon, lat: c.lat, count: c.count, members: [c] }));
  for (;;) {
    const pass = mergePass(items, zoom, label, labelWidth);
    items = pass.items;
    if (!pass.merged) break;
  }
  return items;
}

/**
 * The condition of a drawn cluster's records: in the cell of any of its members (the server's cells at
 * `cellZoom`, geo_cluster's zoom), each cell once.
 */
export function drawnClusterWhere(
  field: string,
  cluster: DrawnCluster,
  cellZoom: number,
): string | undefined {
  const cells = [
    ...new Set(cluster.members.flatMap((m) => areaClause(field, clusterCell(m, cellZoom)) ?? [])),
  ];
  return cells.length <= 1 ? cells[0] : `(${cells.join(' OR ')})`;
}
