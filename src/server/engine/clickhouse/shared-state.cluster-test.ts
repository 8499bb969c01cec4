import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { QuotaSubject } from '../../auth/quota';
import type { Logger } from '../../ingest/logger';
import { ClickHouseClient } from './client';
import { ClickHouseLiveTables } from './live-tables';
import { ClusterCallQuota } from './quota';
import { ensureStateTables } from './state';
import { type ClickHouseTarget, connectTarget } from './target';
import { nodeUrls } from './testing/both-engines';
import { testCluster } from './testing/cluster';
import { FIXTURE_SCHEMA, writeFixture } from './testing/fixture';

/*
 * State that two servers on one cluster share: each server is played by its own objects, reaching the
 * cluster through a different node.
 */

const cluster = testCluster();
const quiet: Logger = { info: () => {}, warn: () => {}, error: () => {} };

describe.skipIf(!cluster)('state shared by the servers of a cluster', () => {
  let dir: string;
  let a: ClickHouseTarget;
  let b: ClickHouseTarget;
  const database = `shared_${Date.now()}`;

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'clickhouse-shared-'));
    const urls = nodeUrls(cluster!);
    a = await connectTarget({ urls, cluster: cluster!.name, database });
    b = await connectTarget({ urls: [...urls].reverse(), cluster: cluster!.name, database });
    await ensureStateTables(a);
  });
  afterAll(async () => {
    await Promise.all(
      nodeUrls(cluster!).map((url) =>
        new ClickHouseClient({ url }).execute(`DROP DATABASE IF EXISTS ${database}`),
      ),
    );
    await rm(dir, { recursive: true, force: true });
  });

  it('counts quota calls across servers: batched writes, exact reads', async () => {
    let now = Date.parse('2026-03-01T10:00:00Z');
    const settings = { keyCalls: 5, anonymousCalls: 0, period: 'day' as const };
    const first = new ClusterCallQuota(a, settings, quiet, () => now);
    const second = new ClusterCallQuota(b, settings, quiet, () => now);
    const alice: QuotaSubject = { kind: 'key', name: "alice's key" };
    try {
      for (let i = 0; i < 3; i++) expect((await first.take(alice))?.allowed).toBe(true);
      // Not written yet: the other server does not see them.
      expect((await second.take(alice))?.remaining).toBe(4);
      await first.flush();
      await second.flush();
      // 4 written; this server's read includes them all.
      expect(await first.take(alice)).toMatchObject({ allowed: true, remaining: 0 });
      expect(await first.take(alice)).toMatchObject({ allowed: false, remaining: 0 });
      await first.flush();
      expect((await second.take(alice))?.allowed).toBe(false);
      expect(await second.take({ kind: 'anonymous', address: '10.0.0.1' })).toBeUndefined();
      // The next day counts from zero.
      now += 86_400_000;
      expect(await second.take(alice)).toMatchObject({ allowed: true, remaining: 4 });
    } finally {
      await first.close();
      await second.close();
    }
  });

  it('serves the live version the cluster names, whichever server loaded it', async () => {
    const fileA = await writeFixture(dir, 'ds_shared', '0001-a');
    const fileB = await writeFixture(dir, 'ds_shared', '0002-b');
    const first = new ClickHouseLiveTables(a, quiet);
    const second = new ClickHouseLiveTables(b, quiet);
    await first.start();
    await second.start();
    try {
      const version = { datasetId: 'shared', fingerprint: 'f1', schema: FIXTURE_SCHEMA };
      await first.swap('ds_shared', fileA, version);
      await second.refresh();
      const table = first.tableOf('shared');
      expect(table).toMatch(/^ds_shared__v0001/);
      expect(second.tableOf('shared')).toBe(table);
      // The other server loads a new version: both follow it.
      await second.swap('ds_shared', fileB, { ...version, fingerprint: 'f2' });
      await first.refresh();
      expect(first.tableOf('shared')).toMatch(/^ds_shared__v0002/);
      expect(first.tableOf('shared')).toBe(second.tableOf('shared'));
      // A dropped dataset is served by neither.
      await first.drop('ds_shared');
      await second.refresh();
      expect(second.tableOf('shared')).toBeUndefined();
    } finally {
      first.stop();
      second.stop();
    }
  });
});
