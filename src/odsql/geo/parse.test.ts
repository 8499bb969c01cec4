import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_POSITIONS } from './literal-checks';
import { type GeometryParseResult, parseGeometryLiteral } from './parse';
import type { Geometry, Position } from './types';

function ok(text: string): Geometry {
  const result = parseGeometryLiteral(text);
  if (!result.ok) throw new Error(`expected ${text} to parse, got: ${result.message}`);
  return result.geometry;
}

function failure(text: string): Extract<GeometryParseResult, { ok: false }> {
  const result = parseGeometryLiteral(text);
  if (result.ok) throw new Error(`expected ${text} to fail, got ${JSON.stringify(result.geometry)}`);
  return result;
}

const square: Position[] = [
  [0, 0],
  [1, 0],
  [1, 1],
  [0, 1],
  [0, 0],
];

describe('WKT', () => {
  it('reads every simple-feature type', () => {
    expect(ok('POINT(2.35 48.85)')).toEqual({ type: 'Point', coordinates: [2.35, 48.85] });
    expect(ok('LINESTRING(0 0, 1 1, 2 0)')).toEqual({
      type: 'LineString',
      coordinates: [
        [0, 0],
        [1, 1],
        [2, 0],
      ],
    });
    expect(ok('POLYGON((0 0,1 0,1 1,0 1,0 0))')).toEqual({ type: 'Polygon', coordinates: [square] });
    expect(ok('MULTIPOINT(1 2, 3 4)')).toEqual({
      type: 'MultiPoint',
      coordinates: [
        [1, 2],
        [3, 4],
      ],
    });
    expect(ok('MULTIPOINT((1 2),(3 4))')).toEqual(ok('MULTIPOINT(1 2, 3 4)'));
    expect(ok('MULTIPOINT((1 2), 3 4)')).toEqual(ok('MULTIPOINT(1 2, 3 4)'));
    expect(ok('MULTILINESTRING((0 0, 1 1),(2 2, 3 3))')).toEqual({
      type: 'MultiLineString',
      coordinates: [
        [
          [0, 0],
          [1, 1],
        ],
        [
          [2, 2],
          [3, 3],
        ],
      ],
    });
    expect(ok('MULTIPOLYGON(((0 0,1 0,1 1,0 1,0 0)),((0 0,1 0,1 1,0 1,0 0)))')).toEqual({
      type: 'MultiPolygon',
      coordinates: [[square], [square]],
    });
    expect(ok('GEOMETRYCOLLECTION(POINT(1 2), LINESTRING(0 0, 1 1))')).toEqual({
      type: 'GeometryCollection',
      geometries: [
        { type: 'Point', coordinates: [1, 2] },
        {
          type: 'LineString',
          coordinates: [
            [0, 0],
            [1, 1],
          ],
        },
      ],
    });
  });

  it('is case-insensitive and lenient about white space', () => {
    expect(ok('  point ( 2.35   48.85 ) ')).toEqual({ type: 'Point', coordinates: [2.35, 48.85] });
    expect(ok('Polygon((0 0,1 0,1 1,0 1,0 0))')).toEqual(ok('POLYGON((0 0,1 0,1 1,0 1,0 0))'));
    expect(ok('POINT(\n1\t2)')).toEqual({ type: 'Point', coordinates: [1, 2] });
  });

  it('reads signed, fractional and exponent numbers', () => {
    expect(ok('POINT(-1.5e1 +.5)')).toEqual({ type: 'Point', coordinates: [-15, 0.5] });
    expect(ok('POINT(10. -0.25E-1)')).toEqual({ type: 'Point', coordinates: [10, -0.025] });
  });

  it('drops Z and M ordinates, declared or not', () => {
    const point = { type: 'Point', coordinates: [1, 2] };
    expect(ok('POINT Z (1 2 3)')).toEqual(point);
    expect(ok('POINT M (1 2 3)')).toEqual(point);
    expect(ok('POINT ZM (1 2 3 4)')).toEqual(point);
    expect(ok('POINTZ(1 2 3)')).toEqual(point);
    expect(ok('pointzm(1 2 3 4)')).toEqual(point);
    expect(ok('POINT(1 2 3)')).toEqual(point);
    expect(ok('POINT(1 2 3 4)')).toEqual(point);
    expect(ok('LINESTRING Z (0 0 5, 1 1 6)')).toEqual({
      type: 'LineString',
      coordinates: [
        [0, 0],
        [1, 1],
      ],
    });
  });

  it('checks the ordinate count a dimension declares', () => {
    expect(failure('POINT Z (1 2)').message).toBe('Invalid WKT: expected a number at position 12');
    expect(failure('POINT ZM (1 2 3)').message).toBe('Invalid WKT: expected a number at position 15');
    expect(failure('POINT Z (1 2 3 4)').message).toBe(
      'Invalid WKT: expected at most 3 ordinates at position 15',
    );
    expect(failure('POINT(1 2 3 4 5)').message).toBe(
      'Invalid WKT: expected at most 4 ordinates at position 14',
    );
    expect(failure('POINTZ M (1 2 3)').message).toBe("Invalid WKT: expected '(' at position 7");
  });

  it('accepts an SRID=4326 prefix and refuses other SRIDs', () => {
    expect(ok('SRID=4326;POINT(1 2)')).toEqual({ type: 'Point', coordinates: [1, 2] });
    expect(ok(' srid = 4326 ; point(1 2)')).toEqual({ type: 'Point', coordinates: [1, 2] });
    const other = failure('SRID=3857;POINT(1 2)');
    expect(other.message).toBe('Unsupported SRID: 3857 (only 4326 is accepted)');
    expect(other.offset).toBe(5);
    expect(failure('SRID=;POINT(1 2)').message).toBe('Invalid WKT: expected an SRID number at position 5');
    expect(failure('SRID=4326 POINT(1 2)').message).toBe("Invalid WKT: expected ';' at position 10");
  });

  it('refuses EMPTY geometries, wherever they appear', () => {
    for (const text of [
      'POINT EMPTY',
      'point empty',
      'POLYGON Z EMPTY',
      'GEOMETRYCOLLECTION EMPTY',
      'MULTIPOINT(EMPTY, 1 2)',
      'MULTIPOLYGON(EMPTY)',
      'GEOMETRYCOLLECTION(POINT(1 2), LINESTRING EMPTY)',
    ]) {
      expect(failure(text).message).toBe(
        'Empty geometries are not supported: a filter against an empty geometry is meaningless',
      );
    }
  });

  it('names unsupported geometry types', () => {
    expect(failure('CIRCULARSTRING(0 0, 1 1, 2 0)')).toEqual({
      ok: false,
      message: 'Unsupported geometry type: CIRCULARSTRING',
      offset: 0,
    });
    expect(failure('  triangle((0 0, 1 0, 0 1, 0 0))')).toEqual({
      ok: false,
      message: 'Unsupported geometry type: TRIANGLE',
      offset: 2,
    });
  });

  it('points at syntax errors', () => {
    expect(failure('POINT(1 x)')).toEqual({
      ok: false,
      message: 'Invalid WKT: expected a number at position 8',
      offset: 8,
    });
    expect(failure('POINT 1 2)').message).toBe("Invalid WKT: expected '(' at position 6");
    expect(failure('POINT(1 2').message).toBe("Invalid WKT: expected ')' at position 9");
    expect(failure('POINT(1 2) junk').message).toBe('Invalid WKT: unexpected text at position 11');
    expect(failure('POINT(1 2,3 4)').message).toBe("Invalid WKT: expected ')' at position 9");
    expect(failure('POINT(1.2.3 4)').message).toBe(
      'Invalid WKT: unexpected text after a number at position 9',
    );
    expect(failure('LINESTRING(0 0,)').message).toBe('Invalid WKT: expected a number at position 15');
    expect(failure('(1 2)').message).toBe('Invalid WKT: expected a geometry type at position 0');
    expect(failure('POINT()').message).toBe('Invalid WKT: expected a number at position 6');
  });

  it('checks the structure of lines and rings', () => {
    expect(failure('LINESTRING(0 0)').message).toBe('A linestring needs at least 2 positions');
    expect(failure('MULTILINESTRING((0 0, 1 1),(2 2))').message).toBe(
      'A linestring needs at least 2 positions',
    );
    expect(failure('POLYGON((0 0, 1 0, 0 0))').message).toBe('A polygon ring needs at least 4 positions');
    const open = failure('POLYGON((0 0,1 0,1 1,0 1))');
    expect(open.message).toBe('A polygon ring must be closed (its first and last positions must be equal)');
    expect(open.offset).toBe(8);
  });

  it('checks coordinate ranges, naming the bad value', () => {
    expect(failure('POINT(181 0)')).toEqual({
      ok: false,
      message: 'Invalid longitude: 181 (must be between -180 and 180)',
      offset: 6,
    });
    expect(failure('POINT(0 -90.5)').message).toBe('Invalid latitude: -90.5 (must be between -90 and 90)');
    expect(failure('POINT(1e999 0)').message).toBe('Coordinate is not a finite number: 1e999');
    expect(ok('POINT(180 -90)')).toEqual({ type: 'Point', coordinates: [180, -90] });
  });

  it('caps collection nesting', () => {
    const nested = (depth: number): string =>
      `${'GEOMETRYCOLLECTION('.repeat(depth)}POINT(1 2)${')'.repeat(depth)}`;
    expect(ok(nested(32)).type).toBe('GeometryCollection');
    expect(failure(nested(33)).message).toBe('Geometry is nested too deeply: more than 32 levels');
    expect(failure(nested(100_000)).message).toBe('Geometry is nested too deeply: more than 32 levels');
  });

  it('caps the number of positions', () => {
    const line = (n: number): string =>
      `LINESTRING(${Array.from({ length: n }, (_, i) => `${i % 100} 0`).join(',')})`;
    expect(ok(line(MAX_POSITIONS)).type).toBe('LineString');
    expect(failure(line(MAX_POSITIONS + 1)).message).toBe(
      'Geometry is too large: more than 100000 positions',
    );
  });
});

