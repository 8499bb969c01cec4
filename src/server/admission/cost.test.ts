import { describe, expect, it } from 'vitest';
import {
  type CompiledSql,
  type CompileOptions,
  clickhouseDialect,
  compileRecordsQuery,
  type DatasetSchema,
  type Dialect,
  duckdbDialect,
  type RecordsQuery,
} from '../../odsql';
import { CostModel } from './cost';

const sizes: Record<string, number> = { big: 3_000_000, 'we"ird': 5_000_000, small: 344 };
const model = new CostModel({ heavyRecords: 100_000 }, (t) => sizes[t] ?? 0);

const SCHEMA: DatasetSchema = {
  records: 3_000_000,
  fields: [
    { name: 'title', type: 'text' },
    { name: 'n', type: 'int' },
  ],
};

const options = (dialect: Dialect): CompileOptions => ({
  version: '2.1',
  timezone: 'UTC',
  lang: 'en',
  now: Date.parse('2024-05-15T12:00:00Z'),
  dialect,
});

/** The page a request compiles to, on an engine's dialect. */
function page(dialect: Dialect, query: Omit<RecordsQuery, 'table'> & { table?: string }): CompiledSql {
  const result = compileRecordsQuery({ table: 'big', limit: 20, ...query }, SCHEMA, options(dialect));
  if (!result.ok) throw new Error(JSON.stringify(result.diagnostics));
  return result.query.page;
}

describe.each([
  ['DuckDB', duckdbDialect],
  ['ClickHouse', clickhouseDialect],
])('cost estimate of queries compiled for %s', (_engine, dialect) => {
  it('reads the table the query names, whatever its name', () => {
    expect(page(dialect, { table: 'we"ird', where: ['n > 1'] }).reads.tables).toEqual(['we"ird']);
    expect(model.estimate(page(dialect, { table: 'we"ird', orderBy: 'n' }))).toBe('scan');
  });

  it('keeps small tables and plain pages of large ones in source order cheap', () => {
    expect(model.estimate(page(dialect, { table: 'small', where: ['title like "x"'], orderBy: 'n' }))).toBe(
      'cheap',
    );
    // An engine that scans in no order reads a page of positions from the table's index: a scan.
    expect(model.estimate(page(dialect, {}))).toBe(dialect.scansInSourceOrder ? 'cheap' : 'scan');
    expect(model.estimate(page(dialect, { table: '__catalog' }))).toBe('cheap');
  });

  it('sends filters, sorts and groups over large tables to the scan lane', () => {
    expect(model.estimate(page(dialect, { where: ['n = 1'] }))).toBe('scan');
    expect(model.estimate(page(dialect, { select: 'n, count(*)', groupBy: 'n' }))).toBe('scan');
    expect(model.estimate(page(dialect, { orderBy: 'n' }))).toBe('scan');
    // The search column written at ingestion is read like any other column.
    expect(model.estimate(page(dialect, { where: ['search("x")'] }))).toBe('scan');
  });

  it('finds text matching over large tables heavy, whatever SQL the engine matches text with', () => {
    expect(model.estimate(page(dialect, { where: ['search(title, "paris")'] }))).toBe('heavy');
    expect(model.estimate(page(dialect, { where: ['title like "par*"'] }))).toBe('heavy');
    expect(model.work(page(dialect, { where: ['title like "par*"'] }))).toBeGreaterThan(
      model.work(page(dialect, { where: ['n = 1'] })),
    );
  });
});

describe('cost estimate', () => {
  it('counts the largest table a query reads', () => {
    const query: CompiledSql = {
      sql: '',
      params: [],
      reads: { tables: ['small', 'big'], scans: true, matchesText: false },
    };
    expect(model.records(query)).toBe(3_000_000);
  });
});
