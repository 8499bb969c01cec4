import type { DatasetSchema } from '../../odsql';

/** The version of a dataset a records file holds (what an engine that copies the file needs). */
export interface TableVersion {
  readonly datasetId: string;
  readonly fingerprint: string;
  readonly schema: DatasetSchema;
}

/**
 * How the request engine reaches each dataset's current records file: DuckDB's views over the files
 * (`RecordViews`, engine/duckdb/views.ts), or a cluster's tables loaded from them (engine/clickhouse/live-tables.ts). The
 * catalog calls these as it serves, swaps and drops versions.
 */
export interface RecordTables {
  /** Sets the table's file without making it reachable yet (start-up). */
  register(table: string, file: string, version: TableVersion): void;
  /** Makes every registered table reachable now. */
  createAll(): Promise<void>;
  /**
   * Tables swapped in from now on are made reachable on first use (the catalog grew past the size
   * where every one is made reachable at once).
   */
  createOnDemand(): void;
  /** A request is about to read the table. */
  want(table: string): void;
  /** What queries must wait for before they run, if anything. */
  pending(): Promise<void> | undefined;
  /** Points the table at a new file; resolves once queries read it. */
  swap(table: string, file: string, version: TableVersion): Promise<void>;
  drop(table: string): Promise<void>;
}
