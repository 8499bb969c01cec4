import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { type DuckDBEngine, openDuckDBEngine } from '../engine/duckdb';
import type { Logger } from '../ingest/logger';
import { type Catalog, openCatalog } from './registry';

/** The database file inside the data folder. */
export const DATABASE_FILE = 'explore.duckdb';

export interface ExploreDataOptions {
  /** `DATA_DIR`: holds the database file and the user's `datasets/` folder. */
  readonly dataDir: string;
  readonly log: Logger;
  /** Include the built-in datasets (default true). */
  readonly includeDefault?: boolean;
  /** Pooled DuckDB connections (default 4). */
  readonly connections?: number;
  /** DuckDB worker threads (default: all cores). */
  readonly threads?: number;
  /** DuckDB's `memory_limit` (default: DuckDB's own). */
  readonly memoryLimit?: string;
}

export interface ExploreData {
  readonly engine: DuckDBEngine;
  readonly catalog: Catalog;
}

/** Opens the database of the data folder and loads the catalog, ingesting what changed. */
export async function openExploreData(options: ExploreDataOptions): Promise<ExploreData> {
  await mkdir(options.dataDir, { recursive: true });
  const engine = await openDuckDBEngine({
    path: join(options.dataDir, DATABASE_FILE),
    ...(options.connections === undefined ? {} : { connections: options.connections }),
    ...(options.threads === undefined ? {} : { threads: options.threads }),
    ...(options.memoryLimit === undefined ? {} : { memoryLimit: options.memoryLimit }),
  });
  try {
    const catalog = await openCatalog(engine, {
      dataDir: options.dataDir,
      log: options.log,
      includeDefault: options.includeDefault ?? true,
    });
    return { engine, catalog };
  } catch (error) {
    await engine.close();
    throw error;
  }
}
