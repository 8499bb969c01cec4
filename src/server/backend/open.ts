import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { splitMemoryLimit } from '../catalog/memory';
import { type LiveCatalog, openCatalog } from '../catalog/registry';
import { removeScratchOfDeadProcesses } from '../catalog/scratch';
import { storeDirOf } from '../catalog/store';
import type { EngineConfig } from '../config';
import type { Engine } from '../engine/types';
import type { Logger } from '../ingest/logger';
import { type OpenedBackend, openBackend } from './factory';
import {
  type IngestEngine,
  type LocalEngine,
  localMemoryReport,
  openIngestEngine,
  openLocalEngine,
  RecordViews,
} from './local-engine';
import { NO_QUOTA, type QuotaSettings } from './quota';
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
  /** The quotas' clock, milliseconds since the epoch (default: the system's; tests turn periods with it). */
  readonly quotaClock?: () => number;
}

export interface ExploreData {
  /**
   * The local engine: reads the records files of `storeDir` only (besides its own memory). It builds
   * the catalog table, and serves the records and the catalog when the backend is embedded DuckDB.
   */
  readonly engine: LocalEngine;
  /** What serves the records, the catalog's queries and views, usage counts and quotas. */
  readonly backend: Backend;
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
  const engine = await openLocalEngine({
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
    backend = await openBackend(options.engineConfig, {
      local: engine,
      views,
      dataDir: options.dataDir,
      log: options.log,
      quota: options.quota ?? NO_QUOTA,
      ...(options.quotaClock === undefined ? {} : { now: options.quotaClock }),
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
      catalog,
      ingest: ingestEngine,
      storeDir,
      tmpDir,
      memoryReport: () => localMemoryReport(engine, ingestEngine),
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
