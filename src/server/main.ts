import { isValidTimezone } from '../odsql';
import { buildApp } from './app';
import { openExploreData } from './catalog/open';
import { ConfigError, loadConfig } from './config';
import type { Engine } from './engine/types';
import { EXPORT_SCRATCH_DIR } from './exports/scratch';
import { consoleLog } from './log';

/** Time zones usable in requests: known to the SQL engine and to Intl alike. */
async function knownTimezones(engine: Engine): Promise<Set<string>> {
  const rows = await engine.rows(engine.dialect.timeZoneNamesQuery());
  const names = new Set(rows.map((r) => String(r[0])).filter(isValidTimezone));
  names.add('UTC');
  return names;
}

async function main(): Promise<void> {
  const log = consoleLog();
  const config = loadConfig();
  const started = Date.now();
  // Stored datasets serve at once; new and changed ones are ingested in the background (catalog/registry).
  const data = await openExploreData({
    dataDir: config.dataDir,
    log,
    includeDefault: config.defaultCatalog,
    connections: config.connections,
    scanConnections: config.scanConnections,
    heavyConnections: config.heavyConnections,
    exportConnections: config.exportConnections,
    memoryLimit: config.memoryLimit,
    waitForIngestion: config.ingestBeforeListen,
    engineConfig: config.engine,
    quota: config.quota,
  });
  // The backend the settings name serves the records and the catalog (backend/factory.ts).
  const { engine: local, backend, catalog } = data;
  await backend.setUp();
  const timezones = await knownTimezones(local);
  // Ingestion runs on its own engine: the request engine reads the records files and writes export
  // files only (defence in depth behind the compiler).
  await local.lockDown([data.storeDir, EXPORT_SCRATCH_DIR]);
  const app = await buildApp({
    engine: backend.engine,
    sharedCatalog: backend.sharedCatalog,
    quotas: backend.quotas,
    catalog,
    config,
    timezones,
    log,
  });
  const address = await app.listen({ host: config.host, port: config.port });
  const summary = (): string => {
    const records = catalog.list().reduce((n, ds) => n + ds.metas.default.records_count, 0);
    return `${catalog.list().length} datasets (${records.toLocaleString('en')} records)`;
  };
  log.info(`Serving ${summary()} ${Date.now() - started} ms after start, from ${backend.source}`);
  log.info(`Explorer: ${address}/   Explore API: ${address}/api/explore/v2.1/`);
  void catalog.idle().then(async () => {
    log.info(`catalog up to date: ${summary()}, ${Date.now() - started} ms after start`);
    log.info(`memory: ${await data.memoryReport()}`);
    const problems = catalog.problems;
    if (problems.length > 0) {
      // On a cluster the list holds the loads that failed on other servers too, whose messages are in
      // their logs: name them all.
      const named = problems.slice(0, 20).map((p) => p.datasetId ?? p.origin);
      log.warn(
        `${problems.length} dataset(s) skipped (${named.join(', ')}${problems.length > named.length ? ', …' : ''}), see the messages above`,
      );
    }
  });

  let closing = false;
  const stop = async (signal: string): Promise<void> => {
    if (closing) return;
    closing = true;
    log.info(`${signal} received, stopping`);
    await app.close();
    await data.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void stop('SIGINT'));
  process.once('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((e: unknown) => {
  console.error(e instanceof ConfigError ? e.message : e instanceof Error ? (e.stack ?? e.message) : e);
  process.exit(1);
});
