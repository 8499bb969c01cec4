import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { haversineMetres } from '../geo/distance';
import { FIXTURE_RECORDS, FIXTURE_SCHEMA, namesWhere, openFixture, type TestDb } from './test-db';

let db: TestDb;
beforeAll(async () => {
  db = await openFixture();
});
afterAll(() => db.close());

const where = (clause: string) => namesWhere(db, clause);

const CENTER = "geom'POINT(2.35 48.85)'";
/** The same square as the shape of `Paris Tour Eiffel`. */
const SQUARE_WKT = "geom'POLYGON((2 48, 3 48, 3 49, 2 49, 2 48))'";
const SQUARE_JSON = `geom'{"type":"Polygon","coordinates":[[[2,48],[3,48],[3,49],[2,49],[2,48]]]}'`;
/** Crosses the squares of Paris, Lyon and secret; leaves out the point of The Secret Garden. */
const CROSSING = "geom'POLYGON((2.6 48.6, 4.5 48.6, 4.5 45.5, 2.6 45.5, 2.6 48.6))'";
/** A large square around France with a hole around Paris. */
const HOLED =
  "geom'POLYGON((0 40, 7 40, 7 50, 0 50, 0 40), (2.1 48.1, 2.9 48.1, 2.9 48.9, 2.1 48.9, 2.1 48.1))'";

const IN_SQUARE = ['Paris Tour Eiffel', 'The Secret Garden', 'secret'];
const OUT_OF_SQUARE = [
  'Lyon Part-Dieu',
  'Bibliothèque de la Cité',
  'Book of Secrets',
  'Marseille Vieux-Port',
];

describe('within_distance()', () => {
  it('keeps points within the distance, in every unit', async () => {
    // From the centre: The Secret Garden 0 m, secret 1331 m, Paris Tour Eiffel 4167 m.
    expect(await where(`within_distance(geo, ${CENTER}, 10km)`)).toEqual(IN_SQUARE);
    expect(await where(`within_distance(geo, ${CENTER}, 4 km)`)).toEqual(['The Secret Garden', 'secret']);
    expect(await where(`within_distance(geo, ${CENTER}, 1500m)`)).toEqual(['The Secret Garden', 'secret']);
    expect(await where(`within_distance(geo, ${CENTER}, 1300 m)`)).toEqual(['The Secret Garden']);
    expect(await where(`within_distance(geo, ${CENTER}, 1mi)`)).toEqual(['The Secret Garden', 'secret']);
    expect(await where(`within_distance(geo, ${CENTER}, 1400yd)`)).toEqual(['The Secret Garden']);
    expect(await where(`within_distance(geo, ${CENTER}, 4500ft)`)).toEqual(['The Secret Garden', 'secret']);
    expect(await where(`within_distance(geo, ${CENTER}, 140000cm)`)).toEqual(['The Secret Garden', 'secret']);
    expect(await where(`within_distance(geo, ${CENTER}, 1300000mm)`)).toEqual(['The Secret Garden']);
  });

  it('takes a distance without unit as metres', async () => {
    expect(await where(`within_distance(geo, ${CENTER}, 1500)`)).toEqual(['The Secret Garden', 'secret']);
    expect(await where(`within_distance(geo, ${CENTER}, 0)`)).toEqual(['The Secret Garden']);
  });

  it('accepts the legacy distance(field, point, distance) filter', async () => {
    expect(await where(`distance(geo, ${CENTER}, 10km)`)).toEqual(IN_SQUARE);
  });

  it('measures shapes from their area, nearest edge or nearest vertex', async () => {
    expect(await where("within_distance(shape, geom'POINT(2.5 48.5)', 1m)")).toEqual(IN_SQUARE);
    expect(await where("within_distance(shape, geom'POINT(4.5 46.1)', 12km)")).toEqual(['Lyon Part-Dieu']);
  });

  it('reads a GeoJSON point', async () => {
    expect(
      await where('within_distance(geo, geom\'{"type":"Point","coordinates":[2.35,48.85]}\', 1500m)'),
    ).toEqual(['The Secret Garden', 'secret']);
  });
});

