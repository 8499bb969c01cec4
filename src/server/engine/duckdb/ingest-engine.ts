import { type DuckDBConnection, DuckDBInstance } from '@duckdb/node-api';
import { bindParams } from '../../../layout/duckdb-bind';
import { sqlString } from '../../../layout/sql';
import { duckdbDialect, type SqlQuery } from '../../../odsql';
import type { Engine, Row } from '../types';
import { plainValueConverter, runStatement } from './values';

/*
 * The DuckDB instance ingestion works in: separate from the one answering requests, so that the request
 * engine can be locked to reading the store folder (no file writes, no other files) while ingestion
 * reads source files anywhere and writes Parquet. One connection: datasets are ingested one at a time,
 * and its progress can be read while a statement runs.
 */

export interface IngestEngineOptions {
  /** DuckDB's memory_limit (`128MB`). */
  readonly memoryLimit?: string;
  /** The same in bytes, when known: sizes the aggregates of large sources. */
  readonly memoryBytes?: number;
  readonly threads?: number;
  /** Where sorts, joins and aggregates larger than memory spill. */
  readonly tempDirectory: string;
}

export interface IngestEngine extends Engine {
  /** Bytes of its memory limit, when known. */
  readonly memoryBytes: number | undefined;
  /** Progress of the running statement: rows processed out of the rows to process, when DuckDB knows. */
  progress(): { readonly done: number; readonly total: number } | undefined;
  /** Stops the running statement (it fails with an interruption: a machine failure). */
  interrupt(): void;
  /** Runs the next statements on one thread (small files: less coordination) or on all (default). */
  singleThreaded(single: boolean): Promise<void>;
}

export async function openIngestEngine(options: IngestEngineOptions): Promise<IngestEngine> {
  const config: Record<string, string> = {
    autoinstall_known_extensions: 'false',
    autoload_known_extensions: 'false',
    temp_directory: options.tempDirectory,
  };
  if (options.memoryLimit !== undefined) config.memory_limit = options.memoryLimit;
  if (options.threads !== undefined) config.threads = String(options.threads);
  const instance = await DuckDBInstance.create(':memory:', config);
  let connection: DuckDBConnection;
  let threads = 1;
  let single = false;
  try {
    connection = await instance.connect();
    // Naive timestamps are read as UTC whatever the host's zone (as in the request engine).
    await connection.run("SET TimeZone = 'UTC'");
    // Progress is only tracked with the progress bar on; it is never printed.
    await connection.run('SET enable_progress_bar = true; SET enable_progress_bar_print = false');
    const threadsReader = await connection.runAndReadAll("SELECT current_setting('threads')");
    threads = Number(threadsReader.getRows()[0]?.[0] ?? 1);
  } catch (error) {
    instance.closeSync();
    throw error;
  }
  // One statement at a time on the single connection.
  let queue: Promise<unknown> = Promise.resolve();
  const serial = <T>(work: () => Promise<T>): Promise<T> => {
    const next = queue.then(work, work);
    queue = next.catch(() => undefined);
    return next;
  };
  let closed = false;
  const rows = (query: SqlQuery): Promise<Row[]> =>
    serial(async () => {
      const prepared = await connection.prepare(query.sql);
      try {
        bindParams(prepared, query.params);
        const result = await prepared.run();
        return result.convertRows(plainValueConverter);
      } finally {
        prepared.destroySync();
      }
    });
  return {
    dialect: duckdbDialect,
    memoryBytes: options.memoryBytes,
    rows,
    async *stream(query: SqlQuery): AsyncIterable<Row[]> {
      yield await rows(query);
    },
    copy(query: SqlQuery, target: string, options: string): Promise<void> {
      return serial(() =>
        runStatement(connection, `COPY (${query.sql}) TO ${sqlString(target)} (${options})`, query.params),
      );
    },
    execute(sql: string, params: SqlQuery['params'] = []): Promise<void> {
      return serial(() => runStatement(connection, sql, params));
    },
    progress() {
      if (closed) return undefined;
      const p = connection.progress;
      const total = Number(p.total_rows_to_process);
      if (!(p.percentage >= 0) || total <= 0) return undefined;
      return { done: Number(p.rows_processed), total };
    },
    async singleThreaded(wanted: boolean): Promise<void> {
      if (wanted === single) return;
      single = wanted;
      await serial(() => connection.run(`SET threads = ${wanted ? 1 : threads}`));
    },
    interrupt(): void {
      if (!closed) connection.interrupt();
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      connection.interrupt();
      await queue;
      connection.closeSync();
      instance.closeSync();
    },
  };
}