describe('GeoJSON', () => {
  it('reads geometry objects of every type', () => {
    const geometries: Geometry[] = [
      { type: 'Point', coordinates: [1, 2] },
      { type: 'MultiPoint', coordinates: [[1, 2]] },
      {
        type: 'LineString',
        coordinates: [
          [0, 0],
          [1, 1],
        ],
      },
      {
        type: 'MultiLineString',
        coordinates: [
          [
            [0, 0],
            [1, 1],
          ],
        ],
      },
      { type: 'Polygon', coordinates: [square, square] },
      { type: 'MultiPolygon', coordinates: [[square]] },
      {
        type: 'GeometryCollection',
        geometries: [
          { type: 'Point', coordinates: [1, 2] },
          { type: 'Polygon', coordinates: [square] },
        ],
      },
    ];
    for (const g of geometries) expect(ok(JSON.stringify(g))).toEqual(g);
  });

  it('takes the geometry of a Feature and ignores other members', () => {
    const text = JSON.stringify({
      type: 'Feature',
      id: 7,
      properties: { name: 'x' },
      bbox: [0, 0, 1, 1],
      geometry: { type: 'Point', coordinates: [1, 2, 300], bbox: [1, 2, 1, 2] },
    });
    expect(ok(text)).toEqual({ type: 'Point', coordinates: [1, 2] });
  });

  it('matches type names without regard to case, like the rest of ODSQL', () => {
    expect(ok('{"type":"point","coordinates":[1,2]}')).toEqual({ type: 'Point', coordinates: [1, 2] });
  });

  it('refuses what is not a single geometry', () => {
    expect(failure('{"type":"FeatureCollection","features":[]}')).toEqual({
      ok: false,
      message: 'Unsupported geometry type: FeatureCollection',
      offset: 8,
    });
    expect(failure('{"type":"Feature","geometry":null}').message).toBe(
      'Invalid GeoJSON: the Feature has no geometry at position 0',
    );
    expect(failure('{"type":"Feature","geometry":{"type":"Feature"}}').message).toBe(
      'Unsupported geometry type: Feature',
    );
    expect(failure('{"type":"GeometryCollection","geometries":[{"type":"Feature"}]}').message).toBe(
      'Unsupported geometry type: Feature',
    );
  });

  it('validates the structure', () => {
    expect(failure('{"coordinates":[1,2]}').message).toBe(
      'Invalid GeoJSON: missing "type" member at position 0',
    );
    expect(failure('{"type":"Point"}').message).toBe(
      'Invalid GeoJSON: missing "coordinates" member at position 0',
    );
    expect(failure('{"type":"Point","coordinates":[1]}').message).toBe(
      'Invalid GeoJSON: a position must be an array of at least 2 numbers at position 30',
    );
    expect(failure('{"type":"Point","coordinates":[1,"2"]}').offset).toBe(33);
    expect(failure('{"type":"LineString","coordinates":[1,2]}').message).toBe(
      'Invalid GeoJSON: a position must be an array of at least 2 numbers at position 36',
    );
    expect(failure('{"type":"Polygon","coordinates":[[1,2]]}').message).toBe(
      'Invalid GeoJSON: a position must be an array of at least 2 numbers at position 34',
    );
    expect(failure('{"type":"MultiPolygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}').message).toBe(
      'Invalid GeoJSON: a position must be an array of at least 2 numbers at position 40',
    );
    expect(failure('{"type":"LineString","coordinates":[[1,2]]}').message).toBe(
      'A linestring needs at least 2 positions',
    );
    expect(failure('{"type":"GeometryCollection"}').message).toBe(
      'Invalid GeoJSON: missing "geometries" member at position 0',
    );
    expect(failure('[1,2]').message).toBe('Invalid GeoJSON: a geometry must be an object at position 0');
  });

  it('requires closed rings of at least 4 positions', () => {
    const open = failure('{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,1]]]}');
    expect(open.message).toBe('A polygon ring must be closed (its first and last positions must be equal)');
    expect(open.offset).toBe(33);
    expect(failure('{"type":"Polygon","coordinates":[[[0,0],[1,0],[0,0]]]}').message).toBe(
      'A polygon ring needs at least 4 positions',
    );
  });

  it('refuses empty geometries', () => {
    for (const text of [
      '{"type":"Point","coordinates":[]}',
      '{"type":"MultiPoint","coordinates":[]}',
      '{"type":"Polygon","coordinates":[]}',
      '{"type":"Polygon","coordinates":[[]]}',
      '{"type":"GeometryCollection","geometries":[]}',
    ]) {
      expect(failure(text).message, text).toMatch(
        /^Empty geometries are not supported|^Invalid GeoJSON: a position/,
      );
    }
    expect(failure('{"type":"MultiPoint","coordinates":[]}').message).toBe(
      'Empty geometries are not supported: a filter against an empty geometry is meaningless',
    );
  });

  it('checks coordinates', () => {
    expect(failure('{"type":"Point","coordinates":[1e999,2]}')).toEqual({
      ok: false,
      message: 'Coordinate is not a finite number: 1e999',
      offset: 31,
    });
    expect(failure('{"type":"Point","coordinates":[2, 91]}').message).toBe(
      'Invalid latitude: 91 (must be between -90 and 90)',
    );
    expect(failure('{"type":"Point","coordinates":[-180.0001, 0]}').message).toBe(
      'Invalid longitude: -180.0001 (must be between -180 and 180)',
    );
  });

  it('accepts a legacy crs member only when it names WGS 84', () => {
    const point = (crs: string): string => `{"type":"Point","coordinates":[1,2],"crs":${crs}}`;
    expect(ok(point('{"type":"name","properties":{"name":"urn:ogc:def:crs:OGC:1.3:CRS84"}}')).type).toBe(
      'Point',
    );
    expect(ok(point('{"type":"name","properties":{"name":"EPSG:4326"}}')).type).toBe('Point');
    expect(ok(point('null')).type).toBe('Point');
    expect(failure(point('{"type":"name","properties":{"name":"EPSG:2154"}}')).message).toBe(
      'Unsupported coordinate reference system: EPSG:2154',
    );
  });

  it('reports JSON syntax errors with their position', () => {
    expect(failure('{"type":"Point","coordinates":[1,2]').message).toBe(
      "Invalid GeoJSON: expected '}' at position 35",
    );
    expect(failure('{"type":"Point","coordinates":[1,2],}').message).toBe(
      'Invalid GeoJSON: expected a member name at position 36',
    );
    expect(failure('{"type":"Point","coordinates":[01,2]}').message).toBe(
      "Invalid GeoJSON: expected ']' at position 32",
    );
    expect(failure('{"type":"Point","coordinates":[1,2]} x').message).toBe(
      'Invalid GeoJSON: unexpected text after the end of the document at position 37',
    );
    expect(failure('{"type":"Poi\\x"}').message).toBe(
      'Invalid GeoJSON: invalid escape in a string at position 12',
    );
    expect(failure('{"type":"Point').message).toBe('Invalid GeoJSON: unterminated string at position 14');
  });

  it('decodes string escapes', () => {
    expect(ok('{"type":"\\u0050oint","coordinates":[1,2]}').type).toBe('Point');
  });

  it('survives hostile nesting', () => {
    expect(failure(`{"type":"Point","coordinates":${'['.repeat(1_000_000)}`).message).toMatch(
      /^Invalid GeoJSON: nested more than \d+ levels deep/,
    );
    const collections = (depth: number): string =>
      `${'{"type":"GeometryCollection","geometries":['.repeat(depth)}{"type":"Point","coordinates":[1,2]}${']}'.repeat(depth)}`;
    expect(ok(collections(32)).type).toBe('GeometryCollection');
    expect(failure(collections(33)).message).toBe('Geometry is nested too deeply: more than 32 levels');
  });
});

