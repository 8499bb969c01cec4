import { basename } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { POSITION_COLUMN, quoteIdent as quoteDuckIdent } from '../../../layout/columns';
import type { DatasetSchema } from '../../../odsql';
import { type ClickHouseColumn, clickhouseColumns, columnDefinitions, duckdbSelectList } from './columns';
import { quoteIdentifier, quoteString } from './literal';
import { readableOf, rowBinary } from './row-binary';
import { liveVersions, setIngestionStatus, setLive } from './state';
import {
  type ClickHouseTarget,
  createShardedTable,
  dropShardedTable,
  qualified,
  SYNC_INSERT,
} from './target';

/*
 * Loads a dataset version from the storage of record (a Parquet file of the store) into the cluster:
 * a MergeTree table per shard and a Distributed table over them, sharded by record id, then makes it
 * the live version in one insert (state.ts). ClickHouse 18.16 reads no Parquet, so DuckDB reads the
 * file and its rows (in the ClickHouse layout of columns.ts) are streamed into the Distributed table as
 * RowBinary (row-binary.ts: text formats lose the last bit of some doubles on 18.16). The version before the one replaced is dropped: the
 * one just replaced stays, so queries that started on it finish.
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
 * Reads the Parquet file with DuckDB and inserts its records into the Distributed table as RowBinary,
 * streamed chunk by chunk. Returns the number of records DuckDB read.
 */
async function copyRecords(
  target: ClickHouseTarget,
  version: StoredVersion,
  table: string,
  columns: readonly ClickHouseColumn[],
  options: IngestOptions,
): Promise<number> {
  const instance = await DuckDBInstance.create(':memory:', {
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
    threads: '1',
    memory_limit: '256MB',
  });
  try {
    const connection = await instance.connect();
    try {
      // DuckDB string literals double their quotes (ClickHouse's backslash escapes do not apply here).
      const file = `read_parquet('${version.file.replaceAll("'", "''")}')`;
      const count = await connection.runAndReadAll(`SELECT count(*)::INTEGER FROM ${file}`);
      const result = await connection.stream(
        `SELECT ${duckdbSelectList(columns)} FROM ${file} ORDER BY ${quoteDuckIdent(POSITION_COLUMN)}`,
      );
      const body = readableOf(
        rowBinary(
          columns.map((c) => c.type),
          result.yieldRowsJs(),
        ),
      );
      await target.client.insert(qualified(target, table), 'RowBinary', body, {
        ...(options.signal ? { signal: options.signal } : {}),
        settings: SYNC_INSERT,
      });
      return Number(count.getRows()[0]![0]);
    } finally {
      connection.closeSync();
    }
  } finally {
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
      `cityHash64(${quoteIdentifier('__id')})`,
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
