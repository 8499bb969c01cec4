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
