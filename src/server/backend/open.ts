import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { CallQuota } from '../auth/quota';
import { clusterCatalog } from '../catalog/cluster';
import { splitMemoryLimit } from '../catalog/memory';
import { type CatalogOptions, type LiveCatalog, openCatalog } from '../catalog/registry';
import { removeScratchOfDeadProcesses } from '../catalog/scratch';
import { storeDirOf } from '../catalog/store';
import { ConfigError, type EngineConfig } from '../config';
import { ClickHouseEngine } from '../engine/clickhouse/engine';
import { ClickHouseLiveTables } from '../engine/clickhouse/live-tables';
import { ClusterCallQuota } from '../engine/clickhouse/quota';
import { ClusterReachability } from '../engine/clickhouse/reachability';
import { ClickHouseCatalogRows, ClickHouseSharedCatalog } from '../engine/clickhouse/shared-catalog';
import { ensureStateTables } from '../engine/clickhouse/state';
import { connectTarget } from '../engine/clickhouse/target';
import { type DuckDBEngine, openDuckDBEngine } from '../engine/duckdb';
import { memoryReport } from '../engine/duckdb/memory-report';
import type { Engine } from '../engine/types';
import { exportScratchDir } from '../exports/scratch';
import type { Logger } from '../ingest/logger';
import { catalogRowDigest } from '../storage/catalog-table';
import { type IngestEngine, openIngestEngine } from '../storage/ingest-engine';
import { RecordViews } from '../storage/views';
import type { SharedCatalog } from './catalog';
import { engineCatalog } from './engine-catalog';
import type { QuotaSettings } from './quota';
import type { Backend } from './types';

export interface ExploreDataOptions {
  /** `DATA_DIR`: holds the user's `datasets/`, the records `store/` and the scratch `tmp/` folder. */
  readonly dataDir: string;
  readonly log: Logger;
  /** Include the built-in datasets (default true). */
  readonly includeDefault?: boolean;
  /** Pooled DuckDB connections of the request engine (default 4). */
  readonly connections?: number;
  /** Connections of the request engine's scan, heavy and export lanes (engine/duckdb). */
  readonly scanConnections?: number;
  readonly heavyConnections?: number;
  readonly exportConnections?: number;
  /** DuckDB worker threads, of each engine (default: all cores). */
  readonly threads?: number;
  /**
   * DuckDB's `memory_limit` of both engines together: half for requests, half for ingestion
   * (catalog/memory.ts). A percentage is given to each (default: DuckDB's own, each).
   */
  readonly memoryLimit?: string;
  /** Resolve only once everything is ingested (default true; the server itself serves meanwhile). */
  readonly waitForIngestion?: boolean;
  /** Follow `datasets/` for changes (default true). */
  readonly watch?: boolean;
  /** Full rescan period of the descriptors and files (default 60 s, 0: never). */
  readonly rescanMs?: number;
  /** Up to this many datasets, views are created at start, else on first use (default 200). */
  readonly eagerViewsUpTo?: number;
  /** Where the records are served from: embedded DuckDB (default) or a ClickHouse cluster. */
  readonly engineConfig?: EngineConfig;
  /** The call quotas the backend counts (default: none). */
  readonly quota?: QuotaSettings;
}

export interface ExploreData {
  /**
   * The local engine: reads the records files of `storeDir` only (besides its own memory). It builds
   * the catalog table, and serves the records and the catalog when the backend is embedded DuckDB.
   */
  readonly engine: DuckDBEngine;
  /** What serves the records, the catalog's queries and views, usage counts and quotas. */
  readonly backend: Backend;
  /** The backend's engine (`backend.engine`). */
  readonly recordsEngine: Engine;
  /** The backend's catalog views and usage counts (`backend.sharedCatalog`). */
  readonly sharedCatalog: SharedCatalog;
  readonly catalog: LiveCatalog;
  /** The engine ingestion works in (its memory is reported). */
  readonly ingest: Engine;
  /** Folder of the records files (for the request engine's allowed directories). */
  readonly storeDir: string;
  /** Scratch folder: ingestion files and DuckDB spill files. */
  readonly tmpDir: string;
  /** Where the server's resident memory goes, as one log line (both local engines counted). */
  memoryReport(): Promise<string>;
  /** Stops the catalog, then the backend and both engines. */
  close(): Promise<void>;
}

