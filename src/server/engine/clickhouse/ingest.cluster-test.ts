import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ClickHouseClient } from './client';
import { fieldColumn } from './columns';
import { ingestVersion, versionTable } from './ingest';
import { addCalls, callsOf, ensureStateTables, ingestionStatuses, liveVersions } from './state';
import { type ClickHouseTarget, connectTarget, qualified } from './target';
import { nodeUrls } from './testing/both-engines';
import { testCluster } from './testing/cluster';
import { FIXTURE_SCHEMA, FIXTURE_SELECT, writeFixture } from './testing/fixture';

const cluster = testCluster();
const NODE_URLS = cluster ? nodeUrls(cluster) : [];

/** The fixture's values as DuckDB reads them from the Parquet file, in the form ClickHouse returns them. */
async function duckdbRows(file: string): Promise<unknown[][]> {
  const instance = await DuckDBInstance.create(':memory:');
  const c = await instance.connect();
  const w = `"l'été \`x\`\\"`;
  const reader = await c.runAndReadAll(`SELECT
      printf('%016x', "__id"), "name", coalesce("tags", []), "n"::DOUBLE, "x", "flag"::INTEGER,
      ("day" - DATE '1970-01-01')::INTEGER,
      CASE WHEN "day" BETWEEN DATE '1970-01-01' AND DATE '2105-12-31' THEN strftime("day", '%Y-%m-%d') END,
      epoch_ms("at")::DOUBLE,
      CASE WHEN "at" >= TIMESTAMP '1970-01-01' THEN (epoch_ms("at") // 1000)::DOUBLE END,
      "geo".lat, "geo".lon, "shape".geojson, "shape".maxx, coalesce("shape".areas, []),
      ${w}, epoch_ms("__timestamp")::DOUBLE, "__size", "__search", "__pos"::DOUBLE
    FROM read_parquet('${file}') ORDER BY "__pos"`);
  const rows = reader.getRowsJson() as unknown[][];
  c.closeSync();
  instance.closeSync();
  return rows;
}

function clickhouseSelect(target: ClickHouseTarget, table: string): string {
  const col = (name: string, part?: string): string => {
    const column = fieldColumn(FIXTURE_SCHEMA, name, part);
    if (!column) throw new Error(`no column ${name}@${part}`);
    return column;
  };
  return `SELECT __id, ${col('name')}, ${col('tags')}, ${col('n')}, ${col('x')}, ${col('flag')},
      ${col('day', 'days')}, if(isNull(${col('day')}), NULL, toString(assumeNotNull(${col('day')}))),
      ${col('at', 'ms')}, toUnixTimestamp(${col('at')}),
      ${col('geo', 'lat')}, ${col('geo', 'lon')}, ${col('shape', 'geojson')}, ${col('shape', 'maxx')}, ${col('shape', 'areas')},
      ${col("l'été `x`\\")}, \`__timestamp@ms\`, __size, __search, __pos
    FROM ${qualified(target, table)} ORDER BY __pos`;
}