describe('in_bbox()', () => {
  it('takes latitude first, corners in any order', async () => {
    expect(await where('in_bbox(geo, 48, 2, 49, 3)')).toEqual(IN_SQUARE);
    expect(await where('in_bbox(geo, 49, 3, 48, 2)')).toEqual(IN_SQUARE);
    expect(await where('in_bbox(geo, 2, 48, 3, 49)')).toEqual([]);
    expect(await where('in_bbox(geo, 40, -75, 41, -73)')).toEqual(['Book of Secrets']);
  });

  it('keeps shapes meeting the box', async () => {
    expect(await where('in_bbox(shape, 48, 2, 49, 3)')).toEqual(IN_SQUARE);
    expect(await where('in_bbox(shape, 43.5, 1.5, 43.6, 1.6)')).toEqual(['Bibliothèque de la Cité']);
  });

  it('accepts the legacy bbox(field, lat1, lon1, lat2, lon2) filter', async () => {
    expect(await where('bbox(geo, 48, 2, 49, 3)')).toEqual(IN_SQUARE);
  });
});

describe('intersects(), within(), disjoint() on points', () => {
  it('relates points to a WKT or GeoJSON polygon', async () => {
    for (const polygon of [SQUARE_WKT, SQUARE_JSON]) {
      expect(await where(`intersects(geo, ${polygon})`)).toEqual(IN_SQUARE);
      expect(await where(`within(geo, ${polygon})`)).toEqual(IN_SQUARE);
      // A record without a geometry is neither inside nor disjoint.
      expect(await where(`disjoint(geo, ${polygon})`)).toEqual(OUT_OF_SQUARE);
    }
  });

  it('respects polygon holes', async () => {
    expect(await where(`intersects(geo, ${HOLED})`)).toEqual([
      'Lyon Part-Dieu',
      'Bibliothèque de la Cité',
      'Marseille Vieux-Port',
    ]);
    expect(await where(`disjoint(geo, ${HOLED})`)).toEqual([
      ...IN_SQUARE.slice(0, 1),
      'The Secret Garden',
      'Book of Secrets',
      'secret',
    ]);
  });

  it('relates points to a multipolygon', async () => {
    const multi =
      "geom'MULTIPOLYGON(((2.3 48.8, 2.4 48.8, 2.4 48.9, 2.3 48.9, 2.3 48.8)), " +
      "((-75 40, -73 40, -73 41, -75 41, -75 40)))'";
    expect(await where(`within(geo, ${multi})`)).toEqual(['The Secret Garden', 'Book of Secrets', 'secret']);
  });

  it('accepts the legacy polygon() and geometry() filters', async () => {
    expect(await where(`polygon(geo, ${SQUARE_WKT})`)).toEqual(IN_SQUARE);
    expect(await where(`geometry(geo, ${SQUARE_WKT})`)).toEqual(IN_SQUARE);
    expect(await where(`geometry(geo, ${SQUARE_WKT}, DISJOINT)`)).toEqual(OUT_OF_SQUARE);
  });
});

describe('intersects(), within(), disjoint() on shapes', () => {
  it('relates shapes to a polygon equal to one of them', async () => {
    expect(await where(`intersects(shape, ${SQUARE_WKT})`)).toEqual(IN_SQUARE);
    expect(await where(`within(shape, ${SQUARE_WKT})`)).toEqual(IN_SQUARE);
    expect(await where(`disjoint(shape, ${SQUARE_JSON})`)).toEqual(OUT_OF_SQUARE);
  });

  it('tells crossing from containment', async () => {
    expect(await where(`intersects(shape, ${CROSSING})`)).toEqual([
      'Paris Tour Eiffel',
      'Lyon Part-Dieu',
      'secret',
    ]);
    expect(await where(`within(shape, ${CROSSING})`)).toEqual([]);
    expect(await where(`disjoint(shape, ${CROSSING})`)).toEqual([
      'Bibliothèque de la Cité',
      'The Secret Garden',
      'Book of Secrets',
      'Marseille Vieux-Port',
    ]);
  });

  it('respects polygon holes', async () => {
    expect(await where(`intersects(shape, ${HOLED})`)).toEqual([
      'Paris Tour Eiffel',
      'Lyon Part-Dieu',
      'Bibliothèque de la Cité',
      'Marseille Vieux-Port',
    ]);
    expect(await where(`within(shape, ${HOLED})`)).toEqual([
      'Lyon Part-Dieu',
      'Bibliothèque de la Cité',
      'Marseille Vieux-Port',
    ]);
  });

  it('relates shapes to lines and points', async () => {
    expect(await where("intersects(shape, geom'LINESTRING(0 43.5, 10 43.5)')")).toEqual([
      'Bibliothèque de la Cité',
      'Marseille Vieux-Port',
    ]);
    expect(await where("intersects(shape, geom'POINT(2.5 48.5)')")).toEqual(IN_SQUARE);
    expect(await where("within(shape, geom'POINT(2.5 48.5)')")).toEqual(['The Secret Garden']);
  });

  it('accepts the legacy geometry() filter with a mode', async () => {
    expect(await where(`geometry(shape, ${CROSSING}, INTERSECTS)`)).toEqual([
      'Paris Tour Eiffel',
      'Lyon Part-Dieu',
      'secret',
    ]);
    expect(await where(`geometry(shape, ${SQUARE_WKT}, within)`)).toEqual(IN_SQUARE);
  });
});