/** Test-only WKB writer: ISO or EWKB type codes, either byte order. */
function wkb(g: Geometry, options: { little?: boolean; srid?: number; z?: 'iso' | 'ewkb' } = {}): string {
  const little = options.little ?? true;
  const bytes: number[] = [];
  const u32 = (v: number): void => {
    const view = new DataView(new ArrayBuffer(4));
    view.setUint32(0, v, little);
    bytes.push(...new Uint8Array(view.buffer));
  };
  const f64 = (v: number): void => {
    const view = new DataView(new ArrayBuffer(8));
    view.setFloat64(0, v, little);
    bytes.push(...new Uint8Array(view.buffer));
  };
  const codes = {
    Point: 1,
    LineString: 2,
    Polygon: 3,
    MultiPoint: 4,
    MultiLineString: 5,
    MultiPolygon: 6,
    GeometryCollection: 7,
  };
  const pos = (p: Position): void => {
    f64(p[0]);
    f64(p[1]);
    if (options.z) f64(99);
  };
  const write = (geometry: Geometry, top: boolean): void => {
    bytes.push(little ? 1 : 0);
    let code = codes[geometry.type];
    if (options.z === 'iso') code += 1000;
    if (options.z === 'ewkb') code = (code | 0x80000000) >>> 0;
    if (top && options.srid !== undefined) code = (code | 0x20000000) >>> 0;
    u32(code);
    if (top && options.srid !== undefined) u32(options.srid);
    switch (geometry.type) {
      case 'Point':
        pos(geometry.coordinates);
        break;
      case 'LineString':
        u32(geometry.coordinates.length);
        geometry.coordinates.forEach(pos);
        break;
      case 'Polygon':
        u32(geometry.coordinates.length);
        for (const ring of geometry.coordinates) {
          u32(ring.length);
          ring.forEach(pos);
        }
        break;
      case 'MultiPoint':
        u32(geometry.coordinates.length);
        for (const coordinates of geometry.coordinates) write({ type: 'Point', coordinates }, false);
        break;
      case 'MultiLineString':
        u32(geometry.coordinates.length);
        for (const coordinates of geometry.coordinates) write({ type: 'LineString', coordinates }, false);
        break;
      case 'MultiPolygon':
        u32(geometry.coordinates.length);
        for (const coordinates of geometry.coordinates) write({ type: 'Polygon', coordinates }, false);
        break;
      case 'GeometryCollection':
        u32(geometry.geometries.length);
        for (const child of geometry.geometries) write(child, false);
        break;
    }
  };
  write(g, true);
  return bytes.map((b) => b.toString(16).padStart(2, '0')).join('');
}

