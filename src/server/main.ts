import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { setupStatements } from '../odsql/compile/dialect';
import { isValidTimezone } from '../odsql/time/zones';
import { buildApp } from './app';
import { openCatalog } from './catalog/registry';
import { ConfigError, loadConfig } from './config';
import { openDuckDBEngine } from './engine/duckdb';
import type { Engine } from './engine/types';
import { EXPORT_SCRATCH_DIR } from './exports/scratch';
import { consoleLog } from './log';

/** Time zones usable in requests: known to the SQL engine and to Intl alike. */
async function knownTimezones(engine: Engine): Promise<Set<string>> {
  const rows = await engine.rows({ sql: 'SELECT name FROM pg_timezone_names()', params: [] });
  const names = new Set(rows.map((r) => String(r[0])).filter(isValidTimezone));
  names.add('UTC');
  return names;
}

async function main(): Promise<void> {
  const log = consoleLog();
  const config = loadConfig();
  mkdirSync(config.dataDir, { recursive: true });
  const started = Date.now();
  const engine = await openDuckDBEngine({
    path: join(config.dataDir, 'explore.duckdb'),
    connections: config.connections,
    scanConnections: config.scanConnections,
    heavyConnections: config.heavyConnections,
    exportConnections: config.exportConnections,
    memoryLimit: config.memoryLimit,
  });
  for (const statement of setupStatements()) await engine.execute(statement);
  const catalog = await openCatalog(engine, {
    dataDir: config.dataDir,
    log,
    includeDefault: config.defaultCatalog,
  });
  const timezones = await knownTimezones(engine);
  // Ingestion is done: from here on the engine reads its own database and writes export files only.
  await engine.lockDown([EXPORT_SCRATCH_DIR]);
  const app = await buildApp({ engine, catalog, config, timezones, log });
  const address = await app.listen({ host: config.host, port: config.port });
  const records = catalog.list().reduce((n, ds) => n + ds.metas.default.records_count, 0);
  log.info(
    `Loaded ${catalog.list().length} datasets (${records.toLocaleString('en')} records) in ${Date.now() - started} ms from ${config.dataDir}`,
  );
  if (catalog.problems.length > 0)
    log.warn(`${catalog.problems.length} dataset(s) skipped, see the messages above`);
  log.info(`Explorer: ${address}/   Explore API: ${address}/api/explore/v2.1/`);

  let closing = false;
  const stop = async (signal: string): Promise<void> => {
    if (closing) return;
    closing = true;
    log.info(`${signal} received, stopping`);
    await app.close();
    await engine.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((e: unknown) => {
  console.error(e instanceof ConfigError ? e.message : e instanceof Error ? (e.stack ?? e.message) : e);
  process.exit(1);
});
