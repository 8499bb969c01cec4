import { inject } from 'vitest';
import { ClickHouseClient } from '../client';

/** The test cluster's URL and name, or undefined where ClickHouse is not installed (tests skip). */
export function testCluster(): { url: string; name: string } | undefined {
  const url = inject('clickhouseUrl');
  return url ? { url, name: inject('clickhouseCluster') } : undefined;
}

export function testClient(database?: string): ClickHouseClient {
  const cluster = testCluster();
  if (!cluster) throw new Error('No ClickHouse test cluster');
  return new ClickHouseClient({ url: cluster.url, ...(database ? { database } : {}) });
}

/** How many queries whose text holds `marker` the node runs now (cancellation tests). */
export async function runningQueries(client: ClickHouseClient, marker: string): Promise<number> {
  const result = await client.query(
    `SELECT count() FROM system.processes WHERE query LIKE '%${marker}%' AND query NOT LIKE '%system.processes%'`,
  );
  return Number(result.rows[0]![0]);
}

/** Polls `check` until it holds or `ms` pass; whether it held. */
export async function until(check: () => Promise<boolean>, ms: number): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((r) => setTimeout(r, 50));
  }
  return false;
}
