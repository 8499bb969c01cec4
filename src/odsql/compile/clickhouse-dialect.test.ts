import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { DatasetSchema } from '../schema';
import { clickhouseDialect } from './dialects/clickhouse';
import { compileRecordsQuery, type RecordsQuery } from './query';
import { DEFAULT_OPTIONS, FIXTURE_SCHEMA } from './test-db';

/*
 * The ClickHouse dialect compiles through the same compiler as DuckDB's: the SQL holds typed
 * placeholders and ClickHouse functions only, and what the dialect cannot compute answers a diagnostic
 * naming it (the server's 400). Its answers are compared with DuckDB's on a real cluster in
 * server/engine/clickhouse/dialect.cluster-test.ts.
 */

const OPTIONS = { ...DEFAULT_OPTIONS, dialect: clickhouseDialect };

function sqlOf(query: Omit<RecordsQuery, 'table'>, schema: DatasetSchema = FIXTURE_SCHEMA): string {
  const result = compileRecordsQuery({ table: 't', ...query }, schema, OPTIONS);
  if (!result.ok) throw new Error(result.diagnostics.map((d) => d.message).join('; '));
  const count = typeof result.query.count === 'object' ? result.query.count.sql : '';
  return `${result.query.page.sql}\n${count}`;
}

function refusal(query: Omit<RecordsQuery, 'table'>): string {
  const result = compileRecordsQuery({ table: 't', ...query }, FIXTURE_SCHEMA, OPTIONS);
  if (result.ok) throw new Error(`compiles: ${result.query.page.sql}`);
  return result.diagnostics[0]!.message;
}

