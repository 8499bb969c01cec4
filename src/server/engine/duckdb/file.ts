import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { SqlQuery } from '../../../odsql';
import { QueryCancelledError } from '../errors';
import type { Row } from '../types';
import { runStatement } from './values';

export interface RowsFile {
  /** A folder of this file's own: the database and its spills go there. */
  readonly dir: string;
  /** Rows of text values (or nulls), `columns` a row, in file order. */
  readonly rows: AsyncIterable<readonly Row[]>;
  readonly columns: number;
  /** The query `COPY` writes, over `source`: a query yielding the appended columns in order. */
  readonly query: (source: SqlQuery) => SqlQuery;
  /** The file written, and the COPY options (trusted text built by the server). */
  readonly target: string;
  readonly options: string;
  readonly signal: AbortSignal;
}

/** How much memory the file's DuckDB may use before it spills to its folder. */
const MEMORY_LIMIT = '64MB';

/**
 * Writes a file with DuckDB's writer from rows another engine streamed (ClickHouse has no Parquet
 * writer reachable from here): the rows are appended into a table of a DuckDB database made for this
 * file in its own folder (on disk, so a large export does not stay in memory), then `COPY` writes the
 * file, with SQL over that table. Appending as rows arrive pulls the next chunk only when the previous
 * one is stored; aborting stops the stream, or interrupts the copy.
 */
export async function writeRowsFile(file: RowsFile): Promise<void> {
  const instance = await DuckDBInstance.create(join(file.dir, 'rows.duckdb'), {
    threads: '1',
    memory_limit: MEMORY_LIMIT,
    temp_directory: join(file.dir, 'spill'),
  });
  const connection = await instance.connect();
  // Defence in depth, as the engine's lock-down: this database reads and writes its own folder only.
  await connection.run(`SET allowed_directories = ['${file.dir.replaceAll("'", "''")}/']`);
  await connection.run('SET enable_external_access = false');
  await connection.run('SET lock_configuration = true');
  const onAbort = (): void => connection.interrupt();
  file.signal.addEventListener('abort', onAbort, { once: true });
  try {
    const names = Array.from({ length: file.columns }, (_, i) => `"__v${i}"`);
    await connection.run(
      `CREATE TABLE rows (${names.map((n) => `${n} VARCHAR`).join(', ') || '"__none" VARCHAR'})`,
    );
    const appender = await connection.createAppender('rows');
    try {
      for await (const chunk of file.rows) {
        for (const row of chunk) {
          if (file.columns === 0) appender.appendNull();
          for (let i = 0; i < file.columns; i++) {
            const value = row[i];
            if (value === null || value === undefined) appender.appendNull();
            else appender.appendVarchar(String(value));
          }
          appender.endRow();
        }
      }
      appender.flushSync();
    } finally {
      appender.closeSync();
    }
    if (file.signal.aborted) throw new QueryCancelledError();
    // A plain scan keeps the rows in the order they were appended (insertion order is preserved).
    const query = file.query({ sql: `SELECT ${names.join(', ') || 'NULL'} FROM rows`, params: [] });
    const target = `'${file.target.replaceAll("'", "''")}'`;
    await runStatement(connection, `COPY (${query.sql}) TO ${target} (${file.options})`, query.params);
  } catch (error) {
    if (file.signal.aborted) throw new QueryCancelledError({ cause: error });
    throw error;
  } finally {
    file.signal.removeEventListener('abort', onAbort);
    connection.closeSync();
    instance.closeSync();
  }
}
