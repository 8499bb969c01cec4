import type { TestProject } from 'vitest/node';
import { CLICKHOUSE_SERVER, clickhouseInstalled, type LocalCluster, startLocalCluster } from '../cluster';

/*
 * Starts one two-shard cluster for the ClickHouse tests and stops it after them, failed tests included
 * (vitest runs teardown either way; the cluster module also kills its processes if Node exits first).
 * Ports from CLICKHOUSE_TEST_BASE_PORT (default 18300): HTTP 18300-18301, TCP 18310-18311, interserver
 * 18320-18321.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** HTTP URL of the cluster's first node, or '' when ClickHouse is not installed. */
    clickhouseUrl: string;
    clickhouseCluster: string;
  }
}

let cluster: LocalCluster | undefined;

export async function setup(project: TestProject): Promise<void> {
  if (!clickhouseInstalled()) {
    console.warn(
      `\n*** ClickHouse tests SKIPPED: ${CLICKHOUSE_SERVER} is not installed (apt-get install clickhouse-server clickhouse-client; .ci/run does it) ***\n`,
    );
    project.provide('clickhouseUrl', '');
    project.provide('clickhouseCluster', '');
    return;
  }
  const basePort = Number(process.env.CLICKHOUSE_TEST_BASE_PORT ?? 18300);
  cluster = await startLocalCluster({ basePort });
  project.provide('clickhouseUrl', cluster.url);
  project.provide('clickhouseCluster', cluster.name);
}

export async function teardown(): Promise<void> {
  await cluster?.stop();
}
