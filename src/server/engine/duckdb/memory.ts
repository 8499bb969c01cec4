import type { Engine } from '../types';

export interface EngineMemory {
  /** Bytes DuckDB holds in memory, and bytes it spilled to its temporary folder. */
  readonly inMemory: number;
  readonly spilled: number;
}

/** DuckDB's own count of its memory (`duckdb_memory()`). */
export async function duckdbMemory(engine: Engine): Promise<EngineMemory> {
  const [row] = await engine.rows({
    sql: 'SELECT sum(memory_usage_bytes), sum(temporary_storage_bytes) FROM duckdb_memory()',
    params: [],
  });
  return { inMemory: Number(row?.[0] ?? 0), spilled: Number(row?.[1] ?? 0) };
}
