import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { DatasetSchema } from '../../../../odsql';

/*
 * A records file in the store's layout (layout/columns.ts) with every field type, nulls, dates
 * before 1970 and after 2106, sub-second instants, hostile text and a hostile field name: what the
 * ClickHouse ingestion must carry over unchanged.
 */

export const FIXTURE_SCHEMA: DatasetSchema = {
  records: 3000,
  fields: [
    { name: 'name', type: 'text' },
    { name: 'tags', type: 'text', multivalued: true },
    { name: 'n', type: 'int' },
    { name: 'x', type: 'double' },
    { name: 'flag', type: 'boolean' },
    { name: 'day', type: 'date' },
    { name: 'at', type: 'datetime' },
    { name: 'geo', type: 'geo_point_2d' },
    { name: 'shape', type: 'geo_shape' },
    { name: "l'été `x`\\", type: 'text' },
  ],
};

export const FIXTURE_SELECT = `SELECT
  CASE WHEN i % 7 = 0 THEN NULL ELSE 'name ' || i || ' '' \\ ' || chr(9) || 'é😀' || chr(1) END AS "name",
  CASE WHEN i % 5 = 0 THEN NULL WHEN i % 5 = 1 THEN []::VARCHAR[] ELSE ['a' || (i % 11), 'b''' || (i % 3)] END AS "tags",
  CASE WHEN i % 9 = 0 THEN NULL ELSE i * 3 - 100 END::BIGINT AS "n",
  CASE WHEN i % 6 = 0 THEN NULL ELSE i / 7.0 - 50 END::DOUBLE AS "x",
  CASE WHEN i % 4 = 0 THEN NULL ELSE i % 2 = 0 END AS "flag",
  CASE WHEN i % 8 = 0 THEN NULL ELSE DATE '1940-01-01' + (i * 23)::INTEGER END AS "day",
  CASE WHEN i % 10 = 0 THEN NULL ELSE TIMESTAMP '1960-06-01 00:00:00' + to_milliseconds(i * 1234567891) END AS "at",
  CASE WHEN i % 3 = 0 THEN NULL ELSE {'lat': 40 + (i % 100) / 10.0, 'lon': -(i % 50) / 7.0} END AS "geo",
  CASE WHEN i % 2 = 0 THEN NULL ELSE {
    'geojson': '{"type":"Polygon","coordinates":[[[0,0],[1,0],[1,1],[0,0]]]}',
    'minx': 0.0::DOUBLE, 'miny': 0.0::DOUBLE, 'maxx': (1.0 + i)::DOUBLE, 'maxy': 1.0::DOUBLE,
    'pts': []::DOUBLE[][], 'lines': []::DOUBLE[][][],
    'areas': [[[[0.0, 0.0], [1.0 + i, 0.0], [1.0, 1.0], [0.0, 0.0]]]]::DOUBLE[][][][]
  } END AS "shape",
  'v' || (i % 13) AS "l'été \`x\`\\",
  hash(i)::UBIGINT AS "__id",
  TIMESTAMP '2024-03-01 12:00:00.250' + to_seconds(i) AS "__timestamp",
  (100 + i)::INTEGER AS "__size",
  ' name ' || i || ' ' AS "__search",
  i::BIGINT AS "__pos"
FROM range(3000) t(i)`;

/**
 * The fixture as the records writer stores records (layout/records.ts): a multivalued field without
 * values is null, never an empty list, which ClickHouse's layout (`[]` for no value) could not tell
 * from null. For comparisons of whole files, where that difference would show.
 */
export const STORED_FIXTURE_SELECT = FIXTURE_SELECT.replace('WHEN i % 5 = 1 THEN []::VARCHAR[] ', '');

/** Writes the fixture to `<dir>/<table>/<version>.parquet` and returns the file's path. */
export async function writeFixture(
  dir: string,
  table: string,
  version: string,
  select = FIXTURE_SELECT,
): Promise<string> {
  await mkdir(join(dir, table), { recursive: true });
  const file = join(dir, table, `${version}.parquet`);
  const instance = await DuckDBInstance.create(':memory:');
  const connection = await instance.connect();
  await connection.run(`COPY (${select}) TO '${file.replaceAll("'", "''")}' (FORMAT parquet)`);
  connection.closeSync();
  instance.closeSync();
  return file;
}

