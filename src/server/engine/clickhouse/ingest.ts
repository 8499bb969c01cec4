import { basename } from 'node:path';
import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { POSITION_COLUMN, quoteIdent as quoteDuckIdent, RECORD_ID_COLUMN } from '../../../layout/columns';
import type { DatasetSchema } from '../../../odsql';
import { readableOf } from './body';
import type { ClickHouseClient } from './client';
import { type ClickHouseColumn, clickhouseColumns, columnDefinitions } from './columns';
import { quoteIdentifier, quoteString } from './literal';
import { duckdbTypeOfColumn, nativeBlocks } from './native';
import { liveVersions, setIngestionStatus, setLive } from './state';
import { type ClickHouseTarget, createShardedTable, dropShardedTable, qualified, shardNodes } from './target';

/*
 * Loads a dataset version from the storage of record (a Parquet file of the store) into the cluster:
 * a MergeTree table per shard and a Distributed table over them, sharded by record id, then makes it
 * the live version in one insert (state.ts). ClickHouse 18.16 reads no Parquet, so DuckDB reads the
 * file and its columns (in the ClickHouse layout of columns.ts) are streamed into each shard's table in
 * the Native format (native.ts: text formats lose the last bit of some doubles on 18.16). The version
 * before the one replaced is dropped: the one just replaced stays, so queries that started on it finish.
 */

export interface StoredVersion {
  readonly datasetId: string;
  /** The records table of the store (its folder name), e.g. `ds_airports`. */
  readonly table: string;
  readonly fingerprint: string;
  /** The version's Parquet file, `<store>/<table>/<version>.parquet`. */
  readonly file: string;
  readonly schema: DatasetSchema;
}

export interface IngestOptions {
  readonly signal?: AbortSignal;
}

/** The Distributed table of a version: `<table>__v<version>`, with `_local` for the shards' tables. */
export function versionTable(table: string, version: string): string {
  return `${table}__v${version.replace(/[^A-Za-z0-9_]/g, '_')}`;
}

/**
 * The Distributed table's sharding key: the record id's 64-bit value (the id is its 16 hex digits,
 * most significant first; `reinterpretAsUInt64` reads bytes little-endian, hence `reverse`). DuckDB
 * computes the same value from the store's UBIGINT `__id` (`shardSlot`), so ingestion writes each
 * shard's rows straight into its `_local` table, where the Distributed table would have put them.
 */
const SHARD_KEY = `reinterpretAsUInt64(reverse(unhex(${quoteIdentifier(RECORD_ID_COLUMN)})))`;

/** DuckDB's slot of a record in a cluster of total shard weight `weights`, as the Distributed table takes it. */
function shardSlot(weights: number): string {
  return `(${quoteDuckIdent(RECORD_ID_COLUMN)} % ${weights})`;
}

/** A shard's part of the records, sent to its `_local` table. */
interface Destination {
  readonly node: ClickHouseClient;
  readonly table: string;
  /** DuckDB condition choosing the shard's records. */
  readonly where: string;
}

/** Each shard's `_local` table and the records it takes. */
async function destinations(target: ClickHouseTarget, table: string): Promise<Destination[]> {
  const shards = await shardNodes(target);
  const weights = shards.reduce((sum, s) => sum + s.weight, 0);
  let low = 0;
  return shards.map(({ weight, node }) => {
    const where = `${shardSlot(weights)} >= ${low} AND ${shardSlot(weights)} < ${low + weight}`;
    low += weight;
    return { node, table: qualified(target, `${table}_local`), where };
  });
}

/**
 * Reads the Parquet file with DuckDB and inserts its records in ClickHouse's Native format (native.ts:
 * DuckDB's vectors are copied column by column, no value goes through JavaScript), one insert per
 * shard, at the same time. Returns the number of records DuckDB read.
 */
