import { type DuckDBConnection, DuckDBInstance, type DuckDBPreparedStatement } from '@duckdb/node-api';
import { bindParams } from '../../../layout/duckdb-bind';
import { duckdbDialect, type SqlQuery } from '../../../odsql';
import { EngineBusyError, EngineError, engineErrorKind, QueryCancelledError } from '../errors';
import { ConnectionLanes, type LaneSizes } from '../lanes';
import { type Engine, type EngineCopy, LANES, type Lane, type QueryOptions, type Row } from '../types';
import { plainValueConverter, runStatement } from './values';

export type { EngineErrorKind } from '../errors';
export { EngineBusyError, EngineError, engineErrorKind, QueryCancelledError };

function toEngineError(error: unknown, signal: AbortSignal | undefined): EngineError {
  if (error instanceof EngineError) return error;
  if (signal?.aborted) return new QueryCancelledError({ cause: error });
  const message = error instanceof Error ? error.message : String(error);
  return new EngineError(message, engineErrorKind(message), { cause: error });
}

export interface DuckDBEngineOptions {
  /** Database file, or ':memory:'. */
  readonly path: string;
  /**
   * Connections of the cheap lane (each runs one query at a time). Default 4 here; the server always
   * passes its settings (DUCKDB_CONNECTIONS, settings.ts), so these fallbacks only serve tests and tools.
   */
  readonly connections?: number;
  /**
   * Connections of the scan, heavy and export lanes (see lanes.ts). Default 3, 2 and 2 here; the
   * server's settings default to 2, 1 and 4 (SCAN_, HEAVY_, EXPORT_CONNECTIONS).
   */
  readonly scanConnections?: number;
  readonly heavyConnections?: number;
  readonly exportConnections?: number;
  /** DuckDB worker threads; DuckDB's default (all cores) when unset. */
  readonly threads?: number;
  /** DuckDB's `memory_limit` (`256MB`); DuckDB's default (80% of the machine's memory) when unset. */
  readonly memoryLimit?: string;
  /** Where large sorts, joins and aggregates spill (DuckDB's `temp_directory`). */
  readonly tempDirectory?: string;
  /**
   * Called before each query (rows, stream, copy); a returned promise is awaited first. The catalog
   * uses it to create the views a query needs on demand (views.ts).
   */
  readonly beforeQuery?: () => Promise<void> | undefined;
}

export interface DuckDBEngine extends Engine {
  readonly path: string;
  /** DuckDB writes export files itself (CSV, Parquet). */
  readonly copy: EngineCopy;
  /** Connections per lane. */
  readonly lanes: LaneSizes;
  /** Connections handed out and callers waiting, per lane (for tests and the bench). */
  load(): ReturnType<ConnectionLanes<DuckDBConnection>['load']>;
  /**
   * Closes the engine to the outside world once ingestion is done (defence in depth: compiled SQL is the
   * first line): no file outside `allowedDirectories` can be read or written, no extension installed or
   * loaded, no database attached, and the configuration cannot be changed back.
   */
  lockDown(allowedDirectories: readonly string[]): Promise<void>;
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

/** `'text'` as a SQL string literal (trusted text: paths chosen by the server). */
function sqlText(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

const lane = (options: QueryOptions | undefined): Lane => options?.lane ?? 'cheap';

export async function openDuckDBEngine(options: DuckDBEngineOptions): Promise<DuckDBEngine> {
  const lanes: LaneSizes = {
    cheap: Math.max(1, options.connections ?? 4),
    scan: Math.max(1, options.scanConnections ?? 3),
    heavy: Math.max(1, options.heavyConnections ?? 2),
    export: Math.max(1, options.exportConnections ?? 2),
  };
  const config: Record<string, string> = {
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
  };
  if (options.threads !== undefined) config.threads = String(options.threads);
  if (options.memoryLimit !== undefined) config.memory_limit = options.memoryLimit;
  if (options.tempDirectory !== undefined) config.temp_directory = options.tempDirectory;
  const instance = await DuckDBInstance.create(options.path, config);
  const opened: DuckDBConnection[] = [];
  const connect = async (n: number): Promise<DuckDBConnection[]> => {
    const list: DuckDBConnection[] = [];
    for (let i = 0; i < n; i++) {
      const connection = await instance.connect();
      opened.push(connection);
      list.push(connection);
    }
    return list;
  };
  let pool: ConnectionLanes<DuckDBConnection>;
  try {
    pool = new ConnectionLanes({
      cheap: await connect(lanes.cheap),
      scan: await connect(lanes.scan),
      heavy: await connect(lanes.heavy),
      export: await connect(lanes.export),
    });
    // Naive timestamps are read as UTC whatever the host's zone, so ingestion gives the same instants everywhere.
    await opened[0]?.run("SET GLOBAL TimeZone = 'UTC'");
  } catch (error) {
    for (const connection of opened) connection.closeSync();
    instance.closeSync();
    throw toEngineError(error, undefined);
  }
  const statements = new StatementCache();
  let closed = false;
  let generation = 0;

  const withConnection = async <T>(
    queryOptions: QueryOptions | undefined,
    work: (connection: DuckDBConnection) => Promise<T>,
  ): Promise<T> => {
    const signal = queryOptions?.signal;
    if (closed) throw new EngineError('The engine is closed', 'other');
    const connection = await pool.acquire(
      lane(queryOptions),
      signal,
      queryOptions?.client ?? '',
      queryOptions?.waitMs,
      queryOptions?.order,
    );
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
    dialect: duckdbDialect,
    path: options.path,
    lanes,
    load: () => pool.load(),

    async rows(query: SqlQuery, queryOptions?: QueryOptions): Promise<Row[]> {
      const signal = queryOptions?.signal;
      const before = options.beforeQuery?.();
      if (before) await before;
      return withConnection(queryOptions, async (connection) => {
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
      const connection = await pool.acquire(
        lane(queryOptions),
        signal,
        queryOptions?.client ?? '',
        queryOptions?.waitMs,
        queryOptions?.order,
      );
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
      return withConnection(queryOptions, (connection) =>
        runStatement(connection, `COPY (${query.sql}) TO ${sqlText(target)} (${copyOptions})`, query.params),
      );
    },

    async execute(sql: string, params: SqlQuery['params'] = []): Promise<void> {
      try {
        await withConnection(undefined, (connection) => runStatement(connection, sql, params));
      } finally {
        // After the statement, failed ones too (a part of it may have run): results read before are old.
        generation++;
      }
    },

    generation: () => generation,

    async lockDown(allowedDirectories: readonly string[]): Promise<void> {
      // Trailing separators: DuckDB matches allowed directories as path prefixes.
      const dirs = allowedDirectories.map((d) => sqlText(d.endsWith('/') ? d : `${d}/`));
      await withConnection(undefined, async (connection) => {
        await connection.run(`SET allowed_directories = [${dirs.join(', ')}]`);
        await connection.run('SET enable_external_access = false');
        await connection.run('SET lock_configuration = true');
      });
    },

    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      // Waits for running queries: each connection is closed once it is handed back.
      const held = await Promise.all(
        LANES.flatMap((l) => Array.from({ length: lanes[l] }, () => pool.acquire(l, undefined, 'close'))),
      );
      statements.clear();
      for (const connection of held) connection.closeSync();
      instance.closeSync();
    },
  };
}
