import { resolve } from 'node:path';
import type { AdmissionSettings } from './admission/admission';
import type { QuotaSettings } from './auth/quota';
import type { Setting } from './setting-values';
import { SETTINGS } from './settings';

export type { EngineKind } from './setting-values';
export { SETTINGS } from './settings';

/** The SQL engine: embedded DuckDB, or a ClickHouse cluster. */
export type EngineConfig =
  | { readonly kind: 'duckdb' }
  | {
      readonly kind: 'clickhouse';
      readonly urls: readonly string[];
      readonly cluster: string;
      readonly database: string;
      readonly user: string;
      readonly password: string;
    };

export interface ServerConfig {
  readonly host: string;
  readonly port: number;
  /** The origin (and path) links are built on, behind a proxy; undefined: each request's Host. */
  readonly publicUrl: string | undefined;
  /** Proxies whose X-Forwarded-* headers are believed (Fastify's `trustProxy`); undefined: none. */
  readonly trustProxy: string | undefined;
  readonly dataDir: string;
  readonly defaultCatalog: boolean;
  /** Ingest what changed before listening (tests), instead of in the background. */
  readonly ingestBeforeListen: boolean;
  readonly staticDir: string;
  /** The street basemap's archive and its credit; undefined: the explorer's Natural Earth basemap. */
  readonly basemap: { readonly pmtiles: string; readonly attribution: string } | undefined;
  readonly sqlTimeLimitMs: number;
  /** Connections of the cheap lane. */
  readonly connections: number;
  readonly scanConnections: number;
  readonly heavyConnections: number;
  readonly exportConnections: number;
  readonly exportIdleMs: number;
  /** Disk budget of spooled exports (bytes). */
  readonly exportSpoolBytes: number;
  readonly admission: AdmissionSettings;
  /** DuckDB's `memory_limit`, as DuckDB writes sizes (`256MB`). */
  readonly memoryLimit: string;
  readonly quota: QuotaSettings;
  readonly engine: EngineConfig;
}

/** A setting with an invalid value: reported as one line, without a stack trace. */
export class ConfigError extends Error {}

/** Reads the settings from the environment; an invalid value is an error naming the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const read = <T>(s: Setting<T>): T => {
    const raw = env[s.env];
    if (raw === undefined || raw === '') return s.default;
    const value = s.parse(raw);
    if (value === undefined) throw new ConfigError(`Invalid ${s.env}=${raw}: ${s.help}`);
    return value;
  };
  const keyCalls = read(SETTINGS.quotaCalls);
  const anonymous = read(SETTINGS.quotaAnonymousCalls);
  return {
    host: read(SETTINGS.host),
    port: read(SETTINGS.port),
    publicUrl: read(SETTINGS.publicUrl) || undefined,
    trustProxy: read(SETTINGS.trustProxy) || undefined,
    dataDir: resolve(read(SETTINGS.dataDir)),
    defaultCatalog: read(SETTINGS.defaultCatalog),
    ingestBeforeListen: read(SETTINGS.ingestBeforeListen),
    staticDir: resolve(read(SETTINGS.staticDir)),
    basemap: read(SETTINGS.basemapPmtiles)
      ? {
          pmtiles: resolve(read(SETTINGS.basemapPmtiles)),
          attribution: read(SETTINGS.basemapAttribution),
        }
      : undefined,
    sqlTimeLimitMs: read(SETTINGS.sqlTimeLimitMs),
    connections: read(SETTINGS.connections),
    scanConnections: read(SETTINGS.scanConnections),
    heavyConnections: read(SETTINGS.heavyConnections),
    exportConnections: read(SETTINGS.exportConnections),
    exportIdleMs: read(SETTINGS.exportIdleMs),
    exportSpoolBytes: read(SETTINGS.exportSpoolMb) * 1024 * 1024,
    admission: {
      heavyRecords: read(SETTINGS.heavyRecords),
      heavyPerClient: read(SETTINGS.heavyPerClient),
      scanPerClient: read(SETTINGS.scanPerClient),
      resultCacheBytes: read(SETTINGS.resultCacheMb) * 1024 * 1024,
      exportsPerClient: read(SETTINGS.exportsPerClient),
      smallExportRecords: read(SETTINGS.smallExportRecords),
      queueWaitMs: read(SETTINGS.queueWaitMs),
    },
    memoryLimit: read(SETTINGS.memoryLimit),
    quota: {
      keyCalls,
      anonymousCalls: anonymous < 0 ? keyCalls : anonymous,
      period: read(SETTINGS.quotaPeriod),
    },
    engine: engineConfig(read),
  };
}

function engineConfig(read: <T>(s: Setting<T>) => T): EngineConfig {
  if (read(SETTINGS.engine) === 'duckdb') return { kind: 'duckdb' };
  const urls = read(SETTINGS.clickhouseUrl);
  const cluster = read(SETTINGS.clickhouseCluster);
  if (urls === '')
    throw new ConfigError(`ENGINE=clickhouse needs CLICKHOUSE_URL: ${SETTINGS.clickhouseUrl.help}`);
  if (cluster === '')
    throw new ConfigError(`ENGINE=clickhouse needs CLICKHOUSE_CLUSTER: ${SETTINGS.clickhouseCluster.help}`);
  return {
    kind: 'clickhouse',
    urls: urls.split(','),
    cluster,
    database: read(SETTINGS.clickhouseDatabase),
    user: read(SETTINGS.clickhouseUser),
    password: read(SETTINGS.clickhousePassword),
  };
}
