import { defineConfig } from 'vitest/config';

/*
 * Tests against a real two-shard ClickHouse cluster (`*.cluster-test.ts`), kept apart from the unit and
 * HTTP projects: their global setup starts the cluster once and stops it after the run (see
 * src/server/engine/clickhouse/testing/global-setup.ts). Skipped, with a message, where Debian's
 * clickhouse-server is not installed.
 */
export default defineConfig({
  test: {
    include: ['src/**/*.cluster-test.ts'],
    environment: 'node',
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: 'forks',
    // One cluster for the whole run: files share it, so run them one after another.
    fileParallelism: false,
    globalSetup: ['src/server/engine/clickhouse/testing/global-setup.ts'],
  },
});
