import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindParams } from '../../../layout/duckdb-bind';
import { viewSql } from '../../../layout/views';
import {
  type CompiledQuery,
  clickhouseDialect,
  compileRecordsQuery,
  type Dialect,
  duckdbDialect,
  type RecordsQuery,
  type SqlQuery,
} from '../../../odsql';
import { ClickHouseClient } from './client';
import { inlineParams } from './params';
import { type FixtureOnBothEngines, fixtureOnBothEngines } from './testing/both-engines';
import { testCluster } from './testing/cluster';
import { SHAPES_SCHEMA, SHAPES_SELECT } from './testing/fixture';

/*
 * Distances and relations of geo_shape fields give DuckDB's answers on ClickHouse: points, lines and
 * polygons with a hole (testing/fixture.ts SHAPES_SELECT), against points, boxes, lines and polygons,
 * boundaries included (both engines run the same arithmetic, edge by edge).
 */

const cluster = testCluster();

const HOLED = "geom'POLYGON((-2 -2, 3 -2, 3 3, -2 3, -2 -2), (-1 -1, 1.5 -1, 1.5 1.5, -1 1.5, -1 -1))'";
const LINE = "geom'LINESTRING(-5 -4, 5 5.25)'";
/** A ring of 60 vertices: its tests run as lambdas over its rows (clickhouse-shapes.ts WRITTEN_OUT). */
const RING = `geom'POLYGON((${Array.from({ length: 61 }, (_, i) => {
  const a = ((i % 60) * 2 * Math.PI) / 60;
  return `${0.5 + 3 * Math.cos(a)} ${0.5 + 2.5 * Math.sin(a)}`;
}).join(', ')}))'`;

const REQUESTS: Record<string, Omit<RecordsQuery, 'table'>> = {
  'shapes rendered, their type': { select: 'shape, geometry_type(shape) AS t', orderBy: 'k', limit: 40 },
  'distance to a point: 0 inside, else to the nearest vertex or edge': {
    select: "k, distance(shape, geom'POINT(0.6 0.4)') AS d",
    orderBy: 'k',
    limit: 400,
  },
  'within_distance of a point, in kilometres': {
    select: 'count(*) AS c, sum(k) AS s',
    where: ["within_distance(shape, geom'POINT(-1 2)', 150km)"],
  },
  'in_bbox and the legacy bbox()': {
    select: 'k',
    where: ['in_bbox(shape, -1, -2, 2, 1.5) OR bbox(shape, 4, 4, 4.5, 4.6)'],
    orderBy: 'k',
    limit: 400,
  },
  'intersects a polygon with a hole': {
    select: 'k',
    where: [`intersects(shape, ${HOLED})`],
    orderBy: 'k',
    limit: 400,
  },
  'within a polygon with a hole, and a multipolygon': {
    select: 'k',
    where: [
      `within(shape, ${HOLED}) OR polygon(shape, geom'MULTIPOLYGON(((4 4, 6 4, 6 6, 4 6, 4 4)), ((-5 -4, -3 -4, -3 -2, -5 -2, -5 -4)))')`,
    ],
    orderBy: 'k',
    limit: 400,
  },
  'disjoint from a line, and meeting a point': {
    select: 'k',
    where: [
      `disjoint(shape, ${LINE}) AND NOT intersects(shape, geom'POINT(0.25 0.5)') OR geometry(shape, geom'POINT(1 1)', INTERSECTS)`,
    ],
    orderBy: 'k',
    limit: 400,
  },
  'intersects and within a polygon of 60 vertices': {
    select: 'k',
    where: [`within(shape, ${RING}) OR NOT disjoint(shape, ${RING})`],
    orderBy: 'k',
    limit: 400,
  },
  'envelope and bbox of shapes': { select: 'bbox(shape) AS b, count(shape) AS c' },
};

function compiled(request: Omit<RecordsQuery, 'table'>, dialect: Dialect, table: string): CompiledQuery {
  const result = compileRecordsQuery({ table, ...request }, SHAPES_SCHEMA, {
    version: '2.1',
    timezone: 'UTC',
    lang: 'en',
    now: 0,
    dialect,
  });
  if (!result.ok) throw new Error(result.diagnostics.map((d) => d.message).join('; '));
  return result.query;
}

/** Rows with JSON columns decoded and numbers to 12 significant digits. */
function decoded(rows: readonly (readonly unknown[])[], query: CompiledQuery): unknown[][] {
  const deep = (v: unknown): unknown =>
    typeof v === 'number'
      ? Number(v.toPrecision(12))
      : Array.isArray(v)
        ? v.map(deep)
        : v !== null && typeof v === 'object'
          ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, deep(x)]))
          : v;
  return rows.map((row) =>
    row.map((v, i) => deep(i < query.columns.length && v !== null ? JSON.parse(String(v)) : v)),
  );
}

describe.skipIf(!cluster)('geo_shape fields on ClickHouse give DuckDB answers', () => {
  let both: FixtureOnBothEngines;
  let client: ClickHouseClient;

  const duckRows = async (query: SqlQuery): Promise<unknown[][]> => {
    const prepared = await both.duckdb.prepare(query.sql);
    bindParams(prepared, query.params);
    return (await prepared.runAndReadAll()).getRowsJson() as unknown[][];
  };

  beforeAll(async () => {
    both = await fixtureOnBothEngines(cluster!, 'shapes', (file) => viewSql('t', file), {
      select: SHAPES_SELECT,
      schema: SHAPES_SCHEMA,
    });
    client = new ClickHouseClient({ url: cluster!.url, database: both.database });
  });
  afterAll(() => both?.close());

  it.each(Object.entries(REQUESTS))('%s', async (_, request) => {
    const duckQuery = compiled(request, duckdbDialect, 't');
    const clickQuery = compiled(request, clickhouseDialect, both.table);
    const expected = decoded(await duckRows(duckQuery.page), duckQuery);
    expect(expected.length).toBeGreaterThan(0);
    const rows = (await client.query(inlineParams(clickQuery.page))).rows;
    expect(decoded(rows, clickQuery)).toEqual(expected);
  });
});
