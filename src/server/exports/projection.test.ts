import { describe, expect, it } from 'vitest';
import type { Geometry } from '../../odsql';
import { projection } from './projection';

describe('projection', () => {
  it('is the identity for WGS 84', () => {
    const point: Geometry = { type: 'Point', coordinates: [2.35, 48.85] };
    expect(projection(4326)(point)).toBe(point);
  });

  it('projects into Lambert-93 (EPSG:2154) and Web Mercator (EPSG:3857)', () => {
    const paris = projection(2154)({ type: 'Point', coordinates: [2.3522, 48.8566] });
    if (paris.type !== 'Point') throw new Error('not a point');
    // Paris in Lambert-93 is about (652,000 m, 6,862,000 m).
    expect(paris.coordinates[0]).toBeGreaterThan(651_000);
    expect(paris.coordinates[0]).toBeLessThan(653_000);
    expect(paris.coordinates[1]).toBeGreaterThan(6_861_000);
    expect(paris.coordinates[1]).toBeLessThan(6_863_000);
    const square = projection(3857)({
      type: 'Polygon',
      coordinates: [
        [
          [0, 0],
          [1, 0],
          [1, 1],
          [0, 0],
        ],
      ],
    });
    if (square.type !== 'Polygon') throw new Error('not a polygon');
    expect(square.coordinates[0]).toHaveLength(4);
    expect(square.coordinates[0]![1]![0]).toBeCloseTo(111_319.49, 1);
  });

  it('refuses codes it has no definition for', () => {
    expect(() => projection(12)).toThrow('epsg API parameter');
    expect(() => projection(999_999)).toThrow('epsg API parameter');
  });

  it('refuses a code whose datum shift needs a grid file, rather than writing NaN coordinates', () => {
    // OSGB36 / British National Grid goes through the OSTN15 grid, which does not ship here.
    expect(() => projection(27700)).toThrow(/grid file/);
  });
});
