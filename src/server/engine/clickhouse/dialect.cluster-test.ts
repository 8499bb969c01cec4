import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindParams } from '../../../layout/duckdb-bind';
import { viewSql } from '../../../layout/views';
import {
  type CompiledQuery,
  type CompileOptions,
  clickhouseDialect,
  compileRecordsQuery,
  convexHull,
  type DatasetSchema,
  type Dialect,
  duckdbDialect,
  type RecordsQuery,
  type SqlQuery,
} from '../../../odsql';
import { ClickHouseClient } from './client';
import { inlineParams } from './params';
import { type FixtureOnBothEngines, fixtureOnBothEngines } from './testing/both-engines';
import { testCluster } from './testing/cluster';
import { FIXTURE_SCHEMA } from './testing/fixture';

/*
 * The ClickHouse dialect gives DuckDB's answers: the same ODSQL requests, compiled by the one compiler
 * with each dialect, run on the same records (DuckDB's view of the records file, the two-shard cluster's
 * Distributed table of it), return the same rows: JSON values decoded, numbers to 12 significant digits
 * (the engines may sum in another order).
 */

const cluster = testCluster();

const SCHEMA: DatasetSchema = FIXTURE_SCHEMA;

/**
 * The fixture's schema with the ranges of its date and datetime fields, as the server gives them
 * (catalog/sort-ranges.ts): time zone conversions then choose among the zone's offset changes over
 * that range, for any year.
 */
const AT_0 = Date.UTC(1960, 5, 1);
const RANGED: DatasetSchema = {
  ...FIXTURE_SCHEMA,
  fields: FIXTURE_SCHEMA.fields.map((f) =>
    f.name === 'at'
      ? { ...f, range: { min: AT_0 + 1234567891, max: AT_0 + 2999 * 1234567891 } }
      : f.name === 'day'
        ? { ...f, range: { min: -10957 + 23, max: -10957 + 2999 * 23 } }
        : f,
  ),
};
const HOSTILE = FIXTURE_SCHEMA.fields.find((f) => f.name.includes('`'))!.name;
const hostile = `\`${HOSTILE.replaceAll('\\', '\\\\').replaceAll('`', '\\`')}\``;

const OPTIONS: Omit<CompileOptions, 'dialect'> = {
  version: '2.1',
  timezone: 'UTC',
  lang: 'en',
  now: Date.parse('2024-05-15T12:00:00Z'),
};

