import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/*
 * A local ClickHouse cluster for tests, the bench and a developer: two `clickhouse-server` processes on
 * loopback ports, each with its own temporary folder and a generated config whose `remote_servers` names
 * a cluster of two shards (one replica each). Debian's package (18.16) runs as a plain process; its
 * service does not start in a container.
 *
 * Ports, from `basePort`: HTTP base+i, native TCP base+10+i, interserver base+20+i (i = 0, 1). Give each
 * user (tests, bench, `npm run clickhouse`) its own base so they can run at once.
 */

export const CLICKHOUSE_SERVER = '/usr/sbin/clickhouse-server';
export const CLUSTER_NAME = 'explore';
const SHARDS = 2;
const START_TIMEOUT_MS = 60_000;
const STOP_TIMEOUT_MS = 10_000;

export interface ClusterNode {
  readonly httpUrl: string;
  readonly tcpPort: number;
  readonly dir: string;
}

export interface LocalCluster {
  /** Cluster name of `remote_servers`. */
  readonly name: string;
  readonly nodes: readonly ClusterNode[];
  /** HTTP URL of the first node: any node serves Distributed tables. */
  readonly url: string;
  /** Stops both processes (and their children) and removes their folders. Safe to call twice. */
  stop(): Promise<void>;
  /**
   * Kills one node's server at once (SIGKILL: a node that dies, not one shut down in order), keeping
   * its folder; `startNode` starts it again on the same ports and data. Outage tests.
   */
  stopNode(index: number): Promise<void>;
  startNode(index: number): Promise<void>;
}

/** Whether Debian's ClickHouse server is installed (tests are skipped when it is not). */
export function clickhouseInstalled(): boolean {
  return existsSync(CLICKHOUSE_SERVER);
}

function usersXml(): string {
  // Our own users file, so the cluster does not depend on /etc: one passwordless user, loopback only.
  return `<yandex>
  <profiles><default><max_memory_usage>4000000000</max_memory_usage><load_balancing>in_order</load_balancing></default></profiles>
  <users><default><password></password><networks><ip>127.0.0.1</ip><ip>::1</ip></networks><profile>default</profile><quota>default</quota></default></users>
  <quotas><default><interval><duration>3600</duration><queries>0</queries><errors>0</errors><result_rows>0</result_rows><read_rows>0</read_rows><execution_time>0</execution_time></interval></default></quotas>
</yandex>
`;
}

function configXml(
  dir: string,
  ports: { http: number; tcp: number; interserver: number },
  tcpPorts: number[],
): string {
  const shards = tcpPorts
    .map((p) => `      <shard><replica><host>127.0.0.1</host><port>${p}</port></replica></shard>`)
    .join('\n');
  return `<yandex>
  <logger><level>warning</level><log>${dir}/log/server.log</log><errorlog>${dir}/log/err.log</errorlog><console>0</console></logger>
  <http_port>${ports.http}</http_port>
  <tcp_port>${ports.tcp}</tcp_port>
  <interserver_http_port>${ports.interserver}</interserver_http_port>
  <interserver_http_host>127.0.0.1</interserver_http_host>
  <listen_host>127.0.0.1</listen_host>
  <path>${dir}/data/</path>
  <tmp_path>${dir}/tmp/</tmp_path>
  <format_schema_path>${dir}/format_schemas/</format_schema_path>
  <users_config>${dir}/users.xml</users_config>
  <default_profile>default</default_profile>
  <default_database>default</default_database>
  <timezone>UTC</timezone>
  <mark_cache_size>53687091</mark_cache_size>
  <uncompressed_cache_size>53687091</uncompressed_cache_size>
  <max_concurrent_queries>50</max_concurrent_queries>
  <remote_servers>
    <${CLUSTER_NAME}>
${shards}
    </${CLUSTER_NAME}>
  </remote_servers>
</yandex>
`;
}

/** Waits until `SELECT 1` answers on the node's HTTP port, or the process exits, or time runs out. */
async function waitUntilAnswers(url: string, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null)
      throw new Error(`clickhouse-server exited (${child.exitCode ?? child.signalCode}):\n${output()}`);
    try {
      const response = await fetch(`${url}/?query=SELECT%201`, { signal: AbortSignal.timeout(1000) });
      if (response.ok && (await response.text()).trim() === '1') return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 150));
  }
  throw new Error(`clickhouse-server did not answer on ${url} within ${START_TIMEOUT_MS} ms:\n${output()}`);
}