async function copyRecords(
  target: ClickHouseTarget,
  version: StoredVersion,
  table: string,
  columns: readonly ClickHouseColumn[],
  options: IngestOptions,
): Promise<number> {
  const to = await destinations(target, table);
  const instance = await DuckDBInstance.create(':memory:', {
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
    threads: '1',
    memory_limit: '256MB',
  });
  // One insert failing stops the others: their rows would be dropped with the table anyway.
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  const connections: DuckDBConnection[] = [];
  try {
    // DuckDB string literals double their quotes (ClickHouse's backslash escapes do not apply here).
    const file = `read_parquet('${version.file.replaceAll("'", "''")}')`;
    const first = await instance.connect();
    connections.push(first);
    const count = await first.runAndReadAll(`SELECT count(*)::BIGINT FROM ${file}`);
    // Each column cast to the DuckDB type whose bytes are ClickHouse's (native.ts). No ORDER BY: the
    // file is in position order already, and each MergeTree part is sorted by position anyway.
    const select = columns
      .map((c) => `CAST(${c.duckdb} AS ${duckdbTypeOfColumn(c)}) AS ${quoteDuckIdent(c.name)}`)
      .join(', ');
    // Settled, not raced: the connections close only once no chunk is being fetched on them.
    const inserts = await Promise.allSettled(
      to.map(async (destination) => {
        const connection = await instance.connect();
        connections.push(connection);
        const result = await connection.stream(`SELECT ${select} FROM ${file} WHERE ${destination.where}`);
        const body = readableOf(nativeBlocks(columns, result));
        try {
          await destination.node.insert(destination.table, 'Native', body, { signal });
        } catch (error) {
          stop.abort();
          throw error;
        }
      }),
    );
    const failed = inserts.find((r): r is PromiseRejectedResult => r.status === 'rejected');
    if (failed) throw failed.reason;
    return Number(count.getRows()[0]![0]);
  } finally {
    for (const connection of connections) connection.closeSync();
    instance.closeSync();
  }
}

/** Ingests one version and makes it live; returns its Distributed table. A failure is recorded, then thrown. */
export async function ingestVersion(
  target: ClickHouseTarget,
  version: StoredVersion,
  options: IngestOptions = {},
): Promise<string> {
  const versionName = basename(version.file, '.parquet');
  const table = versionTable(version.table, versionName);
  const live = (await liveVersions(target)).get(version.datasetId);
  if (live?.table === table) return table;
  await setIngestionStatus(target, {
    datasetId: version.datasetId,
    version: versionName,
    state: 'loading',
    reason: '',
  });
  try {
    const columns = clickhouseColumns(version.schema);
    // A table left by an interrupted attempt is started again from empty.
    await dropShardedTable(target, table);
    await createShardedTable(
      target,
      table,
      columnDefinitions(columns),
      `MergeTree ORDER BY ${quoteIdentifier(POSITION_COLUMN)}`,
      SHARD_KEY,
    );
    const expected = await copyRecords(target, version, table, columns, options);
    const counted = await target.client.query(`SELECT count() FROM ${qualified(target, table)}`);
    const records = Number(counted.rows[0]![0]);
    if (records !== expected) throw new Error(`ClickHouse holds ${records} records of ${expected}`);
    await setLive(target, {
      datasetId: version.datasetId,
      table,
      version: versionName,
      fingerprint: version.fingerprint,
      records,
    });
    await setIngestionStatus(target, {
      datasetId: version.datasetId,
      version: versionName,
      state: 'ready',
      reason: '',
    });
    await dropOlderVersions(target, version.table, [table, live?.table ?? '']);
    return table;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    await setIngestionStatus(target, {
      datasetId: version.datasetId,
      version: versionName,
      state: 'failed',
      reason: reason.slice(0, 1000),
    }).catch(() => undefined);
    throw error;
  }
}

/** Drops the version tables of a records table except those kept (the live one and the one it replaced). */
async function dropOlderVersions(
  target: ClickHouseTarget,
  table: string,
  keep: readonly string[],
): Promise<void> {
  const prefix = `${table}__v`;
  const result = await target.client.query(
    `SELECT name FROM system.tables WHERE database = ${quoteString(target.database)}
     AND startsWith(name, ${quoteString(prefix)}) AND NOT endsWith(name, '_local')`,
  );
  for (const [name] of result.rows as [string][])
    if (!keep.includes(name)) await dropShardedTable(target, name);
}
