import { describe, expect, it } from 'vitest';
import type { DatasetField } from '../../api';
import {
  CLUSTER_LIMIT,
  cellSize,
  clusterArea,
  clusterCell,
  clusterField,
  clusterParams,
  clusterRadius,
  clusterZoom,
  FEATURE_THRESHOLD,
  featureSelect,
  geometryField,
  mapMode,
  readClusters,
  withWhere,
} from './map-data';

const field = (name: string, type: DatasetField['type']): DatasetField => ({ name, label: name, type });

describe('what the map draws', () => {
  it('draws shapes when there are some, else the first point field', () => {
    const boroughs = [field('name', 'text'), field('centroid', 'geo_point_2d'), field('shape', 'geo_shape')];
    expect(geometryField(boroughs)).toMatchObject({ name: 'shape', type: 'geo_shape' });
    expect(clusterField(boroughs)).toBe('centroid');
    expect(geometryField([field('a', 'text'), field('coordinates', 'geo_point_2d')])).toMatchObject({
      name: 'coordinates',
    });
    expect(geometryField([field('a', 'text')])).toBeUndefined();
  });

  it('draws records up to the threshold and clusters above it, unless there is no point to cluster by', () => {
    expect(mapMode(3_376, true)).toBe('features');
    expect(mapMode(FEATURE_THRESHOLD, true)).toBe('features');
    expect(mapMode(FEATURE_THRESHOLD + 1, true)).toBe('clusters');
    expect(mapMode(42_049, true)).toBe('clusters');
    expect(mapMode(3_000_000, false)).toBe('features');
  });

  it('asks the export for the drawn geometry first and leaves the other geometries out', () => {
    const fields = [field('date', 'date'), field('centroid', 'geo_point_2d'), field('shape', 'geo_shape')];
    const geometry = geometryField(fields);
    expect(geometry && featureSelect(fields, geometry)).toBe('shape, `date`');
  });
});

describe('clusters', () => {
  it('count in 256-pixel tiles, one level above the 512-pixel map zoom, within 0 to 25', () => {
    expect(clusterZoom(0.4)).toBe(1);
    expect(clusterZoom(3.99)).toBe(4);
    expect(clusterZoom(-1)).toBe(0);
    expect(clusterZoom(30)).toBe(25);
  });

  it('are asked for in the visible area widened and snapped to blocks of cells', () => {
    const zoom = 5;
    const view = { west: -80, south: 35, east: -70, north: 42 };
    const area = clusterArea(view, zoom);
    expect(area).toBeDefined();
    if (!area) return;
    const block = cellSize(zoom) * 8;
    expect(area.west).toBeLessThanOrEqual(-85);
    expect(area.east).toBeGreaterThanOrEqual(-65);
    expect(area.south).toBeLessThanOrEqual(31.5);
    expect(area.north).toBeGreaterThanOrEqual(45.5);
    for (const edge of [area.west, area.east, area.south, area.north]) {
      expect(Math.abs(edge / block - Math.round(edge / block))).toBeLessThan(1e-9);
    }
    // A small pan asks the same question.
    expect(clusterArea({ west: -79.9, south: 35.1, east: -69.9, north: 42.1 }, zoom)).toEqual(area);
  });

  it('cover the whole world without an area filter when zoomed out', () => {
    expect(clusterArea({ west: -400, south: -85, east: 400, north: 85 }, 1)).toBeUndefined();
  });

  it('are one group_by request with the filters and the area', () => {
    const params = clusterParams({ where: 'search("x")', refine: ['state:NY'] }, 'coordinates', 6, {
      west: -75,
      south: 40,
      east: -73,
      north: 41,
    });
    expect(params).toEqual({
      where: ['search("x")', 'in_bbox(coordinates, 40, -75, 41, -73)'],
      refine: ['state:NY'],
      select: 'count(*) as count',
      group_by: 'geo_cluster(coordinates, 6, 40) as cluster',
      limit: CLUSTER_LIMIT,
    });
    expect(withWhere({}, undefined)).toEqual({});
  });

  it('read the server groups and skip groups without a point', () => {
    const clusters = readClusters([
      { cluster: { cluster_centroid: { lat: 40.7, lon: -74 } }, count: 120 },
      { cluster: null, count: 3 },
      { cluster: { cluster_centroid: { lat: 1, lon: 2 } }, count: '7' },
    ]);
    expect(clusters).toEqual([
      { lat: 40.7, lon: -74, count: 120 },
      { lat: 1, lon: 2, count: 7 },
    ]);
  });

  it('grow in area with their count', () => {
    expect(clusterRadius(1, 1)).toBe(5);
    expect(clusterRadius(1, 1000)).toBe(5);
    expect(clusterRadius(1000, 1000)).toBe(20);
    // A quarter of the records, half the radius above the smallest.
    expect(clusterRadius(250, 1000)).toBe(12);
  });

  it('list the records of the cell they were counted in', () => {
    const zoom = 4;
    const size = cellSize(zoom);
    const cell = clusterCell({ lon: -73.95, lat: 40.7, count: 10 }, zoom);
    expect(cell.east - cell.west).toBeCloseTo(size);
    expect(cell.west).toBeLessThanOrEqual(-73.95);
    expect(cell.east).toBeGreaterThan(-73.95);
    expect(cell.south).toBeLessThanOrEqual(40.7);
    expect(cell.north).toBeGreaterThan(40.7);
    expect(Math.round(cell.west / size) * size).toBeCloseTo(cell.west);
  });
});