const REQUESTS: Record<string, Omit<RecordsQuery, 'table'>> = {
  'a records page in source order': { limit: 20, offset: 7 },
  'a deep records page': { select: 'name, n', limit: 5, offset: 2990 },
  'where, sorted on several keys': {
    select: `name, n, x, flag, tags, ${hostile}`,
    where: ['n > 100 AND x < 20', 'NOT flag OR flag IS NULL'],
    orderBy: 'n desc, name',
    limit: 50,
    offset: 3,
  },
  'full-text search and prefixes': {
    select: 'name, n',
    where: ['"12" OR "b 1*"', 'startswith(name, "name 1")'],
    orderBy: 'x',
    limit: 40,
  },
  'like and search() on named fields (their tokens made at ingestion)': {
    select: 'name, tags',
    where: ['name like "name 1" OR tags like "b 1"', 'search(name, "12")'],
    orderBy: 'n',
    limit: 40,
  },
  'fuzzy search() terms, one and two edits': {
    select: 'name, n',
    where: ['search(name, "nane 12") OR search("namexx 1") OR search(tags, "a10 b")', 'NOT search("nmae")'],
    orderBy: 'n',
    limit: 300,
  },
  'suggest() over two fields, one multivalued': {
    select: 'name, tags',
    where: [`suggest(tags, ${hostile}, "a1")`],
    orderBy: 'x desc',
    limit: 30,
  },
  'multivalued values and IN lists': {
    select: 'name, tags',
    where: ['tags = "a1" OR n IN (-97, 2, 500)', 'name IS NOT NULL'],
    orderBy: '-n',
    limit: 30,
  },
  'length, lower, division, multivalued without values': {
    select: 'length(name) AS l, lower(name) AS lo, n / (n - 2) AS q, x / 4 AS d',
    where: ['tags IS NULL OR lower(name) >= "name 2"'],
    orderBy: 'l, n',
    limit: 60,
  },
  'dates and instants of any year, filtered and sorted': {
    select: 'name, day, at',
    where: [
      "day >= date'1950-06-01' AND day < date'2110-01-01'",
      "at >= date'1961-03-01T12:00:00Z' OR at IS NULL",
    ],
    orderBy: 'day desc',
    limit: 60,
    offset: 10,
  },
  'instants sorted, the oldest first': { select: 'at, day', orderBy: 'at', limit: 40 },
  'min and max of dates and instants': { select: 'min(day) AS a, max(day) AS b, min(at) AS c, max(at) AS d' },
  'group_by a date and a datetime': {
    select: 'day, at, count(*) AS c',
    groupBy: 'day, at',
    orderBy: 'c desc, day',
    limit: 20,
  },
  'text sorted in byte order, nulls last': { select: 'name', orderBy: 'name desc', limit: 30, offset: 2500 },
  aggregations: {
    select:
      'count(*), count(n), count(distinct n), count(distinct tags), sum(n), avg(x), min(x), max(n), median(x), percentile(n, 90)',
  },
  'aggregations under a filter': { select: 'count(*) AS c, avg(n) AS a', where: ['flag'] },
  'group_by a boolean, the null group first': { select: 'flag, count(*) AS c, avg(x) AS a', groupBy: 'flag' },
  'group_by a multivalued field': { select: 'count(*) AS c', groupBy: 'tags', orderBy: 'c desc, tags' },
  'group_by ranges': { select: 'count(*) AS c', groupBy: 'range(n, 50), range(x, *, -10, 10, *) AS r' },
  'group_by text, sorted by an aggregate, limited': {
    select: 'name, count(*) AS c, max(n) AS m',
    groupBy: 'name',
    orderBy: 'm desc',
    limit: 10,
  },
  'refine and exclude': {
    select: 'name, n',
    filters: [
      {
        kind: 'refine',
        facet: { name: 'tags', type: 'text', multivalued: true, disjunctive: true },
        value: "b'1",
      },
      {
        kind: 'exclude',
        facet: { name: 'flag', type: 'boolean', multivalued: false, disjunctive: false },
        value: 'true',
      },
    ],
    limit: 25,
  },
};

/** Requests in other time zones, versions and schemas. */
interface Variant {
  readonly request: Omit<RecordsQuery, 'table'>;
  readonly timezone?: string;
  readonly version?: '2.0' | '2.1';
  /** The schema with date ranges (offsets chosen among the zone's changes), or without (zone tables). */
  readonly ranged?: boolean;
}

/** 18.16's zone tables are right between 1970-01-02 and 2105: without ranges, wall clocks stay inside. */
const IN_ZONE_TABLES = "at >= date'1970-01-03T00:00:00Z' AND at < date'2105-12-01T00:00:00Z'";
const DATE_PARTS =
  'year(at) AS y, month(at) AS mo, day(at) AS d, hour(at) AS h, minute(at) AS mi, second(at) AS s, year(day) AS dy, month(day) AS dm, day(day) AS dd';
const PATTERN = 'date_format(at, "yyyy-MM-dd\'T\'HH:mm:ss EEE EEEE MMM MMMM D w e xxxx yy d M H m s") AS f';

/** A ring of 120 vertices around (-3, 45), closed: its tests run as lambdas (clickhouse-shapes.ts WRITTEN_OUT). */
const CIRCLE = Array.from({ length: 121 }, (_, i) => {
  const a = ((i % 120) * 2 * Math.PI) / 120;
  return `${-3 + 3 * Math.cos(a)} ${45 + 2.5 * Math.sin(a)}`;
}).join(', ');

