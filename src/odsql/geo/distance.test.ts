import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DISTANCE_UNITS, EARTH_RADIUS_METRES, haversineMetres, isDistanceUnit, toMetres } from './distance';
import type { Position } from './types';

const paris: Position = [2.3522, 48.8566];
const london: Position = [-0.1276, 51.5072];

describe('distance units', () => {
  it('converts to metres', () => {
    expect(toMetres(10, 'km')).toBe(10_000);
    expect(toMetres(1, 'mi')).toBeCloseTo(1609.344, 9);
    expect(toMetres(3, 'ft')).toBeCloseTo(0.9144, 12);
    expect(toMetres(1, 'yd')).toBe(0.9144);
    expect(toMetres(250, 'cm')).toBe(2.5);
    expect(toMetres(5, 'mm')).toBe(0.005);
    expect(toMetres(7, 'm')).toBe(7);
    expect(Object.keys(DISTANCE_UNITS).sort()).toEqual(['cm', 'ft', 'km', 'm', 'mi', 'mm', 'yd']);
  });

  it('recognises unit names exactly', () => {
    expect(isDistanceUnit('km')).toBe(true);
    expect(isDistanceUnit('KM')).toBe(false);
    expect(isDistanceUnit('toString')).toBe(false);
  });
});

describe('haversineMetres', () => {
  it('gives the Paris–London distance', () => {
    const d = haversineMetres(paris, london);
    expect(Math.abs(d - 343_500) / 343_500).toBeLessThan(0.005);
  });

  it('gives known distances', () => {
    // One degree of longitude on the equator is 1/360 of the circumference.
    expect(haversineMetres([0, 0], [1, 0])).toBeCloseTo((2 * Math.PI * EARTH_RADIUS_METRES) / 360, 6);
    // New York JFK – Los Angeles LAX, about 3974 km on the sphere.
    expect(haversineMetres([-73.7781, 40.6413], [-118.4085, 33.9416]) / 1000).toBeCloseTo(3974, -1);
    expect(haversineMetres([0, 90], [0, -90])).toBeCloseTo(Math.PI * EARTH_RADIUS_METRES, 3);
    expect(haversineMetres([180, 0], [0, 0])).toBeCloseTo(Math.PI * EARTH_RADIUS_METRES, 3);
  });

  it('is symmetric, zero on the same point and at most half the circumference', () => {
    const position = fc.tuple(
      fc.double({ min: -180, max: 180, noNaN: true }),
      fc.double({ min: -90, max: 90, noNaN: true }),
    );
    fc.assert(
      fc.property(position, position, (a, b) => {
        const d = haversineMetres(a, b);
        expect(d).toBeCloseTo(haversineMetres(b, a), 6);
        expect(d).toBeGreaterThanOrEqual(0);
        expect(d).toBeLessThanOrEqual(Math.PI * EARTH_RADIUS_METRES + 1e-6);
        expect(haversineMetres(a, a)).toBe(0);
      }),
    );
  });
});
