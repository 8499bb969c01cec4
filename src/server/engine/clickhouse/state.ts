import { CH, chLiteral } from './literal';
import { type ClickHouseTarget, createShardedTable, qualified, SYNC_INSERT } from './target';

/*
 * State that several server processes on the same cluster share, kept in the cluster itself:
 *
 *   explore_live       which version of each dataset is served (the catalog of live tables)
 *   explore_ingestion  the last ingestion state of each dataset (loading, ready, failed and why)
 *   explore_quota      calls per client and quota period
 *   explore_usage      downloads and API calls per dataset (the `explore` metadata, usage/)
 *
 * (The catalog's own table is in catalog-table.ts.)
 *
 * Each is a sharded table like the records (a `_local` table per node and a Distributed one), sharded by
 * its key, so all rows of one dataset or client are on one shard and any node reads all of them. Without
 * ZooKeeper there is no ReplicatedMergeTree, so a plain table on one node would be a single point that
 * only servers knowing that node could reach; sharding costs nothing and needs no extra setting.
 *
 * Live versions and ingestion states are append-only rows read with `argMax(…, at)`: a swap is one
 * single-row INSERT, atomic in ClickHouse, so a reader sees the old version or the new one. The engine
 * is ReplacingMergeTree so that background merges drop superseded rows; correctness never depends on
 * when they run. Quota counts are SummingMergeTree: each server adds its calls as rows, merges add them
 * up, and `sum()` at read time is exact before and after merges. Usage counts are kept the same way.
 */

export const LIVE_TABLE = 'explore_live';
export const INGESTION_TABLE = 'explore_ingestion';
export const QUOTA_TABLE = 'explore_quota';
export const USAGE_TABLE = 'explore_usage';

export async function ensureStateTables(target: ClickHouseTarget): Promise<void> {
  await createShardedTable(
    target,
    LIVE_TABLE,
    'dataset_id String, table_name String, version String, fingerprint String, records UInt64, at Int64',
    'ReplacingMergeTree(at) ORDER BY dataset_id',
    'cityHash64(dataset_id)',
  );
  await createShardedTable(
    target,
    INGESTION_TABLE,
    'dataset_id String, version String, state String, reason String, at Int64',
    'ReplacingMergeTree(at) ORDER BY dataset_id',
    'cityHash64(dataset_id)',
  );
  await createShardedTable(
    target,
    QUOTA_TABLE,
    'client String, period_start Int64, calls UInt64',
    'SummingMergeTree(calls) ORDER BY (client, period_start)',
    'cityHash64(client)',
  );
  await createShardedTable(
    target,
    USAGE_TABLE,
    'dataset_id String, downloads UInt64, api_calls UInt64',
    'SummingMergeTree((downloads, api_calls)) ORDER BY dataset_id',
    'cityHash64(dataset_id)',
  );
}

export interface LiveVersion {
  readonly datasetId: string;
  /** Distributed table holding the records. */
  readonly table: string;
  readonly version: string;
  readonly fingerprint: string;
  readonly records: number;
}

/** Time of a state row: milliseconds, made strictly increasing within this process. */
let lastAt = 0;
function now(): number {
  lastAt = Math.max(Date.now(), lastAt + 1);
  return lastAt;
}

/** Makes `live` the served version of its dataset, for every server on the cluster at once. */
export async function setLive(target: ClickHouseTarget, live: LiveVersion): Promise<void> {
  const values = [
    chLiteral(live.datasetId, CH.string),
    chLiteral(live.table, CH.string),
    chLiteral(live.version, CH.string),
    chLiteral(live.fingerprint, CH.string),
    `toUInt64(${chLiteral(live.records, CH.int64)})`,
    chLiteral(now(), CH.int64),
  ];
  await target.client.execute(`INSERT INTO ${qualified(target, LIVE_TABLE)} VALUES (${values.join(', ')})`, {
    settings: SYNC_INSERT,
  });
}

/** The served version of every dataset, by dataset id (removed datasets have table_name ''). */
export async function liveVersions(target: ClickHouseTarget): Promise<Map<string, LiveVersion>> {
  const result = await target.client.query(
    `SELECT dataset_id, argMax(table_name, at), argMax(version, at), argMax(fingerprint, at), argMax(records, at)
     FROM ${qualified(target, LIVE_TABLE)} GROUP BY dataset_id`,
  );
  const live = new Map<string, LiveVersion>();
  for (const [datasetId, table, version, fingerprint, records] of result.rows as [
    string,
    string,
    string,
    string,
    number,
  ][])
    if (table !== '')
      live.set(datasetId, { datasetId, table, version, fingerprint, records: Number(records) });
  return live;
}