const VARIANTS: Record<string, Variant> = {
  'date parts in UTC, any year': { request: { select: DATE_PARTS, orderBy: 'at', limit: 100 } },
  'date parts in Paris, any year (ranged)': {
    request: { select: DATE_PARTS, orderBy: 'at', limit: 100, offset: 1200 },
    timezone: 'Europe/Paris',
    ranged: true,
  },
  'date parts in New York from the zone tables': {
    request: { select: DATE_PARTS, where: [IN_ZONE_TABLES], orderBy: 'at', limit: 100, offset: 500 },
    timezone: 'America/New_York',
  },
  'date_format in UTC and Kolkata': {
    request: { select: `${PATTERN}, date_format(day, "EEEE d MMMM yyyy, D") AS g`, orderBy: 'at', limit: 80 },
  },
  'date_format in Kolkata (ranged)': {
    request: { select: PATTERN, orderBy: 'at desc', limit: 80 },
    timezone: 'Asia/Kolkata',
    ranged: true,
  },
  'date_format in New York, any year (ranged: offset changes before 1970)': {
    request: { select: PATTERN, orderBy: 'at', limit: 80 },
    timezone: 'America/New_York',
    ranged: true,
  },
  'group_by date_format of every part in New York (ranged)': {
    request: {
      select: 'count(*) AS c',
      groupBy: `date_format(at, "yy-MM-dd HH:mm:ss x-w-e D") AS k`,
      orderBy: 'k',
      limit: 60,
    },
    timezone: 'America/New_York',
    ranged: true,
  },
  'date_format in Chatham from the zone tables': {
    request: { select: PATTERN, where: [IN_ZONE_TABLES], orderBy: 'at', limit: 80, offset: 700 },
    timezone: 'Pacific/Chatham',
  },
  'datetimes rendered in Paris (ranged)': {
    request: { select: 'at, day, min(at) AS a', groupBy: 'at, day', orderBy: 'at', limit: 50 },
    timezone: 'Europe/Paris',
    ranged: true,
  },
  'datetimes rendered in New York from the zone tables': {
    request: { select: 'name, at', where: [IN_ZONE_TABLES], orderBy: 'at desc', limit: 50 },
    timezone: 'America/New_York',
  },
  'date parts as text in v2.0, dates keyed by epoch': {
    request: {
      select: 'year(at), day, count(*) AS c',
      groupBy: 'year(at), day',
      orderBy: 'c desc, day',
      limit: 30,
    },
    version: '2.0',
  },
  'a date literal read in the request zone': {
    request: {
      select: 'at',
      where: ["at >= date'2000-03-26' AND at < date'2030-10-30'", "day >= date'1999'"],
      orderBy: 'at',
      limit: 30,
    },
    timezone: 'Europe/Paris',
  },
  'range(at, 1 month), 1 day, 1 week in UTC': {
    request: { select: 'count(*) AS c', groupBy: 'range(at, 1 M), range(at, 1 w) AS w', limit: 200 },
  },
  'range(day, 1 year) and range(day, 1 quarter), any year': {
    request: { select: 'count(*) AS c', groupBy: 'range(day, 1 y) AS y, range(day, 1 q) AS q' },
  },
  'range(at, 1 month) in Paris (zone tables)': {
    request: {
      select: 'count(*) AS c',
      where: [IN_ZONE_TABLES, "at >= date'1970-02-02T00:00:00Z'"],
      groupBy: 'range(at, 1 M)',
    },
    timezone: 'Europe/Paris',
  },
  'range(at, 1 day) and range(at, 6 h) in New York (ranged)': {
    request: {
      select: 'count(*) AS c',
      where: [IN_ZONE_TABLES],
      groupBy: 'range(at, 1 d), range(at, 6 h) AS h',
      limit: 500,
    },
    timezone: 'America/New_York',
    ranged: true,
  },
  'range(at, 1 hour) around a DST change in Paris': {
    request: {
      select: 'count(*) AS c',
      where: ["at >= date'2001-01-01T00:00:00Z' AND at < date'2009-01-01T00:00:00Z'"],
      groupBy: "range(at, 1 h), range(at, *, date'2003-03-30T01:30:00Z', date'2005-10-30', *) AS s",
    },
    timezone: 'Europe/Paris',
  },
  'group_by date_format and hour in Paris (ranged)': {
    request: {
      select: 'count(*) AS c',
      groupBy: 'date_format(at, "yyyy-MM EEE"), hour(at) AS h',
      limit: 300,
    },
    timezone: 'Europe/Paris',
    ranged: true,
  },
  'range(at, 1 month) and range(day, 1 month) in Paris, any year (ranged)': {
    request: { select: 'count(*) AS c', groupBy: 'range(at, 1 M), range(day, 1 M) AS m', limit: 400 },
    timezone: 'Europe/Paris',
    ranged: true,
  },
  'static date ranges over dates of any year in New York (ranged)': {
    request: {
      select: 'count(*) AS c',
      groupBy:
        "range(day, *, date'1950-01-01', date'2000-06-01T12:00:00Z', *), range(at, date'1961', date'2001', *) AS r",
    },
    timezone: 'America/New_York',
    ranged: true,
  },
  'date literals before 1970 read in Paris': {
    request: {
      select: 'at, day',
      where: [
        "at >= date'1962-05-01' AND at < date'1969-03-01T10:00:00' OR day = date'1960-07-22T23:30:00Z'",
      ],
      orderBy: 'at',
      limit: 100,
    },
    timezone: 'Europe/Paris',
    ranged: true,
  },
  'points rendered, distance and within_distance': {
    request: {
      select: "geo, distance(geo, geom'POINT(-3 45)') AS d",
      where: ["within_distance(geo, geom'POINT(-3 45)', 600km) OR geo IS NULL"],
      orderBy: 'd',
      limit: 60,
    },
  },
  'points in v2.0': { request: { select: 'geo, name', limit: 30 }, version: '2.0' },
  'in_bbox and the legacy bbox()': {
    request: {
      select: 'name, geo',
      where: ['in_bbox(geo, 46, -5, 44, -1) OR bbox(geo, 48, -2, 47.5, 0)'],
      orderBy: 'n',
      limit: 60,
    },
  },
  'intersects of points, with a hole': {
    request: {
      select: 'name, geo',
      where: [
        "intersects(geo, geom'POLYGON((-6.03 41.05, -1.03 41.05, -1.03 47.95, -6.03 47.95, -6.03 41.05), (-4.03 43.05, -2.03 43.05, -2.03 44.95, -4.03 44.95, -4.03 43.05))')",
      ],
      orderBy: 'n',
      limit: 100,
    },
  },
  'within and disjoint of points, GeoJSON and multipolygons': {
    request: {
      select: 'count(*) AS c, avg(n) AS a',
      where: [
        `within(geo, geom'MULTIPOLYGON(((-7 40, 0 40, 0 49, -7 49, -7 40)), ((-8 40, -7.5 40, -7.5 41, -8 41, -8 40)))') OR disjoint(geo, geom'{"type":"Polygon","coordinates":[[[-5,42],[-1,42],[-1,46],[-5,46],[-5,42]]]}')`,
        "NOT polygon(geo, geom'POLYGON((-3 40, -2 40, -2 50, -3 50, -3 40))')",
      ],
    },
  },
  'a polygon of 120 vertices': {
    request: {
      select: 'count(*) AS c, avg(n) AS a',
      where: [
        `intersects(geo, geom'POLYGON((${CIRCLE}))') AND NOT within(geo, geom'POLYGON((${CIRCLE}))') OR within(geo, geom'POLYGON((${CIRCLE}))')`,
      ],
    },
  },
  'points on a polygon edge and vertex': {
    request: {
      select: 'count(*) AS c',
      where: [
        "intersects(geo, geom'POLYGON((-1 40, 0 40, 0 49.9, -1 49.9, -1 40))')",
        "geometry_type(geo) = 'Point'",
      ],
    },
  },
  'group_by a point, the null group first': {
    request: { select: 'geo, count(*) AS c', groupBy: 'geo', limit: 100 },
  },
  'count distinct points, bbox and envelope': {
    request: {
      select:
        'count(geo) AS n, count(distinct geo) AS d, bbox(geo) AS b, envelope(geo) AS e, bbox(shape) AS s, envelope(shape) AS t',
    },
  },
  'geo_cluster cells and centroids': { request: { select: 'count(*) AS c', groupBy: 'geo_cluster(geo, 3)' } },
  'geo_cluster at a higher zoom with a radius, v2.0': {
    request: { select: 'count(*) AS c', groupBy: 'geo_cluster(geo, 9, radius=20)' },
    version: '2.0',
  },
  'shapes rendered, their geometry type': {
    request: { select: 'shape, geometry_type(shape) AS t', where: ['shape IS NOT NULL'], limit: 20 },
  },
};

