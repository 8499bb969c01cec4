import type { CompiledSql, SqlParam } from '../../odsql';
import { QueryCancelledError } from '../engine/errors';
import type { Row } from '../engine/types';

/*
 * Results of recent queries, and queries in flight, shared between requests. Visitors open the same
 * datasets: the first page, the facets and the counts of a popular dataset are asked again and again,
 * and under load the same query is often asked again before the first has answered.
 * - Single flight: a query identical to one running (same key) waits for that one's rows instead of
 *   running again. The shared run is cancelled only once every request waiting for it has gone.
 * - Cache: the rows of a finished query are kept, least recently used out first, within a byte budget
 *   (an estimate of the JavaScript memory the rows hold).
 * A key names the dataset versions the query reads, the compiled SQL with its bound values, and the
 * caller's access identity. A dataset's new version is a new `Dataset` object in the catalog (swapped in
 * after its view reads the new file), hence a new key: rows of the old version are never answered again
 * and age out. Other tables (the catalog table, usage counts, access views) are named by the engine's
 * generation, which moves with every statement that may change a table or view (the usage counts are
 * written again every second under load): their results are shared until then. Without a generation,
 * such a query has no key and always runs.
 */

export interface ResultCacheStats {
  readonly entries: number;
  /** Estimated bytes of the cached rows. */
  readonly bytes: number;
  readonly maxBytes: number;
  /** Answered from the cache. */
  readonly hits: number;
  /** Run (a new flight). */
  readonly misses: number;
  /** Joined a flight already running. */
  readonly coalesced: number;
  /** Dropped to stay within the budget. */
  readonly evicted: number;
}

/** One line for the log: what the cache holds and how often it answered. */
export function cacheSummary(s: ResultCacheStats): string {
  const mib = (n: number) => (n / 2 ** 20).toFixed(1);
  const asked = s.hits + s.misses + s.coalesced;
  const share = (n: number) => (asked === 0 ? '0' : ((100 * n) / asked).toFixed(0));
  return `${s.entries} results, ${mib(s.bytes)} of ${mib(s.maxBytes)} MiB; ${asked} queries: ${share(s.hits)}% answered from the cache, ${share(s.coalesced)}% joined a run in flight, ${s.misses} run; ${s.evicted} evicted`;
}

/** A bigger result is not kept: it would push out many pages and facets for one answer. */
const ENTRY_SHARE = 8;

class Flight {
  waiters = 0;
  settled = false;
  constructor(
    readonly rows: Promise<Row[]>,
    readonly controller: AbortController,
  ) {}
}

export class ResultCache {
  private readonly entries = new Map<string, { readonly rows: Row[]; readonly bytes: number }>();
  private readonly flights = new Map<string, Flight>();
  private readonly versionIds = new WeakMap<object, number>();
  private nextVersion = 1;
  private bytes = 0;
  private hits = 0;
  private misses = 0;
  private coalesced = 0;
  private evicted = 0;

  constructor(
    /** Byte budget of the cache; 0 keeps nothing (single flight still applies). */
    readonly maxBytes: number,
    /** The dataset whose records a table holds, undefined for any other table. */
    private readonly datasetOf: (table: string) => object | undefined,
  ) {}

  /**
   * The key of a query run for `access`; `generation` is the engine's (see Engine.generation), read
   * before the query runs. Undefined when the key cannot name what the query reads (no table, or a table
   * other than a dataset's without a generation): such a query is never shared.
   */
  keyOf(query: CompiledSql, access: string, generation?: number): string | undefined {
    const tables = query.reads.tables;
    if (tables.length === 0) return undefined;
    const versions: string[] = [];
    for (const table of new Set(tables)) {
      const dataset = this.datasetOf(table);
      if (dataset !== undefined) versions.push(`${JSON.stringify(table)}@${this.versionOf(dataset)}`);
      else if (generation !== undefined) versions.push(`${JSON.stringify(table)}~${generation}`);
      else return undefined;
    }
    return `${JSON.stringify(access)} ${versions.sort().join(',')}\n${query.sql}\n${paramsKey(query.params)}`;
  }

