import { describe, expect, it } from 'vitest';
import { bulkBounds, featureFit, withMinimumSize } from './fit';

describe('the first view', () => {
  it('frames the bulk of the records, not a few far away', () => {
    const points = [
      ...Array.from({ length: 500 }, (_, i) => ({ lon: -120 + (i % 50), lat: 30 + (i % 15), weight: 1 })),
      { lon: 144.8, lat: 13.4, weight: 1 },
    ];
    const bounds = bulkBounds(points);
    expect(bounds).toEqual({ west: -120, east: -71, south: 30, north: 44 });
  });

  it('weighs clusters by their count', () => {
    const bounds = bulkBounds([
      { lon: 0, lat: 0, weight: 1_000 },
      { lon: 10, lat: 10, weight: 1_000 },
      { lon: 100, lat: 60, weight: 1 },
    ]);
    expect(bounds).toEqual({ west: 0, east: 10, south: 0, north: 10 });
  });

  it('fits shapes to their full extent and gives a lone point some room', () => {
    const fit = featureFit({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          properties: {},
          geometry: {
            type: 'Polygon',
            coordinates: [
              [
                [0, 51],
                [1, 51],
                [0.5, 52],
                [0, 51],
              ],
            ],
          },
        },
      ],
    });
    expect(fit).toEqual({ west: 0, east: 1, south: 51, north: 52 });
    expect(withMinimumSize({ west: 5, east: 5, south: 6, north: 6 })).toEqual({
      west: 4.75,
      east: 5.25,
      south: 5.75,
      north: 6.25,
    });
    expect(bulkBounds([])).toBeUndefined();
  });
});