function compiled(
  request: Omit<RecordsQuery, 'table'>,
  dialect: Dialect,
  table: string,
  variant: Omit<Variant, 'request'> = {},
): CompiledQuery {
  const schema = variant.ranged ? RANGED : SCHEMA;
  const options = {
    ...OPTIONS,
    ...(variant.timezone ? { timezone: variant.timezone } : {}),
    ...(variant.version ? { version: variant.version } : {}),
    dialect,
  };
  const result = compileRecordsQuery({ table, ...request }, schema, options);
  if (!result.ok) throw new Error(result.diagnostics.map((d) => d.message).join('; '));
  return result.query;
}

/**
 * A result row as the server reads it: JSON columns decoded, the technical columns kept. An empty list
 * reads as null: the records writer stores a multivalued field without values as null
 * (layout/records.ts), but the fixture's file also holds empty lists, which ClickHouse's layout (`[]`
 * for no value) cannot tell from null.
 */
function decoded(rows: readonly (readonly unknown[])[], query: CompiledQuery): unknown[][] {
  const json = query.columns.length;
  const parse = (v: unknown): unknown => {
    const value: unknown = v === null ? null : JSON.parse(String(v));
    return Array.isArray(value) && value.length === 0 ? null : value;
  };
  const number = (v: unknown): unknown => (typeof v === 'number' ? Number(v.toPrecision(12)) : v);
  // envelope() positions come in any order: compared as the hull the server makes of them.
  const positions = (v: unknown): v is [number, number][] =>
    Array.isArray(v) &&
    v.length > 0 &&
    v.every((p) => Array.isArray(p) && p.length === 2 && p.every((x) => typeof x === 'number'));
  const deep = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(deep)
      : v !== null && typeof v === 'object'
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, deep(x)]))
        : number(v);
  const value = (v: unknown): unknown => {
    const parsed = parse(v);
    return deep(positions(parsed) ? convexHull(parsed) : parsed);
  };
  return rows.map((row) => row.map((v, i) => (i < json ? value(v) : number(v))));
}

