import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiVersion } from '../../api/version';
import { viewSql } from '../../layout/views';
import { clickhouseDialect, duckdbDialect, type RecordsQuery } from '../../odsql';
import { ClickHouseEngine } from '../engine/clickhouse/engine';
import { type FixtureOnBothEngines, fixtureOnBothEngines } from '../engine/clickhouse/testing/both-engines';
import { testCluster } from '../engine/clickhouse/testing/cluster';
import { FIXTURE_SCHEMA, STORED_FIXTURE_SELECT } from '../engine/clickhouse/testing/fixture';
import { type DuckDBEngine, openDuckDBEngine } from '../engine/duckdb';
import type { Engine } from '../engine/types';
import { DATASET_FORMATS } from './formats/index';
import { EXPORT_SCRATCH_DIR } from './scratch';
import { exportFile, exportQueryOf } from './testing/export-file';
import { readExport } from './testing/read-export';

/*
 * Every export format of both versions, of the fixture's records (every field type, nulls, hostile
 * text, dates of any year), from DuckDB (its own writer, COPY) and from the two-shard ClickHouse cluster
 * (no COPY: files written in the server from the streamed rows), read back by readers independent of
 * the writers: the same records, value for value. CSV is compared byte for byte too.
 */

const cluster = testCluster();

describe.skipIf(!cluster)('exports on both engines', () => {
  let both: FixtureOnBothEngines;
  let duckdb: DuckDBEngine;
  let clickhouse: ClickHouseEngine;

  beforeAll(async () => {
    let file = '';
    both = await fixtureOnBothEngines(
      cluster!,
      'exports',
      (path) => {
        file = path;
        return viewSql('t', path);
      },
      { select: STORED_FIXTURE_SELECT, schema: FIXTURE_SCHEMA },
    );
    duckdb = await openDuckDBEngine({ path: ':memory:', threads: 2 });
    for (const statement of duckdbDialect.setupStatements()) await duckdb.execute(statement);
    await duckdb.execute(viewSql('t', file));
    clickhouse = new ClickHouseEngine({ url: cluster!.url, database: both.database });
  });
  afterAll(async () => {
    await clickhouse?.close();
    await duckdb?.close();
    await both?.close();
  });

  /** The same request on both engines: DuckDB reads the view `t`, ClickHouse the fixture's table. */
  async function onBoth(
    format: string,
    query: Omit<RecordsQuery, 'table'>,
    options: { version?: ApiVersion; params?: Record<string, string> } = {},
  ): Promise<[Buffer, Buffer]> {
    const version = options.version ?? '2.1';
    const fromDuckdb = exportQueryOf(FIXTURE_SCHEMA, { ...query, table: 't' }, duckdbDialect, version);
    const fromClickhouse = exportQueryOf(
      FIXTURE_SCHEMA,
      { ...query, table: both.table },
      clickhouseDialect,
      version,
    );
    return Promise.all([
      exportFile(duckdb, fromDuckdb, format, options),
      exportFile(clickhouse, fromClickhouse, format, options),
    ]);
  }

  const cases = (['2.1', '2.0'] as const).flatMap((version) =>
    DATASET_FORMATS[version].map((format) => [format, version] as const),
  );

  it.each(cases)('%s (v%s): the same records from both engines', async (format, version) => {
    const [fromDuckdb, fromClickhouse] = await onBoth(format, {}, { version });
    const expected = await readExport(format, fromDuckdb);
    expect(fromDuckdb.length).toBeGreaterThan(1000);
    expect(await readExport(format, fromClickhouse)).toEqual(expected);
  });

  it.each([
    ['every record, defaults', {}, {}],
    [
      'commas, quote_all, labels, list separator',
      {},
      { delimiter: ',', quote_all: 'true', use_labels: 'true', list_separator: ' | ' },
    ],
    [
      'a filtered, sorted selection with expressions',
      {
        select: 'name, n * 2 as twice, x / 3 as third, tags, day, geo',
        where: ['n > 100'],
        orderBy: 'x desc',
      },
      {},
    ],
  ])('CSV, %s: the same bytes', async (_name, query, params) => {
    const [fromDuckdb, fromClickhouse] = await onBoth('csv', query, { params });
    expect(fromDuckdb.length).toBeGreaterThan(20);
    expect(fromClickhouse.toString('utf8')).toBe(fromDuckdb.toString('utf8'));
  });

  it('CSV and JSON of groups: the same values (sums to 12 digits: shards add in another order)', async () => {
    const query = {
      select: 'flag, count(*) as c, avg(x) as mean, max(at) as last, sum(n) as total',
      groupBy: 'flag',
    };
    const [csvDuckdb, csvClickhouse] = await onBoth('csv', query);
    const [jsonDuckdb, jsonClickhouse] = await onBoth('json', query);
    const digits = (v: unknown): unknown =>
      JSON.parse(JSON.stringify(v), (_k, x: unknown) => {
        if (typeof x === 'number') return Number(x.toPrecision(12));
        if (typeof x === 'string' && /^-?\d+\.\d+$/.test(x)) return Number(Number(x).toPrecision(12));
        return x;
      });
    const csvRows = await readExport('csv', csvDuckdb);
    expect(csvRows).toHaveLength(4);
    expect(digits(await readExport('csv', csvClickhouse))).toEqual(digits(csvRows));
    expect(digits(await readExport('json', jsonClickhouse))).toEqual(
      digits(await readExport('json', jsonDuckdb)),
    );
  });

  it.each(['csv', 'parquet', 'xlsx'])('%s: a cancelled export stops and leaves no file', async (format) => {
    const controller = new AbortController();
    // The engine as seen by an export whose client leaves once the first rows arrive.
    const leaving: Engine = {
      dialect: clickhouse.dialect,
      rows: (query, options) => clickhouse.rows(query, options),
      async *stream(query, options) {
        for await (const rows of clickhouse.stream(query, options)) {
          controller.abort();
          yield rows;
        }
      },
      execute: (sql, params) => clickhouse.execute(sql, params),
      close: async () => {},
    };
    const query = exportQueryOf(FIXTURE_SCHEMA, { table: both.table }, clickhouseDialect);
    await expect(exportFile(leaving, query, format, { signal: controller.signal })).rejects.toThrow();
    expect(readdirSync(EXPORT_SCRATCH_DIR).filter((name) => name.startsWith('x-'))).toEqual([]);
  });
});
