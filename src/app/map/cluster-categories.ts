import type { RecordsResponse } from '../../api';
import { cellSize } from './map-data';

/*
 * Clusters of a categories map: the server counts each cluster cell once per value of the field
 * (`group_by=geo_cluster(…) as cluster, field as category`), and the cell is drawn as one cluster
 * coloured by its most frequent value. A cell's rows share its grid square (a centroid lies in its
 * cell), so they are merged by the square their centroids fall in: counts summed, centroids weighted
 * by their counts.
 */

interface Cell {
  lon: number;
  lat: number;
  count: number;
  top: { category: unknown; count: number };
}

const merged = new WeakMap<RecordsResponse, RecordsResponse>();

function centroidOf(row: Record<string, unknown>): { lon: number; lat: number } | undefined {
  const cluster = row.cluster as { cluster_centroid?: { lon?: unknown; lat?: unknown } } | undefined;
  const c = cluster?.cluster_centroid;
  return typeof c?.lon === 'number' && typeof c.lat === 'number' ? { lon: c.lon, lat: c.lat } : undefined;
}

/** One row per cell, `category` its most frequent value; the same object for the same answer. */
export function clustersByCell(answer: RecordsResponse, zoom: number): RecordsResponse {
  const known = merged.get(answer);
  if (known) return known;
  const size = cellSize(zoom);
  const cells = new Map<string, Cell>();
  for (const row of answer.results) {
    const centroid = centroidOf(row);
    const count = Number(row.count);
    if (!centroid || !Number.isFinite(count) || count <= 0) continue;
    const key = `${Math.floor(centroid.lon / size)} ${Math.floor(centroid.lat / size)}`;
    const cell = cells.get(key) ?? { lon: 0, lat: 0, count: 0, top: { category: null, count: 0 } };
    cell.lon += centroid.lon * count;
    cell.lat += centroid.lat * count;
    cell.count += count;
    if (count > cell.top.count) cell.top = { category: row.category, count };
    cells.set(key, cell);
  }
  const result: RecordsResponse = {
    ...answer,
    results: [...cells.values()].map((cell) => ({
      cluster: { cluster_centroid: { lon: cell.lon / cell.count, lat: cell.lat / cell.count } },
      count: cell.count,
      category: cell.top.category,
    })),
  };
  merged.set(answer, result);
  return result;
}