/**
 * Opens the data folder: a request engine in memory (views over the records files), a separate
 * ingestion engine, and the live catalog.
 */
export async function openExploreData(options: ExploreDataOptions): Promise<ExploreData> {
  await mkdir(options.dataDir, { recursive: true });
  const storeDir = storeDirOf(options.dataDir);
  const tmpDir = join(options.dataDir, 'tmp');
  await mkdir(storeDir, { recursive: true });
  // Scratch and spill folders of processes that are gone, before this one's engines spill into theirs.
  await removeScratchOfDeadProcesses(tmpDir);
  let views: RecordViews | undefined;
  const limit = options.memoryLimit;
  const shares = limit === undefined ? undefined : splitMemoryLimit(limit);
  const requestLimit = shares?.requests ?? limit;
  const ingestLimit = shares?.ingestion ?? limit;
  const engine = await openDuckDBEngine({
    path: ':memory:',
    ...(options.connections === undefined ? {} : { connections: options.connections }),
    ...(options.scanConnections === undefined ? {} : { scanConnections: options.scanConnections }),
    ...(options.heavyConnections === undefined ? {} : { heavyConnections: options.heavyConnections }),
    ...(options.exportConnections === undefined ? {} : { exportConnections: options.exportConnections }),
    ...(options.threads === undefined ? {} : { threads: options.threads }),
    ...(requestLimit === undefined ? {} : { memoryLimit: requestLimit }),
    tempDirectory: join(tmpDir, `spill-requests-${process.pid}`),
    beforeQuery: () => views?.pending(),
  });
  let ingest: IngestEngine | undefined;
  let backend: OpenedBackend | undefined;
  try {
    ingest = await openIngestEngine({
      tempDirectory: join(tmpDir, `spill-ingest-${process.pid}`),
      ...(options.threads === undefined ? {} : { threads: options.threads }),
      ...(ingestLimit === undefined ? {} : { memoryLimit: ingestLimit }),
      ...(shares === undefined ? {} : { memoryBytes: shares.ingestionBytes }),
    });
    views = new RecordViews(engine);
    backend = await openBackend(options.engineConfig ?? { kind: 'duckdb' }, {
      local: engine,
      views,
      dataDir: options.dataDir,
      log: options.log,
      quota: options.quota ?? NO_QUOTA,
      ...(options.eagerViewsUpTo === undefined ? {} : { eagerViewsUpTo: options.eagerViewsUpTo }),
    });
    const registry = await openCatalog(engine, {
      dataDir: options.dataDir,
      log: options.log,
      includeDefault: options.includeDefault ?? true,
      ingest,
      views: backend.tables,
      ...backend.registry,
      ...(options.watch === undefined ? {} : { watch: options.watch }),
      ...(options.rescanMs === undefined ? {} : { rescanMs: options.rescanMs }),
    });
    const catalog = backend.serve(registry);
    if (options.waitForIngestion ?? true) await catalog.idle();
    const ingestEngine = ingest;
    const opened = backend;
    return {
      engine,
      backend: opened,
      recordsEngine: opened.engine,
      sharedCatalog: opened.sharedCatalog,
      catalog,
      ingest: ingestEngine,
      storeDir,
      tmpDir,
      memoryReport: () => memoryReport({ requests: engine, ingestion: ingestEngine }),
      close: async () => {
        await catalog.close();
        await ingestEngine.close();
        await opened.close();
        await engine.close();
      },
    };
  } catch (error) {
    await backend?.close();
    await ingest?.close();
    await engine.close();
    throw error;
  }
}

/** No call is limited (a server opened without quota settings: tests, tools). */
const NO_QUOTA: QuotaSettings = { keyCalls: 0, anonymousCalls: 0, period: 'day' };

