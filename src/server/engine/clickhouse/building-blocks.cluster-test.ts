import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { duckdbDialect } from '../../../odsql';
import { ClickHouseClient } from './client';
import { ingestVersion } from './ingest';
import { ensureStateTables } from './state';
import { type ClickHouseTarget, connectTarget, qualified } from './target';
import { BUILDING_BLOCKS } from './testing/building-blocks';
import { testCluster } from './testing/cluster';
import { FIXTURE_SCHEMA, writeFixture } from './testing/fixture';

/*
 * Each building block of docs/clickhouse.md: the ClickHouse 18.16 SQL on the real two-shard cluster
 * gives the rows DuckDB gives on the same records file. Numbers are compared to 12 significant digits
 * (the engines may sum in another order); everything else exactly.
 */

const cluster = testCluster();
const NODE_URLS = cluster
  ? [cluster.url, cluster.url.replace(/:(\d+)$/, (_, p: string) => `:${Number(p) + 1}`)]
  : [];

function normalized(rows: readonly (readonly unknown[])[]): unknown[][] {
  return rows.map((row) =>
    row.map((v) => {
      const n = typeof v === 'string' && /^-?\d+(\.\d+)?(e[-+]?\d+)?$/i.test(v) ? Number(v) : v;
      if (typeof n === 'boolean') return n ? 1 : 0;
      return typeof n === 'number' ? Number(n.toPrecision(12)) : n;
    }),
  );
}

describe.skipIf(!cluster)('ClickHouse building blocks give DuckDB answers', () => {
  let dir: string;
  let target: ClickHouseTarget;
  let table: string;
  let duck: DuckDBInstance;
  let c: DuckDBConnection;
  const database = `blocks_${Date.now()}`;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'clickhouse-blocks-'));
    const file = await writeFixture(dir, 'ds_fixture', '0001-blocks');
    target = await connectTarget({ urls: NODE_URLS, cluster: cluster!.name, database });
    await ensureStateTables(target);
    table = qualified(
      target,
      await ingestVersion(target, {
        datasetId: 'fixture',
        table: 'ds_fixture',
        fingerprint: 'b',
        file,
        schema: FIXTURE_SCHEMA,
      }),
    );
    duck = await DuckDBInstance.create(':memory:');
    c = await duck.connect();
    for (const statement of duckdbDialect.setupStatements()) await c.run(statement);
    await c.run(`CREATE VIEW t AS SELECT * FROM read_parquet('${file}')`);
  });
  afterAll(async () => {
    c?.closeSync();
    duck?.closeSync();
    await Promise.all(
      NODE_URLS.map((url) => new ClickHouseClient({ url }).execute(`DROP DATABASE IF EXISTS ${database}`)),
    );
    await rm(dir, { recursive: true, force: true });
  });

  it.each(BUILDING_BLOCKS.map((b) => [b.odsql, b] as const))('%s', async (_, block) => {
    const expected = normalized((await c.runAndReadAll(block.duckdb)).getRowsJson() as unknown[][]);
    const actual = normalized((await target.client.query(block.clickhouse.replaceAll('{t}', table))).rows);
    expect(expected.length).toBeGreaterThan(0);
    expect(actual).toEqual(expected);
  });
});