describe('distance()', () => {
  it('gives arc distances in metres in select, null without a point', async () => {
    const out = await db.query(FIXTURE_SCHEMA, { select: `name, distance(geo, ${CENTER}) AS dist` });
    for (const [i, record] of FIXTURE_RECORDS.entries()) {
      const geo = record.geo as { lat: number; lon: number } | null;
      const dist = out.rows[i]?.dist;
      if (geo === null) expect(dist).toBeNull();
      else expect(dist).toBeCloseTo(haversineMetres([geo.lon, geo.lat], [2.35, 48.85]), 3);
    }
    expect(out.rows[4]).toEqual({ name: 'The Secret Garden', dist: 0 });
  });

  it('orders records by distance, nulls last', async () => {
    const asc = await db.query(FIXTURE_SCHEMA, { select: 'name', orderBy: `distance(geo, ${CENTER})` });
    expect(asc.rows.map((r) => r.name)).toEqual([
      'The Secret Garden',
      'secret',
      'Paris Tour Eiffel',
      'Lyon Part-Dieu',
      'Bibliothèque de la Cité',
      'Marseille Vieux-Port',
      'Book of Secrets',
      'Évry Cathédrale',
    ]);
    const desc = await db.query(FIXTURE_SCHEMA, {
      select: `name, distance(geo, ${CENTER}) AS d`,
      orderBy: 'd desc',
      limit: 2,
    });
    expect(desc.rows.map((r) => r.name)).toEqual(['Book of Secrets', 'Marseille Vieux-Port']);
  });

  it('is zero inside a shape', async () => {
    const out = await db.query(FIXTURE_SCHEMA, {
      select: "distance(shape, geom'POINT(2.5 48.5)') AS d",
      where: ['n IN (12, 45, 14)'],
    });
    expect(out.rows).toEqual([{ d: 0 }, { d: 0 }, { d: 0 }]);
  });
});

describe('geo values', () => {
  it('render points as {lon, lat} in v2.1 and {lat, lon} in v2.0, shapes as GeoJSON features', async () => {
    const v21 = await db.query(FIXTURE_SCHEMA, { select: 'geo, shape', where: ['n = 0'] });
    expect(v21.rows).toEqual([
      {
        geo: { lon: 1.444, lat: 43.6045 },
        shape: {
          type: 'Feature',
          geometry: {
            type: 'LineString',
            coordinates: [
              [1, 43],
              [2, 44],
            ],
          },
          properties: {},
        },
      },
    ]);
    expect(Object.keys((v21.rows[0]?.geo ?? {}) as object)).toEqual(['lon', 'lat']);
    const v20 = await db.query(FIXTURE_SCHEMA, { select: 'geo', where: ['n = 0'] }, { version: '2.0' });
    expect(Object.keys((v20.rows[0]?.geo ?? {}) as object)).toEqual(['lat', 'lon']);
  });

  it('give the geometry type', async () => {
    const out = await db.query(FIXTURE_SCHEMA, {
      select: 'geometry_type(shape) AS s, geometry_type(geo) AS g',
      where: ['n IN (0, 45)'],
    });
    expect(out.rows).toEqual([
      { s: 'LineString', g: 'Point' },
      { s: 'Point', g: 'Point' },
    ]);
    expect(await where('geometry_type(shape) = "Polygon"')).toEqual([
      'Paris Tour Eiffel',
      'Lyon Part-Dieu',
      'Book of Secrets',
      'secret',
      'Marseille Vieux-Port',
    ]);
  });
});
