import { describe, expect, it } from 'vitest';
import { dataBounds, featureFit, withMinimumSize } from './fit';

describe('the first view', () => {
  it('holds every record, however few are far away', () => {
    // Flights: thousands from the contiguous states, a few hundred from Alaska, Hawaii and Puerto Rico.
    const points = [
      ...Array.from({ length: 5_000 }, (_, i) => ({ lon: -120 + (i % 50), lat: 30 + (i % 15) })),
      { lon: -166.54, lat: 53.9 }, // Dutch Harbor
      { lon: -156.77, lat: 71.29 }, // Barrow
      { lon: -155.05, lat: 19.72 }, // Hilo
      { lon: -66, lat: 18.44 }, // San Juan
    ];
    expect(dataBounds(points)).toEqual({ west: -166.54, east: -66, south: 18.44, north: 71.29 });
  });

  it('goes across the antimeridian when that is the shorter way', () => {
    const bounds = dataBounds([
      { lon: -120, lat: 40 },
      { lon: -64.6, lat: 18 }, // the Virgin Islands
      { lon: 174.1, lat: 52.7 }, // Shemya, in the Aleutians
      { lon: 144.8, lat: 13.4 }, // Guam
    ]);
    expect(bounds).toEqual({ west: 144.8, east: 295.4, south: 13.4, north: 52.7 });
    expect(
      dataBounds([
        { lon: 179, lat: 0 },
        { lon: -179, lat: 1 },
      ]),
    ).toEqual({
      west: 179,
      east: 181,
      south: 0,
      north: 1,
    });
  });

  it('leaves out a stray record that would otherwise show the whole world, never a region of many', () => {
    // US airports: 3,000 in the contiguous states, 263 in Alaska down to Adak, Hawaii, Puerto Rico, a few
    // Pacific islands, and Rota (ROP) recorded at 101°E.
    const points = [
      ...Array.from({ length: 3_000 }, (_, i) => ({ lon: -124 + (i % 57), lat: 25 + (i % 24) })),
      ...Array.from({ length: 263 }, (_, i) => ({ lon: -165 + (i % 25), lat: 55 + (i % 16) })),
      { lon: -176.65, lat: 51.88 }, // Adak
      { lon: -155.05, lat: 19.72 }, // Hilo
      { lon: -66, lat: 18.44 }, // San Juan
      { lon: 134.54, lat: 7.37 }, // Palau
      { lon: 144.8, lat: 13.48 }, // Guam
      { lon: 101.4, lat: 14.17 }, // ROP, with a bad longitude
    ];
    expect(dataBounds(points)).toEqual({ west: 134.54, east: 294, south: 7.37, north: 70 });
    // A cluster of many on the far side stays in view, and with it the whole world.
    const far = [...points, { lon: 100, lat: 14, count: 500 }];
    expect(dataBounds(far)).toMatchObject({ west: -176.65, east: 144.8 });
  });

  it('shows records all round the world from -180° to 180°', () => {
    const bounds = dataBounds([
      { lon: -170, lat: 50 },
      { lon: -120, lat: 35 },
      { lon: -30, lat: 0 },
      { lon: 20, lat: 40 },
      { lon: 100, lat: -10 },
      { lon: 175, lat: -40 },
    ]);
    expect(bounds).toEqual({ west: -170, east: 175, south: -40, north: 50 });
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
        { type: 'Feature', properties: {}, geometry: { type: 'Point', coordinates: [2, 50] } },
      ],
    });
    expect(fit).toEqual({ west: 0, east: 2, south: 50, north: 52 });
    expect(withMinimumSize({ west: 5, east: 5, south: 6, north: 6 })).toEqual({
      west: 4.75,
      east: 5.25,
      south: 5.75,
      north: 6.25,
    });
    expect(dataBounds([])).toBeUndefined();
  });
});
