import { describe, expect, it } from 'vitest';
import type { DatasetSchema } from '../schema';
import type { CompileOptions } from './context';
import { duckdbDialect } from './dialects/duckdb';
import { duckdbExportSql } from './dialects/duckdb-exports';
import type { FacetFilterInput, FilterFacet } from './facet-filters';
import { compileRecordsQuery, type RecordsQuery } from './query';
import { sortRangesQuery } from './sort-ranges';
import { DEFAULT_OPTIONS, FIXTURE_SCHEMA } from './test-db';

/*
 * The DuckDB SQL the compiler writes for a representative set of requests, pinned byte for byte
 * (__snapshots__/duckdb-pin.test.ts.snap). Moving SQL between the compiler and its dialect must not
 * change one character of it: a change here is a change of every query the server runs, to be made on
 * purpose (`npx vitest run -u` after reading the difference).
 */

/** The fixture schema with what the catalog knows after ingestion: the count and the sort ranges. */
const RANGED: DatasetSchema = {
  records: 8,
  fields: FIXTURE_SCHEMA.fields.map((f) =>
    f.name === 'n'
      ? { ...f, range: { min: 0, max: 45 } }
      : f.name === 'd'
        ? { ...f, range: { min: 18261, max: 19158 } }
        : f,
  ),
};

const facet = (name: string, type: FilterFacet['type'], extra: Partial<FilterFacet> = {}): FilterFacet => ({
  name,
  type,
  multivalued: false,
  disjunctive: false,
  ...extra,
});

const FILTERS: readonly FacetFilterInput[] = [
  { kind: 'refine', facet: facet('code', 'text'), value: 'FR' },
  { kind: 'refine', facet: facet('tags', 'text', { multivalued: true, disjunctive: true }), value: 'red' },
  { kind: 'refine', facet: facet('tags', 'text', { multivalued: true, disjunctive: true }), value: 'blue' },
  { kind: 'exclude', facet: facet('n', 'int'), value: '12' },
  { kind: 'refine', facet: facet('flag', 'boolean'), value: 'true' },
  {
    kind: 'refine',
    facet: facet('d', 'date'),
    value: '2020',
    period: [
      [2020, 1, 1],
      [2021, 1, 1],
    ],
  },
  {
    kind: 'exclude',
    facet: facet('dt', 'datetime'),
    value: '2020-03',
    period: [
      [2020, 3, 1],
      [2020, 4, 1],
    ],
  },
  { kind: 'refine', facet: facet('name', 'text', { separator: '/' }), value: 'Paris' },
];

type Case = Omit<RecordsQuery, 'table'> & { options?: Partial<CompileOptions>; schema?: DatasetSchema };

const CASES: Record<string, Case> = {
  'records, default page': { limit: 10 },
  'records, deep page': { limit: 10, offset: 3, schema: RANGED },
  'records, select and where': {
    select: 'name, n * 2 AS twice, lower(code), length(name), d, dt, geo, shape, tags, payload',
    where: ['n > 10 AND x <= 3.5', 'code IN ("FR", "BE")', 'NOT flag'],
    limit: 5,
    offset: 2,
  },
  'records, text search': {
    where: ['"secret"', 'search(name, "tour")', 'name LIKE "Par*"', 'suggest("gard")'],
  },
  'records, multivalued and nulls': { where: ['tags = "red"', 'x IS NULL OR tags IS NOT NULL'] },
  'records, dates': {
    select:
      'year(d), month(dt), day(dt), hour(dt), minute(dt), second(dt), date_format(dt, "yyyy-MM-dd HH:mm EEE")',
    where: ["d >= date'2020-01-01'", "dt < date'2021-06-01T10:00:00'", 'dt >= now(days=-30)'],
  },
  'records, dates in a time zone': {
    select: 'year(dt), date_format(dt, "MMMM yyyy"), dt',
    where: ["dt >= date'2020-03-04'"],
    options: { timezone: 'Europe/Paris', lang: 'fr' },
  },
  'records, geo': {
    select: "geo, distance(geo, geom'POINT(2.35 48.85)') AS dist, geometry_type(shape)",
    where: [
      "within_distance(geo, geom'POINT(2.35 48.85)', 10km)",
      'in_bbox(geo, 48, 2, 49, 3)',
      "intersects(shape, geom'POLYGON((2 48, 3 48, 3 49, 2 49, 2 48))')",
    ],
  },
  'records, json_format': { select: 'json_format(payload) AS a, json_format(payload, "bad") AS c' },
  'records, sort on several keys': { orderBy: 'flag desc, lower(name)', limit: 3 },
  'records, single-key sort (int)': { orderBy: 'n desc', limit: 3, schema: RANGED },
  'records, single-key sort (date)': { orderBy: 'd', limit: 3, schema: RANGED },
  'records, random order': { orderBy: 'random(7)', limit: 3 },
  'records, facets and request filters': {
    filters: FILTERS,
    withValueIn: 'code',
    anyOf: [{ facet: facet('code', 'text'), value: 'UK' }],
    recordId: 'abc',
  },
  'records, v2.0': { select: 'name, d, dt, geo, year(d)', options: { version: '2.0' } },
  aggregation: {
    select:
      'count(*), COUNT(x), count(DISTINCT code), count(distinct tags), avg(x), sum(n), median(x), percentile(n, 90), min(d), max(dt), envelope(geo), bbox(shape)',
  },
  'aggregation, v2.0': { select: 'min(dt), max(d), count(*)', options: { version: '2.0' } },
  'group by a field': { select: 'code, count(*) AS c, avg(x)', groupBy: 'code', orderBy: 'c desc', limit: 5 },
  'group by a multivalued field': { select: 'count(*)', groupBy: 'tags' },
  'group by expressions': { groupBy: 'flag, year(d) AS y, lower(code) AS lc', orderBy: 'y desc' },
  'group by ranges': { groupBy: 'range(n, 15), range(x, 2.5), range(n, *, 10, 20, *) AS b' },
  'group by date ranges': {
    groupBy:
      "range(dt, 1 day) AS day, range(d, 1 month) AS m, range(dt, 6 hours) AS h, range(d, date'2020-01-01', date'2021-01-01', *) AS s",
  },
  'group by date ranges in a time zone': {
    groupBy: 'range(dt, 1 week) AS w',
    options: { timezone: 'America/New_York' },
  },
  'group by date_format': { groupBy: 'date_format(dt, "yyyy-MM") AS ym, date_format(d, "EEEE") AS wd' },
  'group by geo_cluster': { groupBy: 'geo_cluster(geo, 5, radius=20) AS g' },
  'group by, v2.0': { select: 'count(*)', groupBy: 'd, dt, geo, year(d)', options: { version: '2.0' } },
};