/** A backend with what the catalog's composition needs of it (this file's own). */
interface OpenedBackend extends Backend {
  /** The registry's settings the backend decides: where rows are published, which views are made at start. */
  readonly registry: Pick<CatalogOptions, 'sink' | 'eagerViewsUpTo'>;
  /** The catalog as the backend serves it, from this server's registry. */
  serve(registry: LiveCatalog): LiveCatalog;
}

interface BackendSettings {
  /** The local engine, which builds the catalog table (and serves everything when embedded). */
  readonly local: DuckDBEngine;
  /** Its views over the records files. */
  readonly views: RecordViews;
  readonly dataDir: string;
  readonly log: Logger;
  readonly quota: QuotaSettings;
  readonly eagerViewsUpTo?: number;
}

/** The one factory of backends: the engine the settings name, and only there. */
function openBackend(config: EngineConfig, settings: BackendSettings): Promise<OpenedBackend> {
  switch (config.kind) {
    case 'duckdb':
      return Promise.resolve(embeddedBackend(settings));
    case 'clickhouse':
      return clusterBackend(config, settings);
  }
}

/** Embedded DuckDB: the local engine serves everything; the catalog and the counts are this server's. */
function embeddedBackend(settings: BackendSettings): OpenedBackend {
  const { local } = settings;
  return {
    engine: local,
    tables: settings.views,
    sharedCatalog: engineCatalog(local, settings.dataDir, settings.log),
    quotas: new CallQuota(settings.quota),
    source: settings.dataDir,
    registry: settings.eagerViewsUpTo === undefined ? {} : { eagerViewsUpTo: settings.eagerViewsUpTo },
    serve: (registry) => registry,
    setUp: () => setUp(local),
    close: async () => {},
  };
}

/**
 * A ClickHouse cluster: the records are loaded into the cluster from the store's files
 * (live-tables.ts); the catalog's rows are published into the cluster's catalog (shared-catalog.ts),
 * which every server serves, with the usage counts and quotas every server shares.
 */
async function clusterBackend(
  config: Extract<EngineConfig, { kind: 'clickhouse' }>,
  settings: BackendSettings,
): Promise<OpenedBackend> {
  const { local, log } = settings;
  const target = await connectTarget(config).catch((error: unknown) => {
    // A setting that points nowhere usable: one line, no stack trace (main.ts).
    throw new ConfigError(
      `ENGINE=clickhouse: cluster ${config.cluster} at ${config.urls.join(', ')} is not usable: ${error instanceof Error ? error.message : String(error)}`,
    );
  });
  await ensureStateTables(target);
  // One for the server's cluster jobs: a node down is logged once, not by each job every second.
  const reachability = new ClusterReachability(log);
  const tables = new ClickHouseLiveTables(target, log, reachability);
  const rows = new ClickHouseCatalogRows(
    target,
    log,
    { digest: (entry) => catalogRowDigest(entry), scratchDir: exportScratchDir },
    reachability,
  );
  try {
    await tables.start();
    await rows.start();
  } catch (error) {
    tables.stop();
    rows.stop();
    throw error;
  }
  const engine = new ClickHouseEngine({
    url: config.urls[0]!,
    database: config.database,
    ...(config.user ? { user: config.user } : {}),
    ...(config.password ? { password: config.password } : {}),
    // The same lane sizes as the DuckDB engine's connections, resolved once there.
    lanes: local.lanes,
  });
  const quotas = new ClusterCallQuota(target, settings.quota, log);
  return {
    engine,
    tables,
    sharedCatalog: new ClickHouseSharedCatalog(target, log, reachability),
    quotas,
    source: `ClickHouse cluster ${config.cluster} (${config.urls.join(', ')})`,
    // Every version is checked (and loaded when missing) at start.
    registry: { sink: rows, eagerViewsUpTo: Number.POSITIVE_INFINITY },
    serve: (registry) => clusterCatalog(registry, tables, rows),
    setUp: async () => {
      await setUp(local);
      await setUp(engine);
    },
    close: async () => {
      tables.stop();
      rows.stop();
      await quotas.close();
      await engine.close();
    },
  };
}

/** Runs an engine's session setup statements (its dialect's). */
async function setUp(engine: Engine): Promise<void> {
  for (const statement of engine.dialect.setupStatements()) await engine.execute(statement);
}
