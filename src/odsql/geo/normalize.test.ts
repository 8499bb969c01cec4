import { describe, expect, it } from 'vitest';
import { normalizeGeometry } from './normalize';

describe('normalizeGeometry', () => {
  it('takes a point apart', () => {
    expect(normalizeGeometry({ type: 'Point', coordinates: [2, 3] })).toEqual({
      minx: 2,
      miny: 3,
      maxx: 2,
      maxy: 3,
      pts: [[2, 3]],
      lines: [],
      areas: [],
    });
  });

  it('lists line vertices and the line itself', () => {
    const line = [
      [0, 0],
      [4, 1],
    ] as const;
    expect(normalizeGeometry({ type: 'LineString', coordinates: line })).toEqual({
      minx: 0,
      miny: 0,
      maxx: 4,
      maxy: 1,
      pts: line,
      lines: [line],
      areas: [],
    });
  });

  it('closes polygon rings and lists them as lines and as an area', () => {
    const shape = normalizeGeometry({
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [2, 0],
          [2, 2],
        ],
      ],
    });
    const closed = [
      [0, 0],
      [2, 0],
      [2, 2],
      [0, 0],
    ];
    expect(shape.lines).toEqual([closed]);
    expect(shape.areas).toEqual([[closed]]);
    expect(shape.pts).toEqual(closed);
    expect([shape.minx, shape.miny, shape.maxx, shape.maxy]).toEqual([0, 0, 2, 2]);
  });

  it('keeps already closed rings as they are, outer ring first', () => {
    const outer = [
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 0],
    ] as const;
    const hole = [
      [1, 1],
      [2, 1],
      [2, 2],
      [1, 1],
    ] as const;
    const shape = normalizeGeometry({ type: 'MultiPolygon', coordinates: [[outer, hole], [hole]] });
    expect(shape.areas).toEqual([[outer, hole], [hole]]);
    expect(shape.lines).toEqual([outer, hole, hole]);
  });

  it('flattens collections and multi-geometries', () => {
    const shape = normalizeGeometry({
      type: 'GeometryCollection',
      geometries: [
        {
          type: 'MultiPoint',
          coordinates: [
            [-5, 1],
            [5, 2],
          ],
        },
        {
          type: 'MultiLineString',
          coordinates: [
            [
              [0, -3],
              [1, 7],
            ],
          ],
        },
        { type: 'GeometryCollection', geometries: [{ type: 'Point', coordinates: [0, 0] }] },
      ],
    });
    expect(shape.pts).toEqual([
      [-5, 1],
      [5, 2],
      [0, -3],
      [1, 7],
      [0, 0],
    ]);
    expect(shape.lines).toEqual([
      [
        [0, -3],
        [1, 7],
      ],
    ]);
    expect(shape.areas).toEqual([]);
    expect([shape.minx, shape.miny, shape.maxx, shape.maxy]).toEqual([-5, -3, 5, 7]);
  });

  it('gives an inverted infinite box when there is no position', () => {
    const shape = normalizeGeometry({ type: 'GeometryCollection', geometries: [] });
    expect(shape.minx).toBe(Number.POSITIVE_INFINITY);
    expect(shape.maxx).toBe(Number.NEGATIVE_INFINITY);
    expect(shape.pts).toEqual([]);
  });
});
