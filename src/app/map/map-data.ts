import { type DatasetField, quoteField, type RecordsParams, type RecordsResponse } from '../../api';
import { bboxFilter, geoFilterClause } from '../filters/geo-filter';

/*
 * What the map asks the server for. Few records come as themselves (the GeoJSON export); many come as
 * clusters counted on the server for the visible area and zoom, so the browser never holds millions of
 * points.
 */

/**
 * Up to this many records the map draws the records themselves. 5,000 points are about 1.5 MB of GeoJSON
 * (airports: 3,376 records in about 1 MB), which downloads in well under a second and which MapLibre draws
 * and hit-tests without a stutter, even in software WebGL; above it (`us-zip-codes`: 42,049 records,
 * about 12 MB) the download and parse dominate, and overlapping points say less than counted clusters.
 */
export const FEATURE_THRESHOLD = 5_000;

/** Clusters per request at most: the records endpoint's ceiling for groups. */
export const CLUSTER_LIMIT = 20_000;

/** Side of a cluster cell in pixels of a 256-pixel tile (geo_cluster's `radius`). */
export const CLUSTER_RADIUS = 40;

export interface GeometryField {
  readonly name: string;
  readonly label: string;
  readonly type: 'geo_point_2d' | 'geo_shape';
}

/**
 * The field the map draws: shapes when the dataset has them (boroughs read better as areas than as
 * centroids), else its first point field; undefined when the dataset has no geometry.
 */
export function geometryField(fields: readonly DatasetField[]): GeometryField | undefined {
  const shape = fields.find((f) => f.type === 'geo_shape');
  if (shape) return { name: shape.name, label: shape.label, type: 'geo_shape' };
  const point = fields.find((f) => f.type === 'geo_point_2d');
  return point ? { name: point.name, label: point.label, type: 'geo_point_2d' } : undefined;
}

/**
 * The export's `select`: the drawn geometry first, then every other field but the other shapes (their
 * coordinates would weigh as much again): the list under the map shows points as the table does.
 */
export function featureSelect(fields: readonly DatasetField[], geometry: GeometryField): string {
  const others = fields.filter((f) => f.name !== geometry.name && f.type !== 'geo_shape');
  return [geometry.name, ...others.map((f) => f.name)].map(quoteField).join(', ');
}

/** A point field to cluster by: clusters are counted on points, so shapes need a point beside them. */
export function clusterField(fields: readonly DatasetField[]): string | undefined {
  return fields.find((f) => f.type === 'geo_point_2d')?.name;
}

export type MapMode = 'features' | 'clusters';

/** Features when they are few, or when there is no point to cluster by (shapes are drawn up to the limit). */
export function mapMode(total: number, canCluster: boolean): MapMode {
  return total <= FEATURE_THRESHOLD || !canCluster ? 'features' : 'clusters';
}

export interface Bounds {
  readonly west: number;
  readonly south: number;
  readonly east: number;
  readonly north: number;
}

/**
 * geo_cluster counts in 256-pixel tiles and MapLibre draws 512-pixel ones, so the server's zoom is the
 * map's plus one; whole levels only, so that a zoom gesture reuses a request until the level changes.
 */
export function clusterZoom(mapZoom: number): number {
  return Math.min(25, Math.max(0, Math.floor(mapZoom) + 1));
}

/** Side of a geo_cluster cell in degrees (cells are squares of latitude and longitude on the server). */
export function cellSize(zoom: number): number {
  return (CLUSTER_RADIUS * 360) / (256 * 2 ** zoom);
}

/**
 * The area to count clusters in: the visible bounds widened by half a screen each way (so a small pan
 * shows clusters already there) and snapped outward to whole blocks of 8 × 8 cells (so small pans ask the
 * same question, answered from the cache, and no cell is cut in two). Undefined for the whole world.
 */
export function clusterArea(bounds: Bounds, zoom: number): Bounds | undefined {
  const step = cellSize(zoom) * 8;
  const padX = (bounds.east - bounds.west) / 2;
  const padY = (bounds.north - bounds.south) / 2;
  // A view across the antimeridian (the Aleutians, Guam) shows records of both sides: every longitude.
  const across = bounds.west - padX < -180 || bounds.east + padX > 180;
  const west = across ? -180 : Math.floor((bounds.west - padX) / step) * step;
  const east = across ? 180 : Math.ceil((bounds.east + padX) / step) * step;
  const south = Math.max(-90, Math.floor((bounds.south - padY) / step) * step);
  const north = Math.min(90, Math.ceil((bounds.north + padY) / step) * step);
  if (west <= -180 && east >= 180 && south <= -90 && north >= 90) return undefined;
  if (east - west >= 360) return { west: -180, east: 180, south, north };
  return { west, south, east, north };
}

type FilterParams = Pick<RecordsParams, 'where' | 'refine' | 'exclude'>;

function whereList(where: RecordsParams['where']): string[] {
  if (where === undefined) return [];
  return typeof where === 'string' ? [where] : [...where];
}

/** The filters plus one more `where` clause (the portal ANDs repeated clauses). */
export function withWhere(filters: FilterParams, clause: string | undefined): FilterParams {
  if (clause === undefined) return filters;
  return { ...filters, where: [...whereList(filters.where), clause] };
}

