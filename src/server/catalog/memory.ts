/*
 * The server runs two DuckDB instances (catalog/open.ts): the request engine and the ingestion engine.
 * Each has its own buffer pool, so DUCKDB_MEMORY_LIMIT is split between them: together they never hold
 * more than the setting. Half each: requests need room for sorts, facets and exports while a dataset
 * ingests, and ingestion's aggregates and writes spill beyond their share (larger sources are counted in
 * more slices: `hashesPerAggregate`).
 */

const UNITS: Readonly<Record<string, number>> = {
  b: 1,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  tb: 1e12,
  kib: 2 ** 10,
  mib: 2 ** 20,
  gib: 2 ** 30,
  tib: 2 ** 40,
};

/** Bytes of a DuckDB memory size (`128MB`, `2GiB`), or undefined for anything else (`80%`). */
export function memoryBytes(limit: string): number | undefined {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([kmgt]i?b|b)\s*$/i.exec(limit);
  if (!match) return undefined;
  const unit = UNITS[match[2]!.toLowerCase()];
  return unit === undefined ? undefined : Math.floor(Number(match[1]) * unit);
}

export interface MemoryShares {
  /** memory_limit of the request engine. */
  readonly requests: string;
  /** memory_limit of the ingestion engine. */
  readonly ingestion: string;
  readonly ingestionBytes: number;
}

/** The two engines' shares of `limit`; undefined when it is not a size (each engine then gets it). */
export function splitMemoryLimit(limit: string): MemoryShares | undefined {
  const bytes = memoryBytes(limit);
  if (bytes === undefined) return undefined;
  const half = Math.floor(bytes / 2 / 1000);
  return { requests: `${half}KB`, ingestion: `${half}KB`, ingestionBytes: half * 1000 };
}

/**
 * How many 64-bit content hashes one aggregate counts within `bytes` of memory: measured at 128 MB,
 * 8 million rows fit (about 16 bytes a row); 102 million did not.
 */
export function hashesPerAggregate(bytes: number): number {
  return Math.max(100_000, Math.floor(bytes / 16));
}
