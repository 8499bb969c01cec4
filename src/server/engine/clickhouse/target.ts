import { ClickHouseClient, type RequestOptions } from './client';
import { quoteIdentifier, quoteString } from './literal';

/*
 * The cluster the server works with: the HTTP interface of each node, the cluster name of their
 * `remote_servers` and the database. Queries go to one node (a Distributed table merges the shards);
 * DDL goes to every node, since 18.16 runs `CREATE … ON CLUSTER` only through ZooKeeper, which a plain
 * pair of servers does not have.
 */

export interface ClickHouseTargetSettings {
  /** HTTP URL of every node of the cluster; queries go to the first. */
  readonly urls: readonly string[];
  readonly cluster: string;
  readonly database: string;
  readonly user?: string;
  readonly password?: string;
}

export interface ClickHouseTarget {
  readonly cluster: string;
  readonly database: string;
  /** Client of the first node, for queries and inserts into Distributed tables. */
  readonly client: ClickHouseClient;
  readonly nodes: readonly ClickHouseClient[];
}

/** Clients for the nodes; checks that the cluster exists and that every shard has a node given. */
export async function connectTarget(settings: ClickHouseTargetSettings): Promise<ClickHouseTarget> {
  const credentials = {
    ...(settings.user !== undefined ? { user: settings.user } : {}),
    ...(settings.password !== undefined ? { password: settings.password } : {}),
  };
  const nodes = settings.urls.map((url) => new ClickHouseClient({ url, ...credentials }));
  if (nodes.length === 0) throw new Error('No ClickHouse node given');
  const shards = await nodes[0]!.query(
    `SELECT count(DISTINCT shard_num) FROM system.clusters WHERE cluster = ${quoteString(settings.cluster)}`,
  );
  const count = Number(shards.rows[0]![0]);
  if (count === 0)
    throw new Error(`ClickHouse has no cluster named ${settings.cluster} in its remote_servers`);
  if (nodes.length < count)
    throw new Error(
      `Cluster ${settings.cluster} has ${count} shards but CLICKHOUSE_URL names ${nodes.length} node(s): list the HTTP URL of every node, comma-separated (tables are created on each)`,
    );
  const target = { cluster: settings.cluster, database: settings.database, client: nodes[0]!, nodes };
  await onEveryNode(target, `CREATE DATABASE IF NOT EXISTS ${quoteIdentifier(settings.database)}`);
  return target;
}

/** Runs a DDL statement on every node. */
export async function onEveryNode(
  target: Pick<ClickHouseTarget, 'nodes'>,
  sql: string,
  options?: RequestOptions,
): Promise<void> {
  await Promise.all(target.nodes.map((node) => node.execute(sql, options)));
}

/** `db`.`name`, both quoted. */
export function qualified(target: Pick<ClickHouseTarget, 'database'>, name: string): string {
  return `${quoteIdentifier(target.database)}.${quoteIdentifier(name)}`;
}

/** Inserts into a Distributed table return once the rows are on their shards, not queued. */
export const SYNC_INSERT = { insert_distributed_sync: 1 } as const;

/** A shard of the cluster: its weight in `remote_servers` and the node that holds it. */
export interface ShardNode {
  readonly weight: number;
  readonly node: ClickHouseClient;
}

/**
 * The shards in `remote_servers` order with the node of each, for writing into their `_local` tables
 * directly. A node knows which shard it is (`is_local` in its `system.clusters`). A shard whose node
 * is not among those given is refused: tables are created on the nodes given only, so it would have
 * none.
 */
export async function shardNodes(target: ClickHouseTarget): Promise<ShardNode[]> {
  const byShard = new Map<number, ShardNode>();
  let shards: number[] = [];
  for (const node of target.nodes) {
    const result = await node.query(
      `SELECT shard_num, shard_weight, is_local FROM system.clusters WHERE cluster = ${quoteString(target.cluster)} ORDER BY shard_num`,
    );
    const rows = (result.rows as [number, number, number][]).map((r) => r.map(Number));
    shards = rows.map(([shard]) => shard!);
    for (const [shard, weight, local] of rows)
      if (local === 1 && !byShard.has(shard!)) byShard.set(shard!, { weight: weight!, node });
  }
  const missing = shards.filter((s) => !byShard.has(s));
  if (missing.length > 0)
    throw new Error(
      `Cluster ${target.cluster}: no node given for shard ${missing.join(', ')} (CLICKHOUSE_URL must list the HTTP URL of a node of every shard)`,
    );
  return shards.map((s) => byShard.get(s)!);
}

/**
 * Creates `<name>_local` on every node with `engine` and `<name>` over them, sharded by `shardKey`.
 * Any node then reads and writes the whole table through `<name>`.
 */
export async function createShardedTable(
  target: ClickHouseTarget,
  name: string,
  columns: string,
  engine: string,
  shardKey: string,
): Promise<void> {
  const local = `${name}_local`;
  await onEveryNode(
    target,
    `CREATE TABLE IF NOT EXISTS ${qualified(target, local)} (${columns}) ENGINE = ${engine}`,
  );
  await onEveryNode(
    target,
    `CREATE TABLE IF NOT EXISTS ${qualified(target, name)} AS ${qualified(target, local)} ENGINE = Distributed(${quoteIdentifier(target.cluster)}, ${quoteIdentifier(target.database)}, ${quoteIdentifier(local)}, ${shardKey})`,
  );
}

/** Drops `<name>` and `<name>_local` on every node. */
export async function dropShardedTable(target: ClickHouseTarget, name: string): Promise<void> {
  await onEveryNode(target, `DROP TABLE IF EXISTS ${qualified(target, name)}`);
  await onEveryNode(target, `DROP TABLE IF EXISTS ${qualified(target, `${name}_local`)}`);
}
