/*
 * The browser tests' server: the embedded server on the default catalog, plus the restricted dataset
 * and API keys the HTTP tests use (src/server/testing/access-fixture.ts), so that journeys with a key
 * run against real access control.
 */
import { writeAccessFixture } from '../src/server/testing/access-fixture';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('e2e/serve.ts: DATA_DIR must be set');
writeAccessFixture(dataDir);
// Journeys expect the whole catalog: ingest before listening (the product itself ingests in the background).
process.env.INGEST_BEFORE_LISTEN ??= 'true';
await import('../src/server/main');