describe('WKB', () => {
  it('reads a known PostGIS point in both byte orders and cases', () => {
    const point = { type: 'Point', coordinates: [1, 2] };
    expect(ok('0101000000000000000000F03F0000000000000040')).toEqual(point);
    expect(ok('0101000000000000000000f03f0000000000000040')).toEqual(point);
    expect(ok('00000000013FF00000000000004000000000000000')).toEqual(point);
    // EWKB with SRID 4326, as PostGIS prints geometries.
    expect(ok('0101000020E6100000000000000000F03F0000000000000040')).toEqual(point);
    expect(ok('\\x0101000000000000000000F03F0000000000000040')).toEqual(point);
    expect(ok('  0x0101000000000000000000F03F0000000000000040  ')).toEqual(point);
  });

  it('reads every type, with Z in ISO or EWKB form, in both byte orders', () => {
    const geometries: Geometry[] = [
      { type: 'Point', coordinates: [1, 2] },
      {
        type: 'LineString',
        coordinates: [
          [0, 0],
          [1, 1],
        ],
      },
      { type: 'Polygon', coordinates: [square] },
      {
        type: 'MultiPoint',
        coordinates: [
          [1, 2],
          [3, 4],
        ],
      },
      {
        type: 'MultiLineString',
        coordinates: [
          [
            [0, 0],
            [1, 1],
          ],
        ],
      },
      { type: 'MultiPolygon', coordinates: [[square], [square]] },
      {
        type: 'GeometryCollection',
        geometries: [
          { type: 'Point', coordinates: [1, 2] },
          { type: 'GeometryCollection', geometries: [{ type: 'Polygon', coordinates: [square] }] },
        ],
      },
    ];
    for (const g of geometries) {
      for (const little of [true, false]) {
        expect(ok(wkb(g, { little }))).toEqual(g);
        expect(ok(wkb(g, { little, z: 'iso' }))).toEqual(g);
        expect(ok(wkb(g, { little, z: 'ewkb', srid: 4326 }))).toEqual(g);
      }
    }
  });

  it('refuses another SRID, naming it', () => {
    const text = wkb({ type: 'Point', coordinates: [1, 2] }, { srid: 2154 });
    expect(failure(text)).toEqual({
      ok: false,
      message: 'Unsupported SRID: 2154 (only 4326 is accepted)',
      offset: 10,
    });
  });

  it('refuses empty geometries', () => {
    const empty = 'Empty geometries are not supported: a filter against an empty geometry is meaningless';
    expect(failure('0101000000000000000000F87F000000000000F87F').message).toBe(empty);
    expect(failure('010200000000000000').message).toBe(empty);
    expect(failure('010700000000000000').message).toBe(empty);
  });

  it('names unsupported types', () => {
    expect(failure('010800000000000000').message).toBe('Unsupported geometry type: CIRCULARSTRING');
    expect(failure('01FF00000000000000').message).toBe(
      'Invalid WKB: unknown geometry type code 255 at position 2',
    );
  });

  it('reports truncated and malformed data', () => {
    const point = wkb({ type: 'Point', coordinates: [1, 2] });
    expect(failure(point.slice(0, -2)).message).toBe('Invalid WKB: unexpected end of data at position 10');
    expect(failure(`${point}00`).message).toBe(
      'Invalid WKB: unexpected bytes after the geometry at position 42',
    );
    expect(failure(`${point}0`).message).toBe('Invalid WKB: odd number of hex digits');
    // A hostile count is caught before anything is allocated.
    expect(failure('0102000000FFFFFFFF').message).toBe(
      'Invalid WKB: count 4294967295 exceeds the data at position 10',
    );
    const mixed = `0104000000010000000102000000`;
    expect(failure(mixed).message).toBe(
      'Invalid WKB: a MultiPoint may only contain Point geometries at position 18',
    );
  });

  it('checks coordinates and rings', () => {
    expect(failure(wkb({ type: 'Point', coordinates: [200, 0] })).message).toBe(
      'Invalid longitude: 200 (must be between -180 and 180)',
    );
    expect(failure(wkb({ type: 'Polygon', coordinates: [square.slice(0, 4)] })).message).toBe(
      'A polygon ring must be closed (its first and last positions must be equal)',
    );
  });

  it('caps collection nesting', () => {
    let g: Geometry = { type: 'Point', coordinates: [0, 0] };
    for (let i = 0; i < 40; i += 1) g = { type: 'GeometryCollection', geometries: [g] };
    expect(failure(wkb(g)).message).toBe('Geometry is nested too deeply: more than 32 levels');
  });
});

