import { type DuckDBConnection, DuckDBInstance, type DuckDBPreparedStatement } from '@duckdb/node-api';
import type { SqlQuery } from '../../odsql/compile/sql';
import { bindParams, plainValueConverter } from './duckdb-values';
import type { Engine, QueryOptions, Row } from './types';

export type EngineErrorKind =
  | 'conversion'
  | 'out_of_range'
  | 'invalid_input'
  | 'binder'
  | 'parser'
  | 'interrupted'
  | 'other';

/**
 * A failed query. `message` keeps DuckDB's text for logs; `kind` tells the HTTP layer whether the request
 * caused it (conversion, range, input, binder and parser errors) without showing that text to clients.
 */
export class EngineError extends Error {
  readonly kind: EngineErrorKind;
  constructor(message: string, kind: EngineErrorKind, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'EngineError';
    this.kind = kind;
  }
}

/** The query was cancelled through its AbortSignal. Named `AbortError` like the platform's own. */
export class QueryCancelledError extends EngineError {
  constructor(options?: { cause?: unknown }) {
    super('The query was cancelled', 'interrupted', options);
    this.name = 'AbortError';
  }
}

const KIND_PREFIXES: readonly (readonly [string, EngineErrorKind])[] = [
  ['Conversion Error:', 'conversion'],
  ['Out of Range Error:', 'out_of_range'],
  ['Invalid Input Error:', 'invalid_input'],
  ['Binder Error:', 'binder'],
  ['Parser Error:', 'parser'],
  ['INTERRUPT Error:', 'interrupted'],
];

export function engineErrorKind(message: string): EngineErrorKind {
  for (const [prefix, kind] of KIND_PREFIXES) if (message.startsWith(prefix)) return kind;
  return 'other';
}

function toEngineError(error: unknown, signal: AbortSignal | undefined): EngineError {
  if (error instanceof EngineError) return error;
  if (signal?.aborted) return new QueryCancelledError({ cause: error });
  const message = error instanceof Error ? error.message : String(error);
  return new EngineError(message, engineErrorKind(message), { cause: error });
}

export interface DuckDBEngineOptions {
  /** Database file, or ':memory:'. */
  readonly path: string;
  /** Number of pooled connections (each runs one query at a time). Default 4. */
  readonly connections?: number;
  /** DuckDB worker threads; DuckDB's default (all cores) when unset. */
  readonly threads?: number;
  /** DuckDB's `memory_limit` (`256MB`); DuckDB's default (80% of the machine's memory) when unset. */
  readonly memoryLimit?: string;
  /** Where large sorts, joins and aggregates spill (DuckDB's `temp_directory`). */
  readonly tempDirectory?: string;
  /**
   * Called before each query (rows, stream, copy); a returned promise is awaited first. The catalog
   * uses it to create the views a query needs on demand (catalog/views).
   */
  readonly beforeQuery?: () => Promise<void> | undefined;
}

export interface DuckDBEngine extends Engine {
  readonly path: string;
  /** Size of the connection pool. */
  readonly connections: number;
}

/** Hands out connections one caller at a time; callers queue when all are busy. */
class ConnectionPool {
  private readonly idle: DuckDBConnection[];
  private readonly waiters: ((connection: DuckDBConnection) => void)[] = [];

  constructor(readonly all: readonly DuckDBConnection[]) {
    this.idle = [...all];
  }

