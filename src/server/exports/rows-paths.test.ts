import { readdirSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { stringify } from 'csv-stringify/sync';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { viewSql } from '../../layout/views';
import { duckdbDialect } from '../../odsql';
import { FIXTURE_SCHEMA, writeFixture } from '../engine/clickhouse/testing/fixture';
import { type DuckDBEngine, openDuckDBEngine } from '../engine/duckdb';
import { readParquet } from '../engine/testing/read-parquet';
import type { Engine } from '../engine/types';
import { stringifyOptions } from './formats/csv-text';
import { doubleText } from './formats/json-cells';
import { EXPORT_SCRATCH_DIR } from './scratch';
import { exportFile, exportQueryOf } from './testing/export-file';

/*
 * The paths of an engine without its own file writer (ClickHouse), checked on DuckDB: the same engine
 * with and without `COPY` and its export SQL must give the same files (CSV byte for byte, Parquet
 * column for column, JSON value for value).
 */

/** The engine as one without a file writer sees it: no `copy`, a dialect without export SQL. */
function withoutFileWriter(engine: Engine): Engine {
  const { exportSql: _unused, ...dialect } = engine.dialect;
  return {
    dialect,
    rows: (query, options) => engine.rows(query, options),
    stream: (query, options) => engine.stream(query, options),
    execute: (sql, params) => engine.execute(sql, params),
    close: () => engine.close(),
  };
}

let dir: string;
let engine: DuckDBEngine;
let copyless: Engine;

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'rows-paths-'));
  const file = await writeFixture(dir, 'ds_fixture', '0001');
  engine = await openDuckDBEngine({ path: ':memory:', threads: 2 });
  for (const statement of duckdbDialect.setupStatements()) await engine.execute(statement);
  await engine.execute(viewSql('t', file));
  copyless = withoutFileWriter(engine);
});

afterAll(async () => {
  await engine?.close();
  await rm(dir, { recursive: true, force: true });
});

const ALL = exportQueryOf(FIXTURE_SCHEMA, { table: 't' }, duckdbDialect);

describe('exports of an engine without its own file writer, on DuckDB', () => {
  it.each([
    ['defaults (v2.1: semicolons, BOM)', {}],
    [
      'commas, quote_all, labels, list separator',
      { delimiter: ',', quote_all: 'true', use_labels: 'true', list_separator: ' | ' },
    ],
    ['tabs, no BOM', { delimiter: 'tab', with_bom: 'false' }],
  ])('CSV, %s: the same bytes as COPY', async (_name, params) => {
    const copied = await exportFile(engine, ALL, 'csv', { params });
    const written = await exportFile(copyless, ALL, 'csv', { params });
    expect(copied.length).toBeGreaterThan(100_000);
    expect(written.toString('utf8')).toBe(copied.toString('utf8'));
  });

  it('CSV of a filtered, sorted selection with expressions, and of groups', async () => {
    for (const query of [
      {
        table: 't',
        select: 'name, n * 2 as twice, x / 3 as third, tags, day',
        where: ['n > 100'],
        orderBy: 'x desc',
      },
      { table: 't', select: 'flag, count(*) as c, avg(x) as mean', groupBy: 'flag' },
    ]) {
      const compiled = exportQueryOf(FIXTURE_SCHEMA, query, duckdbDialect);
      const copied = await exportFile(engine, compiled, 'csv');
      expect((await exportFile(copyless, compiled, 'csv')).toString('utf8')).toBe(copied.toString('utf8'));
    }
  });

  it('Parquet: the same columns, types and values as COPY', async () => {
    const copied = await readParquet(await exportFile(engine, ALL, 'parquet'));
    const written = await readParquet(await exportFile(copyless, ALL, 'parquet'));
    expect(copied.rows).toHaveLength(3000);
    expect(written).toEqual(copied);
  });

  it.each([
    ['json', '2.1'],
    ['jsonl', '2.1'],
    ['json', '2.0'],
    ['jsonl', '2.0'],
  ] as const)('%s on v%s: the same values as the engine path', async (format, version) => {
    const query = exportQueryOf(FIXTURE_SCHEMA, { table: 't' }, duckdbDialect, version);
    const parse = (bytes: Buffer): unknown =>
      format === 'json'
        ? JSON.parse(bytes.toString('utf8'))
        : bytes
            .toString('utf8')
            .split('\n')
            .filter((l) => l !== '')
            .map((l) => JSON.parse(l));
    const engineValues = parse(await exportFile(engine, query, format, { version }));
    expect(engineValues).toHaveLength(3000);
    expect(parse(await exportFile(copyless, query, format, { version }))).toEqual(engineValues);
  });

  it('a cancelled Parquet export stops and leaves no file', async () => {
    const controller = new AbortController();
    const slow: Engine = {
      ...copyless,
      async *stream(query, options) {
        for await (const rows of copyless.stream(query, options)) {
          yield rows;
          controller.abort();
        }
      },
    };
    await expect(exportFile(slow, ALL, 'parquet', { signal: controller.signal })).rejects.toThrow(
      /cancelled/,
    );
    expect(readdirSync(EXPORT_SCRATCH_DIR).filter((name) => name.startsWith('x-'))).toEqual([]);
  });
});

