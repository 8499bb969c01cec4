import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';

/* Test support: a Parquet file read back by an in-memory DuckDB (its SQL lives with the engine's). */

/** A Parquet file's column types and rows, read by DuckDB. */
export async function readParquet(bytes: Uint8Array): Promise<{ columns: unknown[]; rows: unknown[] }> {
  const dir = await mkdtemp(join(tmpdir(), 'read-parquet-'));
  const db = await DuckDBInstance.create(':memory:');
  const connection = await db.connect();
  try {
    const file = join(dir, 'file.parquet');
    await writeFile(file, bytes);
    const source = `read_parquet('${file}')`;
    const columns = (await connection.runAndReadAll(`DESCRIBE SELECT * FROM ${source}`)).getRows();
    const rows = (await connection.runAndReadAll(`SELECT * FROM ${source}`)).getRowsJson();
    return { columns, rows };
  } finally {
    connection.closeSync();
    db.closeSync();
    await rm(dir, { recursive: true, force: true });
  }
}