  acquire(signal: AbortSignal | undefined): Promise<DuckDBConnection> {
    if (signal?.aborted) return Promise.reject(new QueryCancelledError());
    const ready = this.idle.pop();
    if (ready) return Promise.resolve(ready);
    return new Promise((resolve, reject) => {
      const waiter = (connection: DuckDBConnection): void => {
        signal?.removeEventListener('abort', onAbort);
        resolve(connection);
      };
      const onAbort = (): void => {
        const index = this.waiters.indexOf(waiter);
        if (index >= 0) this.waiters.splice(index, 1);
        reject(new QueryCancelledError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.waiters.push(waiter);
    });
  }

  release(connection: DuckDBConnection): void {
    const next = this.waiters.shift();
    if (next) next(connection);
    else this.idle.push(connection);
  }
}

/**
 * Prepared statements kept per connection, by SQL text. A page of records, its count and its facets
 * repeat the same SQL with other values, so their planning is done once. Least recently used first out.
 */
class StatementCache {
  private static readonly SIZE = 64;
  private readonly statements = new Map<DuckDBConnection, Map<string, DuckDBPreparedStatement>>();

  async get(connection: DuckDBConnection, sql: string): Promise<DuckDBPreparedStatement> {
    let cache = this.statements.get(connection);
    if (!cache) {
      cache = new Map();
      this.statements.set(connection, cache);
    }
    const cached = cache.get(sql);
    if (cached) {
      cache.delete(sql);
      cache.set(sql, cached);
      return cached;
    }
    const prepared = await connection.prepare(sql);
    cache.set(sql, prepared);
    if (cache.size > StatementCache.SIZE) {
      const [oldest, statement] = cache.entries().next().value as [string, DuckDBPreparedStatement];
      cache.delete(oldest);
      statement.destroySync();
    }
    return prepared;
  }

  /** Drops a statement that failed: it may no longer match the catalog. */
  forget(connection: DuckDBConnection, sql: string): void {
    const cache = this.statements.get(connection);
    const statement = cache?.get(sql);
    if (!statement) return;
    cache!.delete(sql);
    statement.destroySync();
  }

  clear(): void {
    for (const cache of this.statements.values())
      for (const statement of cache.values()) statement.destroySync();
    this.statements.clear();
  }
}

/** How often an abort is repeated until the query gives up (see `interruptOnAbort`). */
const INTERRUPT_RETRY_MS = 25;

/**
 * Interrupts the connection's query when the signal aborts, and keeps interrupting until disposed: an
 * interrupt that lands while the statement is still being prepared or bound is forgotten once it starts.
 */
function interruptOnAbort(connection: DuckDBConnection, signal: AbortSignal | undefined): () => void {
  if (!signal) return () => {};
  let timer: ReturnType<typeof setInterval> | undefined;
  const onAbort = (): void => {
    connection.interrupt();
    timer = setInterval(() => connection.interrupt(), INTERRUPT_RETRY_MS);
  };
  if (signal.aborted) onAbort();
  else signal.addEventListener('abort', onAbort, { once: true });
  return () => {
    signal.removeEventListener('abort', onAbort);
    if (timer) clearInterval(timer);
  };
}

/**
 * Leaves a connection usable after a failure: a statement that failed inside an explicit transaction
 * leaves it aborted, and every later statement on that connection would fail until a ROLLBACK.
 */
async function resetConnection(connection: DuckDBConnection): Promise<void> {
  try {
    await connection.run('ROLLBACK');
  } catch {
    // No transaction was open: nothing to undo.
  }
}

export async function openDuckDBEngine(options: DuckDBEngineOptions): Promise<DuckDBEngine> {
  const size = Math.max(1, options.connections ?? 4);
  const config: Record<string, string> = {
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
  };
  if (options.threads !== undefined) config.threads = String(options.threads);
  if (options.memoryLimit !== undefined) config.memory_limit = options.memoryLimit;
  if (options.tempDirectory !== undefined) config.temp_directory = options.tempDirectory;
  const instance = await DuckDBInstance.create(options.path, config);
  const connections: DuckDBConnection[] = [];
  try {
    for (let i = 0; i < size; i++) connections.push(await instance.connect());
    // Naive timestamps are read as UTC whatever the host's zone, so ingestion gives the same instants everywhere.
    await connections[0]?.run("SET GLOBAL TimeZone = 'UTC'");
  } catch (error) {
    for (const connection of connections) connection.closeSync();
    instance.closeSync();
    throw toEngineError(error, undefined);
  }
  const pool = new ConnectionPool(connections);
  const statements = new StatementCache();
  let closed = false;

  const withConnection = async <T>(
    signal: AbortSignal | undefined,
    work: (connection: DuckDBConnection) => Promise<T>,
  ): Promise<T> => {
    if (closed) throw new EngineError('The engine is closed', 'other');
    const connection = await pool.acquire(signal);
    const stopInterrupting = interruptOnAbort(connection, signal);
    let outcome: { readonly value: T } | { readonly error: unknown };
    try {
      if (signal?.aborted) throw new QueryCancelledError();
      outcome = { value: await work(connection) };
    } catch (error) {
      outcome = { error };
    }
    // Interrupts stop before the clean-up statement, which must not be interrupted itself.
    stopInterrupting();
    if ('error' in outcome) await resetConnection(connection);
    pool.release(connection);
    if ('error' in outcome) throw toEngineError(outcome.error, signal);
    return outcome.value;
  };

  return {
    path: options.path,
    connections: size,

    async rows(query: SqlQuery, queryOptions?: QueryOptions): Promise<Row[]> {
      const signal = queryOptions?.signal;
      const before = options.beforeQuery?.();
      if (before) await before;
      return withConnection(signal, async (connection) => {
        try {
          const prepared = await statements.get(connection, query.sql);
          bindParams(prepared, query.params);
          const result = await prepared.run();
          const rows = await result.convertRows(plainValueConverter);
          if (signal?.aborted) throw new QueryCancelledError();
          return rows;
        } catch (error) {
          statements.forget(connection, query.sql);
          throw error;
        }
      });
    },

    async *stream(query: SqlQuery, queryOptions?: QueryOptions): AsyncIterable<Row[]> {
      const signal = queryOptions?.signal;
      const before = options.beforeQuery?.();
      if (before) await before;
      if (closed) throw new EngineError('The engine is closed', 'other');
      const connection = await pool.acquire(signal);
      const stopInterrupting = interruptOnAbort(connection, signal);
      let failure: unknown;
      let completed = false;
      try {
        if (signal?.aborted) throw new QueryCancelledError();
        const prepared = await connection.prepare(query.sql);
        bindParams(prepared, query.params);
        const result = await prepared.stream();
        for (;;) {
          const chunk = await result.fetchChunk();
          // An interrupted stream ends like a complete one: only the signal tells them apart.
          if (signal?.aborted) throw new QueryCancelledError();
          if (!chunk || chunk.rowCount === 0) break;
          yield chunk.convertRows(plainValueConverter);
        }
        completed = true;
      } catch (error) {
        failure = error;
      } finally {
        stopInterrupting();
        // After a failure, or when the consumer stopped early, a statement closes the pending result so
        // that its buffers are freed now rather than at the connection's next query.
        if (!completed) await resetConnection(connection);
        pool.release(connection);
      }
      if (failure !== undefined) throw toEngineError(failure, signal);
    },

    async copy(
      query: SqlQuery,
      target: string,
      copyOptions: string,
      queryOptions?: QueryOptions,
    ): Promise<void> {
      const before = options.beforeQuery?.();
      if (before) await before;
      return withConnection(queryOptions?.signal, async (connection) => {
        const literal = `'${target.replaceAll("'", "''")}'`;
        const prepared = await connection.prepare(`COPY (${query.sql}) TO ${literal} (${copyOptions})`);
        try {
          bindParams(prepared, query.params);
          await prepared.run();
        } finally {
          prepared.destroySync();
        }
      });
    },

    execute(sql: string, params: SqlQuery['params'] = []): Promise<void> {
      return withConnection(undefined, async (connection) => {
        if (params.length === 0) {
          // Unprepared so that a script of several statements runs in one call, on one connection.
          await connection.run(sql);
          return;
        }
        const prepared = await connection.prepare(sql);
        try {
          bindParams(prepared, params);
          await prepared.run();
        } finally {
          prepared.destroySync();
        }
      });
    },

    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      // Waits for running queries: each connection is closed once it is handed back.
      const held = await Promise.all(connections.map(() => pool.acquire(undefined)));
      statements.clear();
      for (const connection of held) connection.closeSync();
      instance.closeSync();
    },
  };
}
