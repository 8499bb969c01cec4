/*
 * `npm run clickhouse`: a local two-shard ClickHouse cluster for development, until Ctrl-C.
 * Ports from CLICKHOUSE_BASE_PORT (default 18370): HTTP base and base+1, TCP base+10/+11, interserver
 * base+20/+21. Prints the settings that point the server at it.
 */
import { startLocalCluster } from '../src/server/engine/clickhouse/cluster';

const basePort = Number(process.env.CLICKHOUSE_BASE_PORT ?? 18370);
const cluster = await startLocalCluster({ basePort });
console.log(`ClickHouse cluster "${cluster.name}" of ${cluster.nodes.length} shards is up:`);
for (const node of cluster.nodes) console.log(`  ${node.httpUrl}  (folder ${node.dir})`);
console.log(
  `\nServe from it with:\n  ENGINE=clickhouse CLICKHOUSE_URL=${cluster.nodes.map((n) => n.httpUrl).join(',')} CLICKHOUSE_CLUSTER=${cluster.name} npm start\n`,
);
console.log('Ctrl-C stops both servers and removes their folders.');

let stopping = false;
const stop = async (): Promise<void> => {
  if (stopping) return;
  stopping = true;
  await cluster.stop();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
setInterval(() => undefined, 1 << 30);
