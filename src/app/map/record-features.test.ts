import { describe, expect, it } from 'vitest';
import { featureRecord, nextPickedRow, rowFeatures, valueGeometry } from './record-features';
import { recordCenter } from './record-marks';

describe('the table rows on the map', () => {
  it('numbers each feature by its row, skipping rows without a place', () => {
    const rows = [
      { name: 'a', at: { lon: 2.35, lat: 48.85 } },
      { name: 'b', at: null },
      { name: 'c', at: { lon: -0.12, lat: 51.5 } },
    ];
    const collection = rowFeatures(rows, { name: 'at', type: 'geo_point_2d' });
    expect(collection.features.map((f) => f.properties?.__index)).toEqual([0, 2]);
    expect(collection.features[1]?.geometry).toEqual({ type: 'Point', coordinates: [-0.12, 51.5] });
  });

  it('reads shapes as the records list gives them, a feature or a bare geometry', () => {
    const polygon = {
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ],
    };
    expect(valueGeometry({ type: 'Feature', geometry: polygon, properties: {} }, 'geo_shape')).toEqual(
      polygon,
    );
    expect(valueGeometry(polygon, 'geo_shape')).toEqual(polygon);
    expect(valueGeometry({ type: 'Feature', geometry: null }, 'geo_shape')).toBeUndefined();
    expect(valueGeometry('POINT (1 2)', 'geo_shape')).toBeUndefined();
  });

  it('refuses points out of range or not numbers', () => {
    expect(valueGeometry({ lon: 200, lat: 10 }, 'geo_point_2d')).toBeUndefined();
    expect(valueGeometry({ lon: '2', lat: 10 }, 'geo_point_2d')).toBeUndefined();
    expect(valueGeometry({ lon: 2, lat: 10 }, 'geo_point_2d')).toEqual({
      type: 'Point',
      coordinates: [2, 10],
    });
  });

  it('goes through the rows at one place on each click', () => {
    expect(nextPickedRow([7, 3, 12], undefined)).toBe(3);
    expect(nextPickedRow([7, 3, 12], 3)).toBe(7);
    expect(nextPickedRow([7, 3, 12], 12)).toBe(3);
    expect(nextPickedRow([7, 3, 12], 40)).toBe(3);
    expect(nextPickedRow([], 3)).toBeUndefined();
  });
});

describe('the records drawn, listed under the map', () => {
  const square = {
    type: 'Polygon' as const,
    coordinates: [
      [
        [0, 50],
        [2, 50],
        [2, 52],
        [0, 52],
        [0, 50],
      ],
    ],
  };

  it('keep their geometry under its field, as the records API gives it', () => {
    const borough = featureRecord(
      { type: 'Feature', geometry: square, properties: { name: 'Croydon', __index: 3 } },
      { name: 'shape', type: 'geo_shape' },
    );
    expect(borough).toMatchObject({ name: 'Croydon', shape: square });
    const airport = featureRecord(
      { type: 'Feature', geometry: { type: 'Point', coordinates: [-122.3, 47.45] }, properties: {} },
      { name: 'coordinates', type: 'geo_point_2d' },
    );
    expect(airport.coordinates).toEqual({ lon: -122.3, lat: 47.45 });
  });

  it('are marked at their point, or the middle of their extent', () => {
    expect(recordCenter({ type: 'Feature', geometry: square, properties: {} })).toEqual([1, 51]);
    expect(
      recordCenter({ type: 'Feature', geometry: { type: 'Point', coordinates: [3, 4] }, properties: {} }),
    ).toEqual([3, 4]);
  });
});
