import { isIP } from 'node:net';
import { QUOTA_PERIODS, type QuotaPeriod } from './auth/quota';

/*
 * How a setting's text is read: each reader gives the value, or undefined when the text is not one (the
 * setting is then refused, naming its variable: config.ts).
 */

/** One setting: its environment variable, default and meaning (listed in docs/operations.md). */
export interface Setting<T> {
  readonly env: string;
  readonly default: T;
  readonly help: string;
  readonly parse: (raw: string) => T | undefined;
}

export const text = (raw: string): string | undefined => (raw.trim() === '' ? undefined : raw.trim());
export const positiveInt = (raw: string): number | undefined => {
  const n = Number(raw);
  return Number.isInteger(n) && n > 0 ? n : undefined;
};
export const flag = (raw: string): boolean | undefined => {
  const lower = raw.trim().toLowerCase();
  if (lower === 'true' || lower === '1' || lower === 'yes') return true;
  if (lower === 'false' || lower === '0' || lower === 'no') return false;
  return undefined;
};
export const count = (raw: string): number | undefined => {
  const n = Number(raw);
  return raw.trim() !== '' && Number.isInteger(n) && n >= 0 ? n : undefined;
};
export const period = (raw: string): QuotaPeriod | undefined =>
  QUOTA_PERIODS.find((p) => p === raw.trim().toLowerCase());
export const port = (raw: string): number | undefined => {
  const n = Number(raw);
  return Number.isInteger(n) && n >= 0 && n < 65536 ? n : undefined;
};

const ENGINES = ['duckdb', 'clickhouse'] as const;
export type EngineKind = (typeof ENGINES)[number];
export const engineKind = (raw: string): EngineKind | undefined =>
  ENGINES.find((e) => e === raw.trim().toLowerCase());

/** One or more http(s) URLs, comma-separated, without credentials, query or fragment. */
export const httpUrls = (raw: string): string | undefined => {
  const urls = raw.split(',').map((u) => u.trim());
  for (const u of urls) {
    let url: URL;
    try {
      url = new URL(u);
    } catch {
      return undefined;
    }
    if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password || url.search || url.hash)
      return undefined;
  }
  return urls.map((u) => u.replace(/\/+$/, '')).join(',');
};
/** ClickHouse names of clusters and databases: written into DDL (quoted), kept to plain names anyway. */
export const plainName = (raw: string): string | undefined =>
  /^[A-Za-z_][A-Za-z0-9_]*$/.test(raw.trim()) ? raw.trim() : undefined;
export const anyText = (raw: string): string | undefined => raw;
/** Addresses or CIDR ranges, comma-separated (`127.0.0.1,10.0.0.0/8`). */
export const addresses = (raw: string): string | undefined => {
  const list = raw.split(',').map((a) => a.trim());
  const valid = (a: string): boolean => {
    const [ip = '', bits, extra] = a.split('/');
    if (extra !== undefined || isIP(ip) === 0) return false;
    const max = isIP(ip) === 4 ? 32 : 128;
    return bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= max);
  };
  return list.every(valid) ? list.join(',') : undefined;
};
/** One http(s) URL, an origin with an optional path, without credentials, query or fragment. */
export const publicUrl = (raw: string): string | undefined => {
  const one = httpUrls(raw);
  return one === undefined || one.includes(',') ? undefined : one;
};

/*
 * DuckDB's buffer pool would otherwise keep every block it reads, up to 80% of the machine's memory: a
 * whole-table export would leave the server holding the table. Beyond the limit, blocks are read again
 * from the file (which the OS caches anyway) and large sorts spill to a temporary folder.
 */
export const DEFAULT_MEMORY_LIMIT = '128MB';

export function memorySize(raw: string): string | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*(KB|MB|GB|KiB|MiB|GiB)\s*$/i.exec(raw);
  return match ? `${match[1]}${match[2]!.toUpperCase().replace('I', 'i')}` : undefined;
}
