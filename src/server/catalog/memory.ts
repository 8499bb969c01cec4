/*
 * The server runs two DuckDB instances (backend/open.ts): the request engine and the ingestion engine.
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
 * How many 64-bit content hashes one aggregate counts within `bytes` of memory (DuckDB's aggregate
 * spills part of its table): at 64 MB, 15 million in one aggregate worked and 30 million failed; 8 bytes
 * a row keeps half that margin. Each slice is a pass over all the hashes, so fewer slices matter at
 * scale: 102M records at 64 MB took 85 s in 26 slices of 4M, 30 s in 13 of 8M (load 9–15).
 */
export function hashesPerAggregate(bytes: number): number {
  return Math.max(100_000, Math.floor(bytes / 8));
}