/** The in_bbox clause of an area, or undefined for the whole world. */
export function areaClause(field: string, area: Bounds | undefined): string | undefined {
  if (!area) return undefined;
  const box = bboxFilter(field, [area.west, area.south], [area.east, area.north]);
  return box ? geoFilterClause(box) : undefined;
}

export function clusterParams(
  filters: FilterParams,
  field: string,
  zoom: number,
  area: Bounds | undefined,
  /** An aggregate to colour clusters by (`avg(delay)`), answered as `value`. */
  value?: string,
  /** A field whose values split each cluster (cluster-categories.ts), answered as `category`. */
  category?: string,
): RecordsParams {
  return {
    ...withWhere(filters, areaClause(field, area)),
    select: value ? `count(*) as count, ${value} as value` : 'count(*) as count',
    group_by: `geo_cluster(${field}, ${zoom}, ${CLUSTER_RADIUS}) as cluster${category ? `, ${category} as category` : ''}`,
    limit: CLUSTER_LIMIT,
  };
}

export interface Cluster {
  readonly lon: number;
  readonly lat: number;
  readonly count: number;
  /** The aggregate asked for beside the count, when one was (null: no record had a value). */
  readonly value?: number | null;
  /** The most frequent value of the categories' field in the cluster, when one was asked. */
  readonly category?: string | null;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** Reads `{cluster: {cluster_centroid: {lat, lon}}, count}` groups; groups without a point are skipped. */
export function readClusters(results: readonly Record<string, unknown>[]): Cluster[] {
  const clusters: Cluster[] = [];
  for (const row of results) {
    const cluster = row.cluster;
    const centroid = isObject(cluster) ? cluster.cluster_centroid : undefined;
    if (!isObject(centroid) || typeof centroid.lat !== 'number' || typeof centroid.lon !== 'number') continue;
    const count = Number(row.count);
    if (!Number.isFinite(count) || count <= 0) continue;
    const value = row.value === undefined ? undefined : row.value === null ? null : Number(row.value);
    const category =
      row.category === undefined ? undefined : row.category === null ? null : String(row.category);
    clusters.push({
      lon: centroid.lon,
      lat: centroid.lat,
      count,
      ...(value === undefined ? {} : { value }),
      ...(category === undefined ? {} : { category }),
    });
  }
  return clusters;
}

/**
 * Circle radius in pixels: the area grows with the count, from 5 px for one record to 20 px for the
 * largest cluster in view. Cells are 40 to 80 screen pixels wide (see `clusterZoom`), so circles of
 * neighbouring cells do not cover each other.
 */
export function clusterRadius(count: number, largest: number): number {
  if (largest <= 1) return 5;
  const share = Math.sqrt(Math.max(0, count - 1) / (largest - 1));
  return Math.round(5 + share * 15);
}

/** The zoom of the clusters the first view is fitted on: cells under a degree wide. */
export const FIT_CLUSTER_ZOOM = 6;

/**
 * The cell a cluster was counted in, whose records a click on it lists: a cluster's centroid is the
 * mean of its points, so it lies in their cell.
 */
export function clusterCell(cluster: Cluster, zoom: number): Bounds {
  const size = cellSize(zoom);
  const west = Math.floor(cluster.lon / size) * size;
  const south = Math.floor(cluster.lat / size) * size;
  return { west, south, east: west + size, north: south + size };
}

/**
 * The server's answer for clusters at `zoom` in `area` (clusterParams), summed from its answer at a finer
 * zoom over the whole selection (`fine`, at FIT_CLUSTER_ZOOM: the extent the first view is fitted on).
 * Cells are squares on one grid from 0°, whose side halves with each zoom level, so each finer cell lies
 * in one coarser cell; the area is whole blocks of coarser cells (clusterArea); and a cluster's centroid
 * is the mean of its points, so the merged centroid is the count-weighted mean. The map's first view, and
 * any view zoomed out from it, is then drawn without asking again. Undefined for a finer zoom, or when
 * the finer answer may be cut short by the limit.
 */
export function coarserClusterAnswer(
  fine: RecordsResponse | undefined,
  zoom: number,
  area: Bounds | undefined,
): RecordsResponse | undefined {
  if (!fine || zoom > FIT_CLUSTER_ZOOM || fine.results.length >= CLUSTER_LIMIT) return undefined;
  const size = cellSize(zoom);
  const cells = new Map<string, { x: number; y: number; lon: number; lat: number; count: number }>();
  for (const c of readClusters(fine.results)) {
    if (area && (c.lon < area.west || c.lon > area.east || c.lat < area.south || c.lat > area.north))
      continue;
    const x = Math.floor(c.lon / size);
    const y = Math.floor(c.lat / size);
    const key = `${x} ${y}`;
    const cell = cells.get(key) ?? { x, y, lon: 0, lat: 0, count: 0 };
    cell.lon += c.lon * c.count;
    cell.lat += c.lat * c.count;
    cell.count += c.count;
    cells.set(key, cell);
  }
  // In the server's order: by cell column, then row.
  const sorted = [...cells.values()].sort((a, b) => a.x - b.x || a.y - b.y);
  return {
    results: sorted.map((cell) => ({
      cluster: { cluster_centroid: { lat: cell.lat / cell.count, lon: cell.lon / cell.count } },
      count: cell.count,
    })),
  };
}