describe.skipIf(!cluster)('the ClickHouse dialect gives DuckDB answers', () => {
  let both: FixtureOnBothEngines;
  let client: ClickHouseClient;
  let table: string;

  const duckRows = async (query: SqlQuery): Promise<unknown[][]> => {
    const prepared = await both.duckdb.prepare(query.sql);
    bindParams(prepared, query.params);
    return (await prepared.runAndReadAll()).getRowsJson() as unknown[][];
  };
  const clickRows = async (query: SqlQuery): Promise<unknown[][]> =>
    (await client.query(inlineParams(query))).rows;

  beforeAll(async () => {
    both = await fixtureOnBothEngines(cluster!, 'dialect', (file) => viewSql('t', file));
    table = both.table;
    client = new ClickHouseClient({ url: cluster!.url, database: both.database });
  });
  afterAll(() => both?.close());

  it('finds a record by its id', async () => {
    const page = compiled({ select: 'name', limit: 1, offset: 1234 }, duckdbDialect, 't');
    const [first] = await duckRows(page.page);
    const recordId = String(first![1]);
    const request = { select: 'name, n, tags', recordId };
    const duckQuery = compiled(request, duckdbDialect, 't');
    const clickQuery = compiled(request, clickhouseDialect, table);
    const expected = decoded(await duckRows(duckQuery.page), duckQuery);
    expect(expected).toHaveLength(1);
    expect(decoded(await clickRows(clickQuery.page), clickQuery)).toEqual(expected);
  });

  it.each(
    Object.entries({
      ...Object.fromEntries(Object.entries(REQUESTS).map(([name, request]) => [name, { request }])),
      ...VARIANTS,
    }),
  )('%s', async (_, { request, ...variant }: Variant) => {
    const duckQuery = compiled(request, duckdbDialect, 't', variant);
    const clickQuery = compiled(request, clickhouseDialect, table, variant);
    const expected = decoded(await duckRows(duckQuery.page), duckQuery);
    expect(expected.length).toBeGreaterThan(0);
    expect(decoded(await clickRows(clickQuery.page), clickQuery)).toEqual(expected);
    if (typeof duckQuery.count === 'object' && typeof clickQuery.count === 'object') {
      expect(Number((await clickRows(clickQuery.count))[0]![0])).toBe(
        Number((await duckRows(duckQuery.count))[0]![0]),
      );
    }
  });
});
