import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ConfigError, type EngineConfig } from '../config';
import { ClickHouseEngine } from '../engine/clickhouse/engine';
import { ClickHouseLiveTables } from '../engine/clickhouse/live-tables';
import { ClusterReachability } from '../engine/clickhouse/reachability';
import { ClickHouseCatalogRows, ClickHouseSharedCatalog } from '../engine/clickhouse/shared-catalog';
import { ensureStateTables } from '../engine/clickhouse/state';
import { type ClickHouseTarget, connectTarget } from '../engine/clickhouse/target';
import { type DuckDBEngine, openDuckDBEngine } from '../engine/duckdb';
import type { Engine } from '../engine/types';
import type { Logger } from '../ingest/logger';
import { type IngestEngine, openIngestEngine } from '../storage/ingest-engine';
import { type RecordTables, RecordViews } from '../storage/views';
import { clusterCatalog } from './cluster';
import { splitMemoryLimit } from './memory';
import { type LiveCatalog, openCatalog } from './registry';
import { removeScratchOfDeadProcesses } from './scratch';
import type { SharedCatalog } from './shared';
import { storeDirOf } from './store';

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
}

export interface ExploreData {
  /**
   * The local request engine: reads the records files of `storeDir` only (besides its own memory). It
   * serves the records and the catalog unless `recordsEngine`; on a cluster it builds the rows this
   * server publishes into the cluster's catalog.
   */
  readonly engine: DuckDBEngine;
  /** The engine of the datasets' records and the catalog when served from a cluster (ENGINE=clickhouse). */
  readonly recordsEngine?: Engine;
  /** The catalog's views and usage counts in the cluster (ENGINE=clickhouse). */
  readonly sharedCatalog?: SharedCatalog;
  /** The cluster, with ENGINE=clickhouse (its shared state: live versions, ingestion states, quotas). */
  readonly cluster?: ClickHouseTarget;
  readonly catalog: LiveCatalog;
  /** The engine ingestion works in (its memory is reported). */
  readonly ingest: Engine;
  /** Folder of the records files (for the request engine's allowed directories). */
  readonly storeDir: string;
  /** Scratch folder: ingestion files and DuckDB spill files. */
  readonly tmpDir: string;
  /** Stops the catalog, then both engines. */
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
  let cluster: ClickHouseLiveTables | undefined;
  let rows: ClickHouseCatalogRows | undefined;
  let reachability: ClusterReachability | undefined;
  try {
    ingest = await openIngestEngine({
      tempDirectory: join(tmpDir, `spill-ingest-${process.pid}`),
      ...(options.threads === undefined ? {} : { threads: options.threads }),
      ...(ingestLimit === undefined ? {} : { memoryLimit: ingestLimit }),
      ...(shares === undefined ? {} : { memoryBytes: shares.ingestionBytes }),
    });
    views = new RecordViews(engine);
    const config = options.engineConfig;
    let tables: RecordTables = views;
    let recordsEngine: ClickHouseEngine | undefined;
    if (config?.kind === 'clickhouse') {
      // The records are loaded into the cluster from the store's files (live-tables.ts); the catalog's
      // rows are published into the cluster's catalog (shared-catalog.ts), which every server serves.
      const target = await connectTarget(config).catch((error: unknown) => {
        // A setting that points nowhere usable: one line, no stack trace (main.ts).
        throw new ConfigError(
          `ENGINE=clickhouse: cluster ${config.cluster} at ${config.urls.join(', ')} is not usable: ${error instanceof Error ? error.message : String(error)}`,
        );
      });
      await ensureStateTables(target);
      // One for the server's cluster jobs: a node down is logged once, not by each job every second.
      reachability = new ClusterReachability(options.log);
      cluster = new ClickHouseLiveTables(target, options.log, reachability);
      await cluster.start();
      rows = new ClickHouseCatalogRows(target, options.log, reachability);
      await rows.start();
      tables = cluster;
      recordsEngine = new ClickHouseEngine({
        url: config.urls[0]!,
        database: config.database,
        ...(config.user ? { user: config.user } : {}),
        ...(config.password ? { password: config.password } : {}),
        // The same lane sizes as the DuckDB engine's connections, resolved once there.
        lanes: engine.lanes,
      });
    }
    const registry = await openCatalog(engine, {
      dataDir: options.dataDir,
      log: options.log,
      includeDefault: options.includeDefault ?? true,
      ingest,
      views: tables,
      ...(rows ? { sink: rows } : {}),
      ...(options.watch === undefined ? {} : { watch: options.watch }),
      ...(options.rescanMs === undefined ? {} : { rescanMs: options.rescanMs }),
      // On a cluster every version is checked (and loaded when missing) at start.
      ...(cluster
        ? { eagerViewsUpTo: Number.POSITIVE_INFINITY }
        : options.eagerViewsUpTo === undefined
          ? {}
          : { eagerViewsUpTo: options.eagerViewsUpTo }),
    });
    const catalog = cluster && rows ? clusterCatalog(registry, cluster, rows) : registry;
    if (options.waitForIngestion ?? true) await catalog.idle();
    const ingestEngine = ingest;
    return {
      engine,
      ...(recordsEngine && cluster
        ? {
            recordsEngine,
            cluster: cluster.target,
            sharedCatalog: new ClickHouseSharedCatalog(cluster.target, options.log, reachability),
          }
        : {}),
      catalog,
      ingest: ingestEngine,
      storeDir,
      tmpDir,
      close: async () => {
        await catalog.close();
        await ingestEngine.close();
        await recordsEngine?.close();
        await engine.close();
      },
    };
  } catch (error) {
    cluster?.stop();
    rows?.stop();
    await ingest?.close();
    await engine.close();
    throw error;
  }
}