function kill(child: ChildProcess, signal: NodeJS.Signals): void {
  if (child.exitCode !== null || child.signalCode !== null || child.pid === undefined) return;
  try {
    // The process leads its own group (detached): the signal reaches any child it started too.
    process.kill(-child.pid, signal);
  } catch {
    child.kill(signal);
  }
}

async function stopProcess(child: ChildProcess, signal: NodeJS.Signals = 'SIGTERM'): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  kill(child, signal);
  const timer = setTimeout(() => kill(child, 'SIGKILL'), STOP_TIMEOUT_MS);
  await exited;
  clearTimeout(timer);
}

/** Processes started by this module and not yet stopped: killed if the Node process exits first. */
const running = new Set<ChildProcess>();
/** Their folders, removed by the same hook. */
const folders = new Set<string>();
let exitHookInstalled = false;
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', () => {
    for (const child of running) kill(child, 'SIGKILL');
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  });
}

export interface StartClusterOptions {
  /** First port of the block of 30 the cluster uses (see above). */
  readonly basePort: number;
  /** Parent of the temporary folders; the system's temporary folder by default. */
  readonly parentDir?: string;
  /** Keep the folders after stop (to read the servers' logs). */
  readonly keepDirs?: boolean;
}

/** Starts a two-shard cluster and resolves once both nodes answer queries. */
export async function startLocalCluster(options: StartClusterOptions): Promise<LocalCluster> {
  if (!clickhouseInstalled()) throw new Error(`${CLICKHOUSE_SERVER} is not installed`);
  installExitHook();
  const root = await mkdtemp(join(options.parentDir ?? tmpdir(), 'clickhouse-'));
  if (!options.keepDirs) folders.add(root);
  const tcpPorts = Array.from({ length: SHARDS }, (_, i) => options.basePort + 10 + i);
  const children: (ChildProcess | undefined)[] = [];
  const nodes: ClusterNode[] = [];
  let stopped = false;
  const stop = async (): Promise<void> => {
    if (stopped) return;
    stopped = true;
    const started = children.filter((c) => c !== undefined);
    await Promise.all(started.map((c) => stopProcess(c)));
    for (const c of started) running.delete(c);
    folders.delete(root);
    if (!options.keepDirs) await rm(root, { recursive: true, force: true });
  };
  /** Starts node `i`'s server over its folder; resolves once it answers. */
  const startNode = async (i: number): Promise<void> => {
    const node = nodes[i]!;
    const child = spawn(CLICKHOUSE_SERVER, [`--config-file=${join(node.dir, 'config.xml')}`], {
      cwd: node.dir,
      detached: true,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    running.add(child);
    children[i] = child;
    let output = '';
    const keep = (chunk: Buffer): void => {
      output = (output + chunk.toString()).slice(-4000);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    await waitUntilAnswers(node.httpUrl, child, () => output);
  };
  const stopNode = async (i: number): Promise<void> => {
    const child = children[i];
    if (!child) return;
    await stopProcess(child, 'SIGKILL');
    running.delete(child);
    children[i] = undefined;
  };
  try {
    for (let i = 0; i < SHARDS; i++) {
      const dir = join(root, `node${i}`);
      for (const sub of ['log', 'data', 'tmp', 'format_schemas'])
        await mkdir(join(dir, sub), { recursive: true });
      const ports = { http: options.basePort + i, tcp: tcpPorts[i]!, interserver: options.basePort + 20 + i };
      await writeFile(join(dir, 'users.xml'), usersXml());
      await writeFile(join(dir, 'config.xml'), configXml(dir, ports, tcpPorts));
      nodes.push({ httpUrl: `http://127.0.0.1:${ports.http}`, tcpPort: ports.tcp, dir });
    }
    await Promise.all(nodes.map((_, i) => startNode(i)));
  } catch (error) {
    await stop();
    throw error;
  }
  return { name: CLUSTER_NAME, nodes, url: nodes[0]!.httpUrl, stop, stopNode, startNode };
}
