import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bindParams } from '../../../layout/duckdb-bind';
import { viewSql } from '../../../layout/views';
import {
  type CompiledQuery,
  type CompileOptions,
  clickhouseDialect,
  compileRecordsQuery,
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

/** The fixture's fields the ClickHouse dialect reads so far (geo answers 400, see the dialect). */
const SCHEMA: DatasetSchema = {
  records: 3000,
  fields: FIXTURE_SCHEMA.fields.filter((f) => f.type !== 'geo_point_2d' && f.type !== 'geo_shape'),
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

function compiled(request: Omit<RecordsQuery, 'table'>, dialect: Dialect, table: string): CompiledQuery {
  const result = compileRecordsQuery({ table, ...request }, SCHEMA, { ...OPTIONS, dialect });
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
  const deep = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(deep)
      : v !== null && typeof v === 'object'
        ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, deep(x)]))
        : number(v);
  return rows.map((row) => row.map((v, i) => (i < json ? deep(parse(v)) : number(v))));
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

  it.each(Object.entries(REQUESTS))('%s', async (_, request) => {
    const duckQuery = compiled(request, duckdbDialect, 't');
    const clickQuery = compiled(request, clickhouseDialect, table);
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
