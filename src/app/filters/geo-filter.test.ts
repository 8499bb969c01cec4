import { afterAll, describe, expect, it } from 'vitest';
import { setupI18n } from '../i18n/setup';
import {
  bboxFilter,
  formatGeoFilter,
  geoFilterClause,
  geoFilterLabel,
  MAX_POLYGON_POINTS,
  parseGeoFilter,
  polygonFilter,
} from './geo-filter';

describe('geographic filter', () => {
  it('orders the corners of a rectangle and rounds them to five decimals', () => {
    expect(bboxFilter('coordinates', [-73.7000001, 41], [-74.312345678, 40.5])).toEqual({
      kind: 'bbox',
      field: 'coordinates',
      south: 40.5,
      west: -74.31235,
      north: 41,
      east: -73.7,
    });
    expect(bboxFilter('coordinates', [1, 1], [1, 2])).toBeUndefined();
  });

  it('writes in_bbox latitude first, and intersects with a closed WKT polygon', () => {
    const box = bboxFilter('coordinates', [-74.3, 40.5], [-73.7, 41]);
    expect(box && geoFilterClause(box)).toBe('in_bbox(coordinates, 40.5, -74.3, 41, -73.7)');
    const triangle = polygonFilter('shape', [
      [0, 51],
      [1, 51],
      [0.5, 52],
    ]);
    expect(triangle && geoFilterClause(triangle)).toBe(
      "intersects(shape, geom'POLYGON((0 51, 1 51, 0.5 52, 0 51))')",
    );
  });

  it('back-quotes field names that are keywords', () => {
    const box = bboxFilter('date', [0, 0], [1, 1]);
    expect(box && geoFilterClause(box)).toBe('in_bbox(`date`, 0, 0, 1, 1)');
  });

  it('drops repeated and closing vertices, and refuses polygons without area or with too many corners', () => {
    const ring = polygonFilter('geo', [
      [0, 0],
      [0, 0],
      [1, 0],
      [1, 1],
      [0, 0],
    ]);
    expect(ring).toMatchObject({
      kind: 'polygon',
      ring: [
        [0, 0],
        [1, 0],
        [1, 1],
      ],
    });
    expect(
      polygonFilter('geo', [
        [0, 0],
        [1, 1],
      ]),
    ).toBeUndefined();
    const many = Array.from({ length: MAX_POLYGON_POINTS + 1 }, (_, i) => [i / 1000, i % 2] as const);
    expect(polygonFilter('geo', many)).toBeUndefined();
  });

  it('round-trips through the address', () => {
    for (const text of ['coordinates:bbox:40.5,-74.3,41,-73.7', 'shape:polygon:51 0,51 1,52 0.5']) {
      const filter = parseGeoFilter(text);
      expect(filter).toBeDefined();
      expect(filter && formatGeoFilter(filter)).toBe(text);
    }
  });

  it('drops malformed or hostile values instead of sending them', () => {
    for (const text of [
      'coordinates:bbox:40.5,-74.3,41',
      'coordinates:bbox:91,0,1,1',
      'coordinates:bbox:1,181,0,0',
      'coordinates:bbox:1e3,0,1,1',
      "coordinates:polygon:51 0,51 1,52 0.5')) or true --",
      'coordinates:polygon:51 0,51 1',
      'a b:bbox:0,0,1,1',
      'x`) or (1:bbox:0,0,1,1',
      'coordinates:circle:0,0,1',
      '',
    ]) {
      expect(parseGeoFilter(text), text).toBeUndefined();
    }
    expect(parseGeoFilter(null)).toBeUndefined();
  });

  it('describes itself for the chip', () => {
    const box = parseGeoFilter('coordinates:bbox:-33.9,18.4,-33.8,18.5');
    expect(box && geoFilterLabel(box, 'Coordinates')).toBe(
      'Coordinates: in 33.90°S to 33.80°S, 18.40°E to 18.50°E',
    );
    const polygon = parseGeoFilter('shape:polygon:51 0,51 1,52 0.5');
    expect(polygon && geoFilterLabel(polygon, 'Boundary')).toBe('Boundary: in a drawn area of 3 corners');
  });

  describe('in French', () => {
    const i18n = setupI18n();
    afterAll(() => i18n.changeLanguage('en'));

    it('writes its degrees with decimal commas', async () => {
      await i18n.changeLanguage('fr');
      const box = parseGeoFilter('coordinates:bbox:-33.9,18.4,-33.8,18.5');
      expect(box && geoFilterLabel(box, 'Coordonnées')).toBe(
        'Coordonnées : dans 33,90°S à 33,80°S ; 18,40°E à 18,50°E',
      );
    });
  });
});

describe('an area drawn on a copy of the world beside the first', () => {
  it('is brought back onto the world the server knows', () => {
    // The first view of the ZIP codes is centred on the Pacific: the contiguous states lie past 180°.
    expect(bboxFilter('coordinates', [240, 30], [290, 45])).toEqual({
      kind: 'bbox',
      field: 'coordinates',
      south: 30,
      west: -120,
      north: 45,
      east: -70,
    });
    expect(
      polygonFilter('coordinates', [
        [-480, 30],
        [-430, 30],
        [-450, 45],
      ]),
    ).toEqual({
      kind: 'polygon',
      field: 'coordinates',
      ring: [
        [-120, 30],
        [-70, 30],
        [-90, 45],
      ],
    });
  });
});
