import { describe, expect, it } from 'vitest';
import { bboxPolygon, geometryBbox } from './bbox';

describe('bboxPolygon', () => {
  it('starts at the north-east corner and runs counter-clockwise', () => {
    expect(bboxPolygon(-1, -2, 3, 4)).toEqual({
      type: 'Polygon',
      coordinates: [
        [
          [3, 4],
          [-1, 4],
          [-1, -2],
          [3, -2],
          [3, 4],
        ],
      ],
    });
  });

  it('gives a Point for a box reduced to a point', () => {
    expect(bboxPolygon(2, 3, 2, 3)).toEqual({ type: 'Point', coordinates: [2, 3] });
  });
});

describe('geometryBbox', () => {
  it('covers every kind of geometry', () => {
    expect(geometryBbox({ type: 'Point', coordinates: [2, 3] })).toEqual([2, 3, 2, 3]);
    expect(
      geometryBbox({
        type: 'GeometryCollection',
        geometries: [
          {
            type: 'LineString',
            coordinates: [
              [0, 5],
              [1, 6],
            ],
          },
          {
            type: 'MultiPolygon',
            coordinates: [
              [
                [
                  [-10, -1],
                  [0, -1],
                  [0, 0],
                  [-10, -1],
                ],
              ],
            ],
          },
          { type: 'MultiPoint', coordinates: [[7, 2]] },
          { type: 'MultiLineString', coordinates: [[[3, 8]]] },
        ],
      }),
    ).toEqual([-10, -1, 7, 8]);
  });

  it('is null when there is no position', () => {
    expect(geometryBbox({ type: 'GeometryCollection', geometries: [] })).toBeNull();
    expect(geometryBbox({ type: 'MultiPoint', coordinates: [] })).toBeNull();
  });
});