describe('parseGeometryLiteral', () => {
  it('reports empty input', () => {
    expect(failure('')).toEqual({ ok: false, message: 'Geometry literal is empty', offset: 0 });
    expect(failure('   ').message).toBe('Geometry literal is empty');
  });

  it('never throws on arbitrary strings', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 200 }), (text) => {
        const result = parseGeometryLiteral(text);
        if (!result.ok) {
          expect(result.offset).toBeGreaterThanOrEqual(0);
          expect(result.offset).toBeLessThanOrEqual(text.length);
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('never throws on near-miss literals', () => {
    const pieces = fc.constantFrom(
      'POINT',
      'MULTIPOINT',
      'POLYGON',
      'GEOMETRYCOLLECTION',
      'EMPTY',
      'Z',
      '(',
      ')',
      ',',
      ' ',
      '1',
      '-2.5',
      '1e999',
      'SRID=4326;',
      '{',
      '}',
      '[',
      ']',
      '"type"',
      ':',
      '"Polygon"',
      '"coordinates"',
      '01',
      '00',
      'FFFFFFFF',
      '0000',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 40 }), (parts) => {
        const text = parts.join('');
        const result = parseGeometryLiteral(text);
        if (!result.ok) {
          expect(result.message).not.toMatch(/\.$/);
          expect(result.offset).toBeLessThanOrEqual(text.length);
        }
      }),
      { numRuns: 3000 },
    );
  });
});