describe.skipIf(!cluster)('ingestion into a two-shard cluster', () => {
  let dir: string;
  let target: ClickHouseTarget;
  const database = `ingest_${Date.now()}`;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'clickhouse-store-'));
    target = await connectTarget({ urls: NODE_URLS, cluster: cluster!.name, database });
    await ensureStateTables(target);
  });
  afterAll(async () => {
    await Promise.all(
      NODE_URLS.map((url) => new ClickHouseClient({ url }).execute(`DROP DATABASE IF EXISTS ${database}`)),
    );
    await rm(dir, { recursive: true, force: true });
  });

  it('carries every record and value over, spread over both shards', async () => {
    const file = await writeFixture(dir, 'ds_fixture', '0001-aaaa');
    const table = await ingestVersion(target, {
      datasetId: 'fixture',
      table: 'ds_fixture',
      fingerprint: 'f1',
      file,
      schema: FIXTURE_SCHEMA,
    });
    expect(table).toBe(versionTable('ds_fixture', '0001-aaaa'));
    const fromClickHouse = (await target.client.query(clickhouseSelect(target, table))).rows;
    const fromDuckDB = await duckdbRows(file);
    expect(fromClickHouse.length).toBe(3000);
    expect(fromClickHouse).toEqual(fromDuckDB);
    // Both shards hold part of the records, none twice.
    const perShard = await Promise.all(
      NODE_URLS.map(async (url) =>
        Number(
          (await new ClickHouseClient({ url }).query(`SELECT count() FROM ${database}.\`${table}_local\``))
            .rows[0]![0],
        ),
      ),
    );
    expect(perShard.every((n) => n > 1000)).toBe(true);
    expect(perShard[0]! + perShard[1]!).toBe(3000);
    // Each row sits where the Distributed table's sharding key puts it (shard i takes key % 2 = i).
    const misplaced = await Promise.all(
      NODE_URLS.map(async (url, shard) =>
        Number(
          (
            await new ClickHouseClient({ url }).query(
              `SELECT count() FROM ${database}.\`${table}_local\` WHERE reinterpretAsUInt64(reverse(unhex(__id))) % 2 != ${shard}`,
            )
          ).rows[0]![0],
        ),
      ),
    );
    expect(misplaced).toEqual([0, 0]);
    const types = await target.client.query(
      `SELECT name, type FROM system.columns WHERE database = '${database}' AND table = '${table}' AND name IN ('day', 'at', 'tags', 'geo@lat')`,
    );
    expect(Object.fromEntries(types.rows as [string, string][])).toEqual({
      day: 'Nullable(Date)',
      at: "Nullable(DateTime('UTC'))",
      tags: 'Array(Nullable(String))',
      'geo@lat': 'Nullable(Float64)',
    });
    expect((await ingestionStatuses(target)).get('fixture')).toMatchObject({
      state: 'ready',
      version: '0001-aaaa',
    });
  });

  it('refuses to ingest when a shard has no node given (it would have no table)', async () => {
    // The first node named twice: the second shard is not among the nodes, so it has no table.
    const first = await connectTarget({
      urls: [NODE_URLS[0]!, NODE_URLS[0]!],
      cluster: cluster!.name,
      database,
    });
    const file = await writeFixture(dir, 'ds_other', '0001-eeee');
    await expect(
      ingestVersion(first, {
        datasetId: 'other',
        table: 'ds_other',
        fingerprint: 'o1',
        file,
        schema: FIXTURE_SCHEMA,
      }),
    ).rejects.toThrow(/no node given for shard 2/);
  });

  it('swaps to a new version at once, keeps the replaced one for running queries and drops older ones', async () => {
    const second = await writeFixture(dir, 'ds_fixture', '0002-bbbb', `${FIXTURE_SELECT} LIMIT 100`);
    const third = await writeFixture(dir, 'ds_fixture', '0003-cccc', `${FIXTURE_SELECT} LIMIT 10`);
    const base = { datasetId: 'fixture', table: 'ds_fixture', schema: FIXTURE_SCHEMA };
    await ingestVersion(target, { ...base, fingerprint: 'f2', file: second });
    let live = (await liveVersions(target)).get('fixture')!;
    expect(live).toMatchObject({ version: '0002-bbbb', records: 100, fingerprint: 'f2' });
    await ingestVersion(target, { ...base, fingerprint: 'f3', file: third });
    live = (await liveVersions(target)).get('fixture')!;
    expect(live).toMatchObject({ version: '0003-cccc', records: 10 });
    const count = await target.client.query(`SELECT count() FROM ${qualified(target, live.table)}`);
    expect(count.rows[0]![0]).toBe(10);
    const tables = await target.client.query(
      `SELECT name FROM system.tables WHERE database = '${database}' AND startsWith(name, 'ds_fixture__v') ORDER BY name`,
    );
    expect(tables.rows.map((r) => r[0])).toEqual([
      'ds_fixture__v0002_bbbb',
      'ds_fixture__v0002_bbbb_local',
      'ds_fixture__v0003_cccc',
      'ds_fixture__v0003_cccc_local',
    ]);
    // Ingesting the live version again does nothing.
    await ingestVersion(target, { ...base, fingerprint: 'f3', file: third });
    expect((await liveVersions(target)).get('fixture')!.table).toBe(live.table);
  });

  it('records a failed ingestion with its reason and keeps the live version', async () => {
    const broken = join(dir, 'ds_fixture', '0004-dddd.parquet');
    const error = await ingestVersion(target, {
      datasetId: 'fixture',
      table: 'ds_fixture',
      fingerprint: 'f4',
      file: broken,
      schema: FIXTURE_SCHEMA,
    }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Error);
    expect((await ingestionStatuses(target)).get('fixture')).toMatchObject({
      state: 'failed',
      version: '0004-dddd',
    });
    expect((await liveVersions(target)).get('fixture')!.version).toBe('0003-cccc');
  });

  it('shares quota counts between servers that reach the cluster through different nodes', async () => {
    const other = await connectTarget({ urls: [...NODE_URLS].reverse(), cluster: cluster!.name, database });
    const period = Date.UTC(2026, 10, 25);
    await addCalls(
      target,
      period,
      new Map([
        ['key:alice', 3],
        ['addr:127.0.0.1', 1],
      ]),
    );
    await addCalls(other, period, new Map([['key:alice', 4]]));
    await addCalls(other, period + 86_400_000, new Map([['key:alice', 50]]));
    expect(await callsOf(target, 'key:alice', period)).toBe(7);
    expect(await callsOf(other, 'key:alice', period)).toBe(7);
    expect(await callsOf(other, 'addr:127.0.0.1', period)).toBe(1);
    expect(await callsOf(target, "key:o'brien\\", period)).toBe(0);
  });

  it('refuses a cluster name that the servers do not know, and too few nodes for the shards', async () => {
    await expect(connectTarget({ urls: NODE_URLS, cluster: 'nope', database })).rejects.toThrow(
      /no cluster named nope/,
    );
    await expect(
      connectTarget({ urls: NODE_URLS.slice(0, 1), cluster: cluster!.name, database }),
    ).rejects.toThrow(/2 shards/);
  });
});