describe('CSV text as DuckDB writes it', () => {
  it('doubles: shortest digits, a decimal point, exponents without +', async () => {
    const db = await DuckDBInstance.create(':memory:');
    const connection = await db.connect();
    try {
      const samples = fc.sample(fc.double({ noNaN: true, noDefaultInfinity: true }), 400);
      samples.push(0, -0, 1, -50, 1e20, 1e21, 1.5e-7, 1e-7, 123456789012.5, 5e-324, Number.MAX_VALUE);
      const values = samples.map(
        (x) => `(${x === 0 && Object.is(x, -0) ? '-0.0' : x.toExponential()}::DOUBLE)`,
      );
      const rows = (
        await connection.runAndReadAll(
          `SELECT CAST(to_json(x) AS VARCHAR) FROM (VALUES ${values.join(', ')}) t(x)`,
        )
      ).getRows();
      expect(samples.map(doubleText)).toEqual(rows.map((r) => r[0]));
    } finally {
      connection.closeSync();
      db.closeSync();
    }
  });

  it('quotes the cells DuckDB quotes, for any text and delimiter', async () => {
    const db = await DuckDBInstance.create(':memory:');
    const connection = await db.connect();
    const out = join(dir, 'quoting.csv');
    try {
      await fc.assert(
        fc.asyncProperty(
          fc.array(fc.option(fc.string({ unit: 'binary' }), { nil: null }), { minLength: 1, maxLength: 6 }),
          fc.constantFrom(';', ',', '\t', '|'),
          fc.boolean(),
          async (cells, delimiter, quoteAll) => {
            const texts = cells.map((c) =>
              c === null ? 'NULL' : `'${c.replaceAll("'", "''").replaceAll('\0', '')}'`,
            );
            const options = `FORMAT csv, HEADER false, DELIMITER '${delimiter === '\t' ? '\t' : delimiter}', QUOTE '"', ESCAPE '"', NEW_LINE '\r\n'${quoteAll ? ', FORCE_QUOTE *' : ''}`;
            await connection.run(`COPY (SELECT ${texts.join(', ')}) TO '${out}' (${options})`);
            const row = cells.map((c) => (c === null ? null : c.replaceAll('\0', '')));
            const csvOptions = { delimiter, quoteAll, listSeparator: ',', withBom: false } as const;
            expect(stringify([row], stringifyOptions(csvOptions))).toBe(await readFile(out, 'utf8'));
          },
        ),
        { numRuns: 100 },
      );
    } finally {
      connection.closeSync();
      db.closeSync();
    }
  });
});