describe('the DuckDB SQL of the compiler', () => {
  for (const [name, { options, schema, ...query }] of Object.entries(CASES)) {
    it(name, () => {
      const result = compileRecordsQuery({ table: 't', ...query }, schema ?? FIXTURE_SCHEMA, {
        ...DEFAULT_OPTIONS,
        ...options,
      });
      if (!result.ok) throw new Error(result.diagnostics.map((d) => d.message).join('; '));
      expect(result.query).toMatchSnapshot();
    });
  }

  it('export cells and rows', () => {
    const result = compileRecordsQuery(
      { table: 't', select: 'name, tags, n, d, geo, shape, payload' },
      FIXTURE_SCHEMA,
      DEFAULT_OPTIONS,
    );
    if (!result.ok) throw new Error('does not compile');
    const columns = [
      { name: 'name', type: 'text' },
      { name: 'tags', type: 'text', multivalued: true },
      { name: 'n', type: 'int' },
      { name: 'd', type: 'date' },
      { name: 'geo', type: 'geo_point_2d' },
      { name: 'shape', type: 'geo_shape' },
      { name: 'payload', type: 'json' },
    ] as const;
    const { cellsQuery, textCell, flatLine, recordLine } = duckdbExportSql;
    const csv = cellsQuery(result.query, columns, (refs, bind) =>
      columns.map((c, i) => textCell(c, refs.values[i]!, bind(';'))),
    );
    const flat = cellsQuery(result.query, columns, (refs, bind) => [flatLine(columns, refs, bind)]);
    const v20 = cellsQuery(result.query, columns, (refs, bind) => [recordLine(columns, refs, bind, 'ds')]);
    expect({ csv, flat, v20 }).toMatchSnapshot();
  });

  it('sort ranges', () => {
    expect(sortRangesQuery('t', FIXTURE_SCHEMA, duckdbDialect)).toMatchSnapshot();
  });

  // The statements the server wrote itself before the dialect owned them, as it wrote them.
  it('catalog views (access, language, usage) and export COPY options', () => {
    const d = duckdbDialect;
    expect(d.createView(d.quoteIdent('v'), d.accessViewQuery(d.quoteIdent('__catalog'), ['a', "b'c"]))).toBe(
      `CREATE OR REPLACE VIEW "v" AS SELECT * FROM "__catalog"\nWHERE NOT "__restricted" OR "__id" IN ('a', 'b''c')`,
    );
    expect(d.accessViewQuery('"c"', [])).toBe('SELECT * FROM "c"\nWHERE NOT "__restricted"');
    expect(d.createView('"v"', d.languageViewQuery('"t"', 'fr'))).toBe(
      `CREATE OR REPLACE VIEW "v" AS SELECT * FROM "t" WHERE ("__lang" = 'fr' OR ("__lang" = '' AND NOT list_contains("__languages", 'fr')))`,
    );
    expect(d.languageViewQuery('"t"', undefined)).toBe(`SELECT * FROM "t" WHERE "__lang" = ''`);
    expect(d.createView('"v"', d.usageViewQuery('"t"', '__usage', ['"d"', '"a"', '"s"'], []))).toBe(
      `CREATE OR REPLACE VIEW "v" AS SELECT c.*,
  CAST(coalesce(u.download_count, 0) AS BIGINT) AS "d",
  CAST(coalesce(u.api_call_count, 0) AS BIGINT) AS "a",
  CAST(coalesce(5 * u.download_count + u.api_call_count, 0) AS DOUBLE) AS "s"
FROM "t" c LEFT JOIN __usage u ON u.dataset_id = c.dataset_id
ORDER BY c."__pos"`,
    );
    expect(duckdbExportSql.csvCopyOptions({ delimiter: ';', quoteAll: true })).toBe(
      `FORMAT csv, HEADER false, DELIMITER ';', QUOTE '"', ESCAPE '"', NEW_LINE '\r\n', FORCE_QUOTE *`,
    );
    expect(duckdbExportSql.linesCopyOptions()).toBe(
      `FORMAT csv, HEADER false, QUOTE '', ESCAPE '', DELIMITER '\t', NEW_LINE '\n'`,
    );
    expect(duckdbExportSql.parquetCopyOptions('zstd')).toBe('FORMAT parquet, COMPRESSION zstd');
  });
});