/**
 * Shapes of every kind in their normalised form (geo/normalize.ts): points, lines, polygons with a
 * hole, and no shape; with points beside them. What distances and relations of shapes are checked on.
 */
export const SHAPES_SCHEMA: DatasetSchema = {
  records: 400,
  fields: [
    { name: 'k', type: 'int' },
    { name: 'shape', type: 'geo_shape' },
  ],
};

export const SHAPES_SELECT = `SELECT k, CASE k % 4
  WHEN 0 THEN {'geojson': '{"type":"Point","coordinates":[' || x || ',' || y || ']}',
    'minx': x, 'miny': y, 'maxx': x, 'maxy': y, 'pts': [[x, y]], 'lines': []::DOUBLE[][][], 'areas': []::DOUBLE[][][][]}
  WHEN 1 THEN {'geojson': '{"type":"LineString","coordinates":[[' || x || ',' || y || '],[' || (x + 1.5) || ',' || (y + 0.7) || ']]}',
    'minx': x, 'miny': y, 'maxx': x + 1.5, 'maxy': y + 0.7, 'pts': [[x, y], [x + 1.5, y + 0.7]],
    'lines': [[[x, y], [x + 1.5, y + 0.7]]], 'areas': []::DOUBLE[][][][]}
  WHEN 2 THEN {'geojson': '{"type":"Polygon","coordinates":[[[' || x || ',' || y || '],[' || (x + 1) || ',' || y || '],[' || (x + 1) || ',' || (y + 1) || '],[' || x || ',' || (y + 1) || '],[' || x || ',' || y || ']],[[' || (x + 0.25) || ',' || (y + 0.25) || '],[' || (x + 0.75) || ',' || (y + 0.25) || '],[' || (x + 0.75) || ',' || (y + 0.75) || '],[' || (x + 0.25) || ',' || (y + 0.75) || '],[' || (x + 0.25) || ',' || (y + 0.25) || ']]]}',
    'minx': x, 'miny': y, 'maxx': x + 1, 'maxy': y + 1,
    'pts': [[x, y], [x + 1, y], [x + 1, y + 1], [x, y + 1], [x, y], [x + 0.25, y + 0.25], [x + 0.75, y + 0.25], [x + 0.75, y + 0.75], [x + 0.25, y + 0.75], [x + 0.25, y + 0.25]],
    'lines': [[[x, y], [x + 1, y], [x + 1, y + 1], [x, y + 1], [x, y]], [[x + 0.25, y + 0.25], [x + 0.75, y + 0.25], [x + 0.75, y + 0.75], [x + 0.25, y + 0.75], [x + 0.25, y + 0.25]]],
    'areas': [[[[x, y], [x + 1, y], [x + 1, y + 1], [x, y + 1], [x, y]], [[x + 0.25, y + 0.25], [x + 0.75, y + 0.25], [x + 0.75, y + 0.75], [x + 0.25, y + 0.75], [x + 0.25, y + 0.25]]]]}
  END::STRUCT(geojson VARCHAR, minx DOUBLE, miny DOUBLE, maxx DOUBLE, maxy DOUBLE, pts DOUBLE[][], lines DOUBLE[][][], areas DOUBLE[][][][]) AS "shape",
  hash(k)::UBIGINT AS "__id",
  TIMESTAMP '2024-03-01 12:00:00' + to_seconds(k) AS "__timestamp",
  100::INTEGER AS "__size",
  ' ' AS "__search",
  k::BIGINT AS "__pos"
FROM (SELECT i::BIGINT AS k, (((i * 7) % 41) / 4.0 - 5)::DOUBLE AS x, (((i * 11) % 37) / 4.0 - 4)::DOUBLE AS y FROM range(400) t(i))`;