export type IngestionState = 'loading' | 'ready' | 'failed';

export interface IngestionStatus {
  readonly datasetId: string;
  readonly version: string;
  readonly state: IngestionState;
  readonly reason: string;
}

export async function setIngestionStatus(target: ClickHouseTarget, status: IngestionStatus): Promise<void> {
  const values = [
    chLiteral(status.datasetId, CH.string),
    chLiteral(status.version, CH.string),
    chLiteral(status.state, CH.string),
    chLiteral(status.reason, CH.string),
    chLiteral(now(), CH.int64),
  ];
  await target.client.execute(
    `INSERT INTO ${qualified(target, INGESTION_TABLE)} VALUES (${values.join(', ')})`,
    {
      settings: SYNC_INSERT,
    },
  );
}

export async function ingestionStatuses(target: ClickHouseTarget): Promise<Map<string, IngestionStatus>> {
  const result = await target.client.query(
    `SELECT dataset_id, argMax(version, at), argMax(state, at), argMax(reason, at)
     FROM ${qualified(target, INGESTION_TABLE)} GROUP BY dataset_id`,
  );
  const statuses = new Map<string, IngestionStatus>();
  for (const [datasetId, version, state, reason] of result.rows as [string, string, IngestionState, string][])
    statuses.set(datasetId, { datasetId, version, state, reason });
  return statuses;
}

/**
 * Adds calls of clients in a quota period (start in epoch ms). One INSERT per batch: ClickHouse makes a
 * part per insert, so a server should batch its counts (every second or so) rather than insert per call.
 */
export async function addCalls(
  target: ClickHouseTarget,
  periodStart: number,
  calls: ReadonlyMap<string, number>,
): Promise<void> {
  if (calls.size === 0) return;
  const rows = [...calls].map(
    ([client, n]) =>
      `(${chLiteral(client, CH.string)}, ${chLiteral(periodStart, CH.int64)}, toUInt64(${chLiteral(n, CH.int64)}))`,
  );
  await target.client.execute(`INSERT INTO ${qualified(target, QUOTA_TABLE)} VALUES ${rows.join(', ')}`, {
    settings: SYNC_INSERT,
  });
}

/** Calls counted so far for a client in a period, by every server on the cluster. */
export async function callsOf(
  target: ClickHouseTarget,
  client: string,
  periodStart: number,
): Promise<number> {
  const result = await target.client.query(
    `SELECT sum(calls) FROM ${qualified(target, QUOTA_TABLE)}
     WHERE client = ${chLiteral(client, CH.string)} AND period_start = ${chLiteral(periodStart, CH.int64)}`,
  );
  return Number(result.rows[0]![0]);
}

/** Downloads and API calls of one dataset. */
export interface UsageCount {
  readonly downloads: number;
  readonly api_calls: number;
}

/** Adds usage counts, in one INSERT (a server batches its counts, as for quotas). */
export async function addUsage(
  target: ClickHouseTarget,
  counts: ReadonlyMap<string, UsageCount>,
): Promise<void> {
  if (counts.size === 0) return;
  const rows = [...counts].map(
    ([id, c]) =>
      `(${chLiteral(id, CH.string)}, toUInt64(${chLiteral(c.downloads, CH.int64)}), toUInt64(${chLiteral(c.api_calls, CH.int64)}))`,
  );
  await target.client.execute(`INSERT INTO ${qualified(target, USAGE_TABLE)} VALUES ${rows.join(', ')}`, {
    settings: SYNC_INSERT,
  });
}

/** The usage counts of every dataset counted, by every server on the cluster. */
export async function usageTotals(target: ClickHouseTarget): Promise<Map<string, UsageCount>> {
  const result = await target.client.query(
    `SELECT dataset_id, sum(downloads), sum(api_calls) FROM ${qualified(target, USAGE_TABLE)} GROUP BY dataset_id`,
  );
  return new Map(
    result.rows.map((r) => [String(r[0]), { downloads: Number(r[1]), api_calls: Number(r[2]) }]),
  );
}
