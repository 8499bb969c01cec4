import type { QuotaPeriod } from './auth/quota';
import {
  addresses,
  anyText,
  count,
  DEFAULT_MEMORY_LIMIT,
  type EngineKind,
  engineKind,
  flag,
  httpUrls,
  memorySize,
  period,
  plainName,
  port,
  positiveInt,
  publicUrl,
  type Setting,
  text,
} from './setting-values';

/** Every setting of the server: its environment variable, default, meaning and reader. */
export const SETTINGS = {
  host: { env: 'HOST', default: '127.0.0.1', help: 'Address the server listens on.', parse: text },
  port: { env: 'PORT', default: 8080, help: 'Port the server listens on (0 picks a free one).', parse: port },
  publicUrl: {
    env: 'PUBLIC_URL',
    default: '',
    help:
      'URL clients reach the server at behind a proxy (https://data.example.org, or with a path): links ' +
      "in answers are built on it instead of the request's Host header. Empty: each request's own Host.",
    parse: publicUrl,
  },
  trustProxy: {
    env: 'TRUST_PROXY',
    default: '',
    help:
      'Addresses of your reverse proxies (comma-separated IPs or CIDR ranges): for connections from them, ' +
      'the client is the one X-Forwarded-For names (quotas, per-client limits), and X-Forwarded-Proto and ' +
      'X-Forwarded-Host give the links. Empty: forwarded headers are ignored.',
    parse: addresses,
  },
  dataDir: {
    env: 'DATA_DIR',
    default: '.data',
    help: 'Folder of your own datasets (in its datasets/ subfolder) and of the stored records (store/).',
    parse: text,
  },
  defaultCatalog: {
    env: 'DEFAULT_CATALOG',
    default: true,
    help: 'Serve the built-in datasets of vega-datasets (true or false); your own datasets are always served.',
    parse: flag,
  },
  ingestBeforeListen: {
    env: 'INGEST_BEFORE_LISTEN',
    default: false,
    help: 'Ingest new and changed datasets before listening (true or false); by default the server listens at once and ingests in the background.',
    parse: flag,
  },
  staticDir: {
    env: 'STATIC_DIR',
    default: 'dist',
    help: 'Folder of the built explorer served at /.',
    parse: text,
  },
  basemapPmtiles: {
    env: 'BASEMAP_PMTILES',
    default: '',
    help:
      'A PMTiles archive of vector tiles in the Protomaps basemap schema (a regional extract): the map draws ' +
      'streets, water and place names from it, served by this server. Empty: the countries of Natural Earth.',
    parse: text,
  },
  basemapAttribution: {
    env: 'BASEMAP_ATTRIBUTION',
    default: '© OpenStreetMap contributors',
    help: "Credit shown on the map for BASEMAP_PMTILES's data (its licence asks for one).",
    parse: text,
  },
  sqlTimeLimitMs: {
    env: 'SQL_TIME_LIMIT_MS',
    default: 30_000,
    help: 'Longest a query may run before it is cancelled.',
    parse: positiveInt,
  },
  connections: {
    env: 'DUCKDB_CONNECTIONS',
    default: 4,
    help: 'DuckDB connections of the cheap lane: the catalog, pages and facets of small datasets, plain pages of large ones, small exports.',
    parse: positiveInt,
  },
  scanConnections: {
    env: 'SCAN_CONNECTIONS',
    default: 2,
    help: 'DuckDB connections of the scan lane: filters, sorts, groups and facets over large datasets.',
    parse: positiveInt,
  },
  heavyConnections: {
    env: 'HEAVY_CONNECTIONS',
    default: 1,
    help: 'DuckDB connections of the heavy lane: expensive queries run at the same time (others wait).',
    parse: positiveInt,
  },
  exportConnections: {
    env: 'EXPORT_CONNECTIONS',
    default: 4,
    help: 'DuckDB connections of the export lane: queries of large exports running at the same time (their clients read from the spool, EXPORT_SPOOL_MB).',
    parse: positiveInt,
  },
  heavyPerClient: {
    env: 'HEAVY_PER_CLIENT',
    default: 4,
    help: 'Requests with expensive queries one client (API key, else address) may have in flight; more get 429.',
    parse: positiveInt,
  },
  scanPerClient: {
    env: 'SCAN_PER_CLIENT',
    default: 8,
    help: 'Requests with queries over large datasets (filters, sorts, groups, facets) one client may have in flight; more get 429. Answers from the result cache do not count.',
    parse: positiveInt,
  },
  resultCacheMb: {
    env: 'RESULT_CACHE_MB',
    default: 32,
    help: "Memory for recent query results (record pages, facets, counts, the catalog), shared by callers with the same access; a dataset's new version is never answered from the old one's results (0: no cache).",
    parse: count,
  },
  exportsPerClient: {
    env: 'EXPORTS_PER_CLIENT',
    default: 2,
    help: 'Large exports one client may download at once (counted until its download ends); more get 429.',
    parse: positiveInt,
  },
  queueWaitMs: {
    env: 'QUEUE_WAIT_MS',
    default: 10_000,
    help: 'Longest a query waits for a connection of its lane before the answer is 503.',
    parse: positiveInt,
  },
  exportIdleMs: {
    env: 'EXPORT_IDLE_MS',
    default: 60_000,
    help: 'A download whose client reads nothing for this long is cut, its query cancelled and its spool removed.',
    parse: positiveInt,
  },
  exportSpoolMb: {
    env: 'EXPORT_SPOOL_MB',
    default: 1024,
    help: "Disk for exports being downloaded (in DATA_DIR/tmp): each is written there as fast as its query runs and read back at its client's pace, so a slow client holds no connection. When it is full, new exports get 503.",
    parse: positiveInt,
  },
  heavyRecords: {
    env: 'HEAVY_RECORDS',
    default: 100_000,
    help: 'Datasets above this many records are large: their filters, sorts and groups run in the scan lane, text matching (like, regular expressions) in the heavy lane.',
    parse: count,
  },
  smallExportRecords: {
    env: 'SMALL_EXPORT_RECORDS',
    default: 5_000,
    help: 'Exports of at most this many records (by limit or dataset size) run as queries (cheap or scan lane), not in the export lane.',
    parse: count,
  },
  memoryLimit: {
    env: 'DUCKDB_MEMORY_LIMIT',
    default: DEFAULT_MEMORY_LIMIT,
    help: 'Memory DuckDB may hold (its buffer pool and query state), such as 256MB or 2GB; larger work spills to disk.',
    parse: memorySize,
  },
  quotaCalls: {
    env: 'QUOTA_CALLS',
    default: 0,
    help: 'Calls each API key may make per QUOTA_PERIOD (0: no quota).',
    parse: count,
  },
  quotaAnonymousCalls: {
    env: 'QUOTA_ANONYMOUS_CALLS',
    default: -1,
    help: 'Calls each client address may make per QUOTA_PERIOD without a key (0: no quota; default: QUOTA_CALLS).',
    parse: count,
  },
  quotaPeriod: {
    env: 'QUOTA_PERIOD',
    default: 'day' as QuotaPeriod,
    help: 'Period of the call quotas: minute, hour or day (calendar periods in UTC).',
    parse: period,
  },
  engine: {
    env: 'ENGINE',
    default: 'duckdb' as EngineKind,
    help: 'SQL engine: duckdb (embedded) or clickhouse (a cluster, see CLICKHOUSE_URL and CLICKHOUSE_CLUSTER).',
    parse: engineKind,
  },
  clickhouseUrl: {
    env: 'CLICKHOUSE_URL',
    default: '',
    help: 'With ENGINE=clickhouse: HTTP URL of every node of the cluster, comma-separated (http://127.0.0.1:18370,http://127.0.0.1:18371); queries go to the first.',
    parse: httpUrls,
  },
  clickhouseCluster: {
    env: 'CLICKHOUSE_CLUSTER',
    default: '',
    help: "With ENGINE=clickhouse: the cluster's name in the servers' remote_servers configuration.",
    parse: plainName,
  },
  clickhouseDatabase: {
    env: 'CLICKHOUSE_DATABASE',
    default: 'explore',
    help: 'With ENGINE=clickhouse: database of the records and state tables (created when missing).',
    parse: plainName,
  },
  clickhouseUser: {
    env: 'CLICKHOUSE_USER',
    default: 'default',
    help: 'With ENGINE=clickhouse: ClickHouse user.',
    parse: text,
  },
  clickhousePassword: {
    env: 'CLICKHOUSE_PASSWORD',
    default: '',
    help: 'With ENGINE=clickhouse: password of CLICKHOUSE_USER.',
    parse: anyText,
  },
} satisfies Record<string, Setting<string | number | boolean>>;
