import type { DatasetSchema } from '../../odsql';
import type { IngestEngine } from '../backend/local-engine';
import type { RecordTables } from '../backend/tables';
import type { Logger } from '../ingest/logger';
import type { CatalogSink } from './publish';
import type { CatalogProblem } from './sources';
import type { Dataset } from './types';

/* What the catalog offers the server, and what opening it takes (registry.ts opens it). */

export interface Catalog {
  /** Every dataset, sorted by dataset_id. */
  list(): readonly Dataset[];
  /** The dataset (and its records view, created if needed before the next query runs). */
  get(datasetId: string): Dataset | undefined;
  /** The ODSQL schema of a dataset's records. */
  schema(datasetId: string): DatasetSchema | undefined;
  /**
   * The dataset whose records table is `table`, without making its view (admission sizes queries by it).
   * Kept up to date as datasets are served: rebuilding a map of the list at each change was O(datasets)
   * per request while thousands were ingested. Absent: callers index `list()`.
   */
  datasetOfTable?(table: string): Dataset | undefined;
  /** Table with one row per dataset, laid out like records (layout/columns.ts). */
  readonly catalogTable: string;
  readonly catalogSchema: DatasetSchema;
  /** Datasets left out, with the reason (also logged). */
  readonly problems: readonly CatalogProblem[];
}

/** The catalog as the server runs it: ingesting in the background and following the data folder. */
export interface LiveCatalog extends Catalog {
  /** The folder of the records files: the only folder the request engine needs to read. */
  readonly storeDir: string;
  /** Resolves once nothing is left to ingest (and the catalog table is up to date). */
  idle(): Promise<void>;
  /** Reads the descriptors again now and queues what changed. */
  rescan(): Promise<void>;
  /** Stops watching and ingesting (the running ingestion finishes first). */
  close(): Promise<void>;
}

export interface CatalogOptions {
  /** Holds `datasets/` (user descriptors), `store/` (records) and `tmp/` (ingestion scratch files). */
  readonly dataDir: string;
  readonly log: Logger;
  /** Include the built-in datasets from vega-datasets (default true). */
  readonly includeDefault?: boolean;
  /** The DuckDB instance that reads sources and writes records files. */
  readonly ingest: IngestEngine;
  /** The request engine's views of the records files (or a cluster's tables loaded from them). */
  readonly views: RecordTables;
  /** Where the catalog's rows are published besides the engine's catalog table (a cluster's catalog). */
  readonly sink?: CatalogSink;
  /** Follow `datasets/` for changes (default true). */
  readonly watch?: boolean;
  /** Full rescan of descriptors and files, in case a change was not notified (default 60 s; 0: never). */
  readonly rescanMs?: number;
  /** Up to this many datasets, every view is created at start; beyond, on first use (default 200). */
  readonly eagerViewsUpTo?: number;
}

/** Up to this many datasets, every view is created at start; beyond, on first use. */
export const EAGER_VIEWS_UP_TO = 200;