/** Test-only WKT printer: `String(number)` round-trips every double exactly. */
function toWkt(g: Geometry): string {
  const pos = (p: Position): string => `${p[0]} ${p[1]}`;
  const line = (l: readonly Position[]): string => `(${l.map(pos).join(', ')})`;
  const polygon = (rings: readonly (readonly Position[])[]): string => `(${rings.map(line).join(', ')})`;
  switch (g.type) {
    case 'Point':
      return `POINT(${pos(g.coordinates)})`;
    case 'MultiPoint':
      return `MULTIPOINT${line(g.coordinates)}`;
    case 'LineString':
      return `LINESTRING${line(g.coordinates)}`;
    case 'MultiLineString':
      return `MULTILINESTRING(${g.coordinates.map(line).join(', ')})`;
    case 'Polygon':
      return `POLYGON${polygon(g.coordinates)}`;
    case 'MultiPolygon':
      return `MULTIPOLYGON(${g.coordinates.map(polygon).join(', ')})`;
    case 'GeometryCollection':
      return `GEOMETRYCOLLECTION(${g.geometries.map(toWkt).join(', ')})`;
  }
}

const coordinate = (max: number): fc.Arbitrary<number> =>
  // +0 instead of -0: WKT prints both as 0.
  fc.double({ min: -max, max, noNaN: true }).map((v) => (v === 0 ? 0 : v));
