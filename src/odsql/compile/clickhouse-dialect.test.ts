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
      { table: 't', select: 'name', where: ['n > 1', 'year(d) = 2020'] },
      FIXTURE_SCHEMA,
      OPTIONS,
    );
    expect(result.ok ? undefined : result.diagnostics[0]).toMatchObject({
      clause: 'where',
      source: 'year(d) = 2020',
      message: 'date parts is not supported on ClickHouse',
    });
  });

  it('refuses what it cannot compute yet, naming it', () => {
    expect(refusal({ select: 'year(d)' })).toBe('date parts is not supported on ClickHouse');
    const paris = compileRecordsQuery({ table: 't', select: 'dt' }, FIXTURE_SCHEMA, {
      ...OPTIONS,
      timezone: 'Europe/Paris',
    });
    expect(paris.ok ? undefined : paris.diagnostics[0]!.message).toBe(
      'datetimes in a time zone other than UTC is not supported on ClickHouse',
    );
    expect(refusal({ select: 'geo' })).toBe('geo values is not supported on ClickHouse');
    expect(refusal({ select: 'name', where: ['search(name, "the secrets")'] })).toBe(
      'fuzzy search() terms is not supported on ClickHouse',
    );
    expect(refusal({ select: 'name', where: ['lower(name) like "tour"'] })).toBe(
      'matching the tokens of an expression (like, search()) is not supported on ClickHouse',
    );
    expect(refusal({ select: 'json_format(payload)' })).toBe('json_format() is not supported on ClickHouse');
    expect(refusal({ groupBy: 'year(dt)' })).toBe('date parts is not supported on ClickHouse');
  });
});
