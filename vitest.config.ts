import { defineConfig } from 'vitest/config';

/*
 * Two projects, so a test starts only what it tests:
 * - `unit`: the lexer, parser, compiler (on an in-memory test database written, in a temporary folder
 *   removed afterwards, by the statements ingestion runs), pure modules and the app's
 *   logic. It starts no server and writes no data folder.
 * - `http`: the real server, and the tests that write a data folder (ingestion, the live catalog). The
 *   global setup that boots the shared test server runs for this project only.
 * A new test that needs the server is named `*.http.test.ts`, or listed below.
 */
const HTTP_TESTS = [
  'src/**/*.http.test.ts',
  'src/server/routes/*.test.ts',
  'src/server/conformance/*.test.ts',
  'src/server/v1/*.test.ts',
  'src/server/exports/exports.test.ts',
  'src/server/exports/catalog/catalog-exports.test.ts',
  'src/server/exports/formats/fgb-ov2.test.ts',
  'src/server/exports/formats/geo-rdf-http.test.ts',
  // Format writers checked on records the test server answers (export-fixtures.ts).
  'src/server/exports/formats/gpx.test.ts',
  'src/server/exports/formats/kml.test.ts',
  'src/server/exports/formats/rdf.test.ts',
  'src/server/exports/formats/shp.test.ts',
  'src/server/http/hostile.test.ts',
  'src/server/admission/fairness.test.ts',
  'src/server/auth/keys.test.ts',
  'src/server/auth/live-access.test.ts',
  'src/server/catalog/live.test.ts',
  'src/server/catalog/registry.test.ts',
  'src/server/engine/lockdown.test.ts',
  'src/server/engine/duckdb/views.test.ts',
  'src/server/ingest/geojson.test.ts',
  'src/server/ingest/ingest.test.ts',
  'src/server/ingest/publisher-files.test.ts',
  'src/server/ingest/records.test.ts',
  'src/server/usage/counts.test.ts',
  'src/server/usage/catalog-view.test.ts',
  'src/app/export/snippets.test.ts',
];

export default defineConfig({
  test: {
    environment: 'node',
    testTimeout: 60_000,
    hookTimeout: 60_000,
    pool: 'forks',
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src/**/*.test.ts', 'src/**/*.test.tsx'],
          exclude: HTTP_TESTS,
        },
      },
      {
        extends: true,
        test: {
          name: 'http',
          include: HTTP_TESTS,
          hookTimeout: 180_000,
          globalSetup: ['src/server/testing/global-setup.ts'],
        },
      },
    ],
  },
});