  /**
   * The rows of the query named `key`: from the cache, from a run in flight, or from `run`, which is
   * called at once (its synchronous exceptions, such as an admission refusal, reach this caller only)
   * with the signal of the shared run. Rejects with `QueryCancelledError` when `signal` aborts first.
   */
  rows(key: string, signal: AbortSignal, run: (shared: AbortSignal) => Promise<Row[]>): Promise<Row[]> {
    const cached = this.entries.get(key);
    if (cached) {
      this.hits++;
      // Most recently used last.
      this.entries.delete(key);
      this.entries.set(key, cached);
      // A copy: callers own the list they get.
      return Promise.resolve(cached.rows.slice());
    }
    if (signal.aborted) return Promise.reject(new QueryCancelledError());
    let flight = this.flights.get(key);
    if (flight) this.coalesced++;
    else {
      const controller = new AbortController();
      const started = run(controller.signal);
      this.misses++;
      flight = new Flight(started, controller);
      const own = flight;
      this.flights.set(key, own);
      started.then(
        (rows) => {
          own.settled = true;
          if (this.flights.get(key) === own) this.flights.delete(key);
          this.keep(key, rows);
        },
        () => {
          own.settled = true;
          if (this.flights.get(key) === own) this.flights.delete(key);
        },
      );
    }
    return this.join(key, flight, signal);
  }

  stats(): ResultCacheStats {
    return {
      entries: this.entries.size,
      bytes: this.bytes,
      maxBytes: this.maxBytes,
      hits: this.hits,
      misses: this.misses,
      coalesced: this.coalesced,
      evicted: this.evicted,
    };
  }

  private join(key: string, flight: Flight, signal: AbortSignal): Promise<Row[]> {
    flight.waiters++;
    return new Promise<Row[]>((resolve, reject) => {
      let left = false;
      const leave = (): void => {
        if (left) return;
        left = true;
        signal.removeEventListener('abort', onAbort);
        flight.waiters--;
      };
      const onAbort = (): void => {
        leave();
        reject(new QueryCancelledError());
        // Nobody waits for the rows any more: the run stops, and a later request starts afresh.
        if (flight.waiters === 0 && !flight.settled) {
          if (this.flights.get(key) === flight) this.flights.delete(key);
          flight.controller.abort();
        }
      };
      signal.addEventListener('abort', onAbort, { once: true });
      flight.rows.then(
        (rows) => {
          leave();
          resolve(rows.slice());
        },
        (error: unknown) => {
          leave();
          reject(error);
        },
      );
    });
  }

  private keep(key: string, rows: Row[]): void {
    if (this.maxBytes <= 0) return;
    const bytes = approxBytes(rows) + key.length * 2;
    if (bytes > this.maxBytes / ENTRY_SHARE) return;
    const previous = this.entries.get(key);
    if (previous) {
      this.entries.delete(key);
      this.bytes -= previous.bytes;
    }
    this.entries.set(key, { rows, bytes });
    this.bytes += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.bytes;
      this.evicted++;
    }
  }

  private versionOf(dataset: object): number {
    let id = this.versionIds.get(dataset);
    if (id === undefined) {
      id = this.nextVersion++;
      this.versionIds.set(dataset, id);
    }
    return id;
  }
}

/** Bound values as key text: JSON, with the numbers JSON cannot tell apart (NaN, ±Infinity, -0) marked. */
function paramsKey(params: readonly SqlParam[]): string {
  return JSON.stringify(params, (_key, value: unknown) =>
    typeof value === 'number' && (!Number.isFinite(value) || Object.is(value, -0))
      ? { number: String(Object.is(value, -0) ? '-0' : value) }
      : value,
  );
}

/** Rough bytes of rows held in memory (V8 headers, pointers, string payloads). */
export function approxBytes(rows: readonly Row[]): number {
  let bytes = 64;
  for (const row of rows) {
    bytes += 32 + 8 * row.length;
    for (const value of row) bytes += valueBytes(value, 0);
  }
  return bytes;
}

function valueBytes(value: unknown, depth: number): number {
  if (typeof value === 'string') return 24 + value.length * 2;
  if (value === null || value === undefined || typeof value === 'boolean') return 0;
  if (typeof value === 'number') return 16;
  if (typeof value === 'bigint') return 32;
  if (value instanceof Date) return 48;
  if (depth > 4) return 1024;
  if (Array.isArray(value)) {
    let n = 32 + 8 * value.length;
    for (const v of value) n += valueBytes(v, depth + 1);
    return n;
  }
  if (typeof value === 'object') {
    let n = 64;
    for (const [k, v] of Object.entries(value)) n += 24 + k.length * 2 + valueBytes(v, depth + 1);
    return n;
  }
  return 16;
}
