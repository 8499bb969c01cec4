/*
 * The browser tests' server: the embedded server on the default catalog, plus the restricted dataset
 * and API keys the HTTP tests use (src/server/testing/access-fixture.ts), so that journeys with a key
 * run against real access control.
 */
import { writeAccessFixture } from '../src/server/testing/access-fixture';

const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('e2e/serve.ts: DATA_DIR must be set');
writeAccessFixture(dataDir);
await import('../src/server/main');