const position: fc.Arbitrary<Position> = fc.tuple(coordinate(180), coordinate(90));
const line = fc.array(position, { minLength: 2, maxLength: 6 });
const ring = fc
  .array(position, { minLength: 3, maxLength: 6 })
  .map((ps): Position[] => [...ps, ps[0] ?? [0, 0]]);
const polygon = fc.array(ring, { minLength: 1, maxLength: 3 });

const geometry: fc.Arbitrary<Geometry> = fc.letrec<{ geometry: Geometry }>((tie) => ({
  geometry: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    position.map((coordinates): Geometry => ({ type: 'Point', coordinates })),
    fc
      .array(position, { minLength: 1, maxLength: 5 })
      .map((coordinates): Geometry => ({ type: 'MultiPoint', coordinates })),
    line.map((coordinates): Geometry => ({ type: 'LineString', coordinates })),
    fc
      .array(line, { minLength: 1, maxLength: 3 })
      .map((coordinates): Geometry => ({ type: 'MultiLineString', coordinates })),
    polygon.map((coordinates): Geometry => ({ type: 'Polygon', coordinates })),
    fc
      .array(polygon, { minLength: 1, maxLength: 3 })
      .map((coordinates): Geometry => ({ type: 'MultiPolygon', coordinates })),
    fc
      .array(tie('geometry'), { minLength: 1, maxLength: 3 })
      .map((geometries): Geometry => ({ type: 'GeometryCollection', geometries })),
  ),
})).geometry;

describe('round trips', () => {
  it('parses printed WKT back to the same geometry', () => {
    fc.assert(
      fc.property(geometry, (g) => {
        expect(ok(toWkt(g))).toEqual(g);
      }),
      { numRuns: 500 },
    );
  });

  it('parses GeoJSON and WKB of the same geometry to the same result', () => {
    fc.assert(
      fc.property(geometry, fc.boolean(), (g, little) => {
        expect(ok(JSON.stringify(g))).toEqual(g);
        expect(ok(wkb(g, { little }))).toEqual(g);
      }),
      { numRuns: 300 },
    );
  });
});
