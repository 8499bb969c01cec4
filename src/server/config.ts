import { resolve } from 'node:path';
import { QUOTA_PERIODS, type QuotaPeriod, type QuotaSettings } from './auth/quota';

/** One setting: its environment variable, default and meaning (listed in the README). */
interface Setting<T> {
  readonly env: string;
  readonly default: T;
  readonly help: string;
  readonly parse: (raw: string) => T | undefined;
}

const text = (raw: string): string | undefined => (raw.trim() === '' ? undefined : raw.trim());
const positiveInt = (raw: string): number | undefined => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};
const flag = (raw: string): boolean | undefined => {
  const lower = raw.trim().toLowerCase();
  if (lower === 'true' || lower === '1' || lower === 'yes') return true;
  if (lower === 'false' || lower === '0' || lower === 'no') return false;
  return undefined;
};
const count = (raw: string): number | undefined => {
  const n = Number(raw);
  return raw.trim() !== '' && Number.isInteger(n) && n >= 0 ? n : undefined;
};
const period = (raw: string): QuotaPeriod | undefined =>
  QUOTA_PERIODS.find((p) => p === raw.trim().toLowerCase());
const port = (raw: string): number | undefined => {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 0 && n < 65536 ? n : undefined;
};

/*
 * DuckDB's buffer pool would otherwise keep every block it reads, up to 80% of the machine's memory: a
 * whole-table export would leave the server holding the table. Beyond the limit, blocks are read again
 * from the file (which the OS caches anyway) and large sorts spill to a temporary folder.
 */
const DEFAULT_MEMORY_LIMIT = '128MB';

function memorySize(raw: string): string | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(KB|MB|GB|KiB|MiB|GiB)\s*$/i.exec(raw);
  return match ? `${match[1]}${match[2]!.toUpperCase().replace('I', 'i')}` : undefined;
}

export const SETTINGS = {
  host: { env: 'HOST', default: '127.0.0.1', help: 'Address the server listens on.', parse: text },
  port: { env: 'PORT', default: 8080, help: 'Port the server listens on (0 picks a free one).', parse: port },
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
  sqlTimeLimitMs: {
    env: 'SQL_TIME_LIMIT_MS',
    default: 30_000,
    help: 'Longest a query may run before it is cancelled.',
    parse: positiveInt,
  },
  connections: {
    env: 'DUCKDB_CONNECTIONS',
    default: 4,
    help: 'DuckDB connections, that is queries run at the same time.',
    parse: positiveInt,
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
} satisfies Record<string, Setting<string | number | boolean>>;

export interface ServerConfig {
  readonly host: string;
  readonly port: number;
  readonly dataDir: string;
  readonly defaultCatalog: boolean;
  /** Ingest what changed before listening (tests), instead of in the background. */
  readonly ingestBeforeListen: boolean;
  readonly staticDir: string;
  readonly sqlTimeLimitMs: number;
  readonly connections: number;
  /** DuckDB's `memory_limit`, as DuckDB writes sizes (`256MB`). */
  readonly memoryLimit: string;
  readonly quota: QuotaSettings;
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
    dataDir: resolve(read(SETTINGS.dataDir)),
    defaultCatalog: read(SETTINGS.defaultCatalog),
    ingestBeforeListen: read(SETTINGS.ingestBeforeListen),
    staticDir: resolve(read(SETTINGS.staticDir)),
    sqlTimeLimitMs: read(SETTINGS.sqlTimeLimitMs),
    connections: read(SETTINGS.connections),
    memoryLimit: read(SETTINGS.memoryLimit),
    quota: {
      keyCalls,
      anonymousCalls: anonymous < 0 ? keyCalls : anonymous,
      period: read(SETTINGS.quotaPeriod),
    },
  };
}
