import { defineConfig } from 'vitest/config';

/*
 * The HTTP tests of records, aggregations, facets, refine/exclude, record lookup, exports, errors and
 * access control, run against a server with ENGINE=clickhouse on a two-shard cluster: the same test
 * files and assertions as on DuckDB (vitest.config.ts's `http` project), with the server the global
 * setup starts when TEST_ENGINE=clickhouse (src/server/testing/global-setup.ts). A test expects a
 * different answer on ClickHouse only for a construct the dialect documents as unsupported (its 400).
 * Part of `npm run test:clickhouse`; skipped, with a message, where clickhouse-server is not installed.
 */
export const CLICKHOUSE_HTTP_TESTS = [
  'src/server/routes/records.test.ts',
  'src/server/routes/records-aggregations.test.ts',
  'src/server/routes/facets.test.ts',
  'src/server/routes/errors.test.ts',
  'src/server/routes/access.test.ts',
  'src/server/routes/access-v1.test.ts',
  'src/server/v1/records.test.ts',
];

process.env.TEST_ENGINE = 'clickhouse';

export default defineConfig({
  test: {
    include: CLICKHOUSE_HTTP_TESTS,
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 300_000,
    pool: 'forks',
    globalSetup: ['src/server/testing/global-setup.ts'],
  },
});
