import { CallQuota } from '../auth/quota';
import { clusterCatalog } from '../catalog/cluster';
import type { CatalogOptions, LiveCatalog } from '../catalog/registry';
import { ConfigError, type EngineConfig } from '../config';
import { ClickHouseEngine } from '../engine/clickhouse/engine';
import { ClickHouseLiveTables } from '../engine/clickhouse/live-tables';
import { ClusterCallQuota } from '../engine/clickhouse/quota';
import { ClusterReachability } from '../engine/clickhouse/reachability';
import { ClickHouseCatalogRows, ClickHouseSharedCatalog } from '../engine/clickhouse/shared-catalog';
import { ensureStateTables } from '../engine/clickhouse/state';
import { connectTarget } from '../engine/clickhouse/target';
import type { DuckDBEngine } from '../engine/duckdb';
import type { RecordViews } from '../engine/duckdb/views';
import type { Engine } from '../engine/types';
import { exportScratchDir } from '../exports/scratch';
import type { Logger } from '../ingest/logger';
import { catalogRowDigest } from './catalog-rows';
import { engineCatalog } from './engine-catalog';
import type { QuotaSettings } from './quota';
import type { Backend } from './types';

/*
 * The one factory of backends, and with the local engine (local-engine.ts: embedded DuckDB, which every
 * server runs, and which serves everything when the backend is embedded) the one place that names the
 * engines (boundaries.test.ts keeps it so).
 */

/** A backend with what the data folder's composition (open.ts) needs of it besides. */
export interface OpenedBackend extends Backend {
  /** The registry's settings the backend decides: where rows are published, which views are made at start. */
  readonly registry: Pick<CatalogOptions, 'sink' | 'eagerViewsUpTo'>;
  /** The catalog as the backend serves it, from this server's registry. */
  serve(registry: LiveCatalog): LiveCatalog;
}

export interface BackendSettings {
  /** The local engine, which builds the catalog table (and serves everything when embedded). */
  readonly local: DuckDBEngine;
  /** Its views over the records files. */
  readonly views: RecordViews;
  readonly dataDir: string;
  readonly log: Logger;
  readonly quota: QuotaSettings;
  /** The clock the quotas count periods by (tests turn it). */
  readonly now?: () => number;
  readonly eagerViewsUpTo?: number;
}

/**
 * The one factory of backends: the engine the settings name (embedded DuckDB when they name none, as
 * tests' own servers do).
 */
export function openBackend(
  config: EngineConfig | undefined,
  settings: BackendSettings,
): Promise<OpenedBackend> {
  const engine = config ?? { kind: 'duckdb' };
  switch (engine.kind) {
    case 'duckdb':
      return Promise.resolve(embeddedBackend(settings));
    case 'clickhouse':
      return clusterBackend(engine, settings);
  }
}

/** Embedded DuckDB: the local engine serves everything; the catalog and the counts are this server's. */
function embeddedBackend(settings: BackendSettings): OpenedBackend {
  const { local } = settings;
  return {
    engine: local,
    tables: settings.views,
    sharedCatalog: engineCatalog(local, settings.dataDir, settings.log),
    quotas: new CallQuota(settings.quota, settings.now),
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
  const quotas = new ClusterCallQuota(target, settings.quota, log, settings.now);
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
