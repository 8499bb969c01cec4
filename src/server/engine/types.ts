import type { Dialect, SqlQuery } from '../../odsql';

/** One result row, values in column order, converted to plain JavaScript (BIGINT → number). */
export type Row = readonly unknown[];

/**
 * Which connections a query runs on (see engine/lanes.ts): `cheap` for small tables and plain pages,
 * `scan` for filters, sorts, groups and facets over large tables, `heavy` for queries estimated
 * expensive (text matching over large tables), `export` for large exports.
 */
export type Lane = 'cheap' | 'scan' | 'heavy' | 'export';

export const LANES: readonly Lane[] = ['cheap', 'scan', 'heavy', 'export'];

/** Where a query waiting for a connection stands in its lane's queue (see engine/lanes.ts). */
export interface QueueOrder {
  /** Estimated work, in milliseconds of the engine alone (admission/cost.ts). */
  readonly work: number;
  /** How long newer interactive work may go first (ms): 0 for pages and facets. */
  readonly deferral: number;
}

export interface QueryOptions {
  /** Aborting cancels the running query (the client went away, or a time limit passed). */
  readonly signal?: AbortSignal;
  /** The lane of connections it runs on; `cheap` when unset (trusted internal queries). */
  readonly lane?: Lane;
  /** Who asked (API key name or address): waiting clients are served in turn. */
  readonly client?: string;
  /** Longest wait for a connection of the lane before `EngineBusyError`; no limit when unset. */
  readonly waitMs?: number;
  /** Its place among waiting queries; one unit of interactive work when unset. */
  readonly order?: QueueOrder;
}

/** An engine's own file writer: `COPY (query) TO target (options)` (see `Engine.copy`). */
export type EngineCopy = (
  query: SqlQuery,
  target: string,
  options: string,
  queryOptions?: QueryOptions,
) => Promise<void>;

/**
 * The SQL engine behind the interface. Routes and services talk to this, never to DuckDB itself, so that
 * another engine can take its place. Queries are compiled ODSQL or trusted SQL built by our own code;
 * user values only ever arrive as bound parameters.
 */
export interface Engine {
  /** The SQL its queries are compiled to. */
  readonly dialect: Dialect;
  /** Runs a query and returns all its rows (meant for pages, counts and facets: small results). */
  rows(query: SqlQuery, options?: QueryOptions): Promise<Row[]>;
  /** Runs a query and yields its rows chunk by chunk, for results too large to hold (exports). */
  stream(query: SqlQuery, options?: QueryOptions): AsyncIterable<Row[]>;
  /**
   * Writes a query's result with the engine's own writer: `COPY (query) TO target (options)`. `target`
   * and `options` are trusted text built by the server (a temporary path, a fixed option list); user
   * values stay bound parameters of `query`. Aborting interrupts the copy. Absent on an engine without
   * a file writer of its own (ClickHouse): exports then write their files in the server from `stream`.
   */
  readonly copy?: EngineCopy;
  /** Runs trusted statements with no result (schema setup, ingestion). */
  execute(sql: string, params?: SqlQuery['params']): Promise<void>;
  /**
   * How many `execute` calls have completed: any table or view may have changed when it moves. Read
   * before a query runs, it names what the query saw (admission/results.ts); undefined: not counted.
   */
  generation?(): number;
  close(): Promise<void>;
}