/** Functions and forms of DuckDB that ClickHouse does not have. */
const DUCKDB_ONLY =
  /\b(to_json|list_contains|list_has_any|list_transform|quantile_cont|strftime|starts_with|contains|ods_\w+|hash)\(|CAST\(\$|\$\d+(?![\d:])/;

describe('the ClickHouse dialect', () => {
  const queries: Record<string, Omit<RecordsQuery, 'table'>> = {
    'a records page': { select: 'name, code, n, x, flag, tags, payload', limit: 10, offset: 5 },
    'dates and instants': {
      select: 'd, dt, min(d) AS a, max(dt) AS b',
      groupBy: 'd, dt',
      orderBy: 'd desc',
    },
    'date filters': {
      select: 'name, d, dt',
      where: ["d >= date'2020-03'", "dt < date'2021-01-01T10:00:00Z'"],
    },
    'where and full-text search': {
      select: 'name',
      where: [
        'n > 10 AND x <= 3.5 OR code IN ("FR", "BE")',
        '"secret"',
        'startswith(code, "F")',
        'tags = "red"',
      ],
    },
    'sorts, random order': { select: 'name', orderBy: 'flag desc, n' },
    'the tokens of named fields': {
      select: 'name',
      where: ['name like "tour"', 'suggest(name, tags, "sec")', 'search(code, "fr")'],
    },
    'random order': { select: 'name', orderBy: 'random(7)' },
    aggregates: { select: 'count(*), count(distinct tags), avg(x), sum(n), median(x), percentile(n, 90)' },
    groups: { select: 'code, count(*) AS c, max(n)', groupBy: 'code', orderBy: 'c desc', limit: 3 },
    'multivalued groups and ranges': { groupBy: 'tags, range(n, 10), range(x, 2.5), range(n, *, 10, 20, *)' },
  };
  for (const [name, query] of Object.entries(queries)) {
    it(`writes ${name} with typed placeholders and ClickHouse functions`, () => {
      const sql = sqlOf(query);
      expect(sql).toMatch(/\{\$1:(String|Int64|Float64|Bool|Array\(String\))\}|^SELECT/);
      expect(sql).not.toMatch(DUCKDB_ONLY);
    });
  }

  it('binds every value as a typed placeholder, never as text', () => {
    const sql = sqlOf({ select: 'name', where: ['code = "x\'); DROP TABLE t; --"'], limit: 2 });
    expect(sql).toContain('"code" = {$1:String}');
    expect(sql).not.toContain('DROP');
  });

  it('names the clause it cannot compute', () => {
    const result = compileRecordsQuery(
      { table: 't', select: 'name', where: ['n > 1', 'lower(name) like "tour"'] },
      FIXTURE_SCHEMA,
      OPTIONS,
    );
    expect(result.ok ? undefined : result.diagnostics[0]).toMatchObject({
      clause: 'where',
      source: 'lower(name) like "tour"',
      message: 'matching the tokens of an expression (like, search()) is not supported on ClickHouse',
    });
  });

  it('refuses what 18.16 cannot compute, as the coverage document lists it', () => {
    const rows = refusedInCoverage();
    expect(rows.length).toBeGreaterThan(3);
    for (const { construct, example } of rows) {
      if (!example) continue;
      const [clause, text] = [
        example.slice(0, example.indexOf('=')),
        example.slice(example.indexOf('=') + 1),
      ];
      const query = clause === 'where' ? { select: 'name', where: [text] } : { [clause]: text };
      expect(refusal(query), example).toBe(`${construct} is not supported on ClickHouse`);
    }
    // The document lists every refusal of the dialect's source, and nothing else.
    expect(rows.map((r) => r.construct).sort()).toEqual(refusalsInSource());
  });

  it('compiles with placeholders what it once refused: zones, date parts, geo', () => {
    const paris = { ...OPTIONS, timezone: 'Europe/Paris' };
    for (const query of [
      {
        select: 'dt, year(dt), date_format(dt, "EEEE d MMMM yyyy HH:mm")',
        where: ["dt >= date'1960-01-01'"],
      },
      { groupBy: 'range(dt, 1 M), range(d, 1 y), date_format(d, "yyyy-ww")' },
      {
        select: "geo, shape, distance(geo, geom'POINT(2 48)')",
        where: ["intersects(shape, geom'POINT(2 48)')"],
      },
      { groupBy: 'geo_cluster(geo, 5)', select: 'count(*), bbox(geo), envelope(shape)' },
      { select: 'name', where: ['search(name, "secrets tour")', 'search("secrest")'] },
    ]) {
      const result = compileRecordsQuery({ table: 't', ...query }, FIXTURE_SCHEMA, paris);
      if (!result.ok) throw new Error(result.diagnostics[0]!.message);
      expect(result.query.page.sql).not.toMatch(DUCKDB_ONLY);
      expect(result.query.page.sql).not.toContain('Europe/Paris');
    }
  });

  const withRange = (min: string, max: string, records?: number): DatasetSchema => ({
    ...FIXTURE_SCHEMA,
    ...(records !== undefined ? { records } : {}),
    fields: FIXTURE_SCHEMA.fields.map((f) =>
      f.name === 'dt' ? { ...f, range: { min: Date.parse(min), max: Date.parse(max) } } : f,
    ),
  });

  it("takes the date parts of instants inside DateTime's range from its functions, else from the numbers", () => {
    const inside = sqlOf({ groupBy: 'year(dt), month(dt)' }, withRange('2001-01-01', '2030-12-31'));
    expect(inside).toContain('toInt64(toYear(toDateTime(intDiv("dt@ms", 1000), \'UTC\')))');
    expect(inside).toContain('toInt64(toMonth(toDateTime(');
    const before1970 = sqlOf({ groupBy: 'year(dt)' }, withRange('1960-01-01', '2030-12-31'));
    expect(before1970).not.toContain('toYear');
    expect(before1970).toContain('__cyoe');
    expect(sqlOf({ groupBy: 'year(dt)' })).not.toContain('toYear');
  });

  it('reads an unfiltered page in source order by its positions, and probes spans of a filtered one', () => {
    const schema = withRange('2001-01-01', '2030-12-31', 3_000_000);
    const compile = (query: Omit<RecordsQuery, 'table'>) => {
      const result = compileRecordsQuery({ table: 't', ...query }, schema, OPTIONS);
      if (!result.ok) throw new Error(result.diagnostics[0]!.message);
      return result.query;
    };
    const page = compile({ select: 'name', limit: 10, offset: 20 });
    expect(page.page.sql).toMatch(/WHERE "__pos" >= \{\$\d+:Int64\} AND "__pos" < \{\$\d+:Int64\}/);
    expect(page.page.params).toEqual(expect.arrayContaining([20, 30]));
    expect(page.probes).toBeUndefined();

    const filtered = compile({ select: 'name', where: ['n > 1 OR flag'], limit: 10, offset: 20 });
    expect(filtered.probes?.rows).toBe(10);
    // Spans of 65,536 then 16 times more, below the number of records.
    expect(filtered.probes?.pages.map((p) => p.params.find((v) => v === 65_536 || v === 1_048_576))).toEqual([
      65_536, 1_048_576,
    ]);
    for (const probe of filtered.probes!.pages)
      expect(probe.sql).toMatch(/"__pos" < \{\$\d+:Int64\} AND \(.* OR .*\)/);
    // A sorted page has no probes.
    expect(compile({ select: 'name', where: ['n > 1'], orderBy: 'n', limit: 10 }).probes).toBeUndefined();
  });
});

/** The rows of the coverage document's "ClickHouse: refused" table: construct and example request. */
function refusedInCoverage(): { construct: string; example?: string }[] {
  const doc = readFileSync(new URL('../../../docs/odsql-coverage.md', import.meta.url), 'utf8');
  const section = doc.slice(doc.indexOf('### ClickHouse: refused'));
  const table = section.slice(0, section.indexOf('\n\n', section.indexOf('|---')));
  return [...table.matchAll(/^\| `([^`]+)` \| (?:`([^`]+)`|[^|]*) \|/gm)].map((m) => ({
    construct: m[1]!,
    ...(m[2] ? { example: m[2] } : {}),
  }));
}

/** Every construct the ClickHouse dialect's modules refuse (`unsupported('…')`). */
function refusalsInSource(): string[] {
  const dir = new URL('./dialects/', import.meta.url);
  const found = readdirSync(dir)
    .filter((f) => f.startsWith('clickhouse') && f.endsWith('.ts'))
    .flatMap((f) =>
      [...readFileSync(new URL(f, dir), 'utf8').matchAll(/unsupported\('([^']+)'\)/g)].map((m) => m[1]!),
    );
  return [...new Set(found)].sort();
}
