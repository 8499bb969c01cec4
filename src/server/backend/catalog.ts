import type { DatasetSchema, Lang } from '../../odsql';
import type { Dataset } from '../catalog/types';

/*
 * What a backend keeps of the catalog besides the records: the catalog's views (access, language,
 * usage) and the usage counts, and where this server's catalog rows are published. The request engine
 * of every backend implements it: DuckDB keeps the views in the engine itself and the counts in the
 * data folder (engine-catalog.ts), a ClickHouse cluster keeps both in the cluster that every server on
 * it shares (engine/clickhouse/shared-catalog.ts).
 */

export interface DatasetUsage {
  readonly downloads: number;
  readonly api_calls: number;
}

/** Where usage counts are kept: the data folder (usage/counts.ts) or a cluster (engine/clickhouse/usage.ts). */
export interface UsageCountStore {
  /** Changes whenever the totals move. */
  readonly version: number;
  add(datasetId: string, kind: keyof DatasetUsage): void;
  /** Totals of one dataset over every process. */
  get(datasetId: string): DatasetUsage;
  /** Totals of every dataset counted. */
  all(): Map<string, DatasetUsage>;
  /** Writes this process's counts (on shutdown). */
  close(): void | Promise<void>;
}

/** The usage counts as the catalog's usage view reads them. */
export interface SharedUsageCounts extends UsageCountStore {
  /**
   * The totals the usage view reads at this moment, once the write and read under way are done (this
   * server's counts not written yet left out).
   */
  written(): Promise<ReadonlyMap<string, DatasetUsage>>;
}

/** The catalog's views and usage counts, wherever the backend keeps them. */
export interface SharedCatalog {
  /**
   * Makes each view of `views` (name: granted dataset ids) keep the public rows of the catalog view
   * `table` and the granted datasets. In a catalog of this server's own, views named `prefix…` left from
   * earlier starts are dropped; a catalog shared with other servers never drops one (another may read it).
   */
  accessViews(table: string, prefix: string, views: ReadonlyMap<string, readonly string[]>): Promise<void>;
  /**
   * Creates, unless it exists, `view`: the catalog view `table` in `lang` (the untranslated metadata
   * when undefined; engine/duckdb/language-views.ts).
   */
  languageView(view: string, table: string, lang: Lang | undefined): Promise<void>;
  /** Creates, unless it exists, `view`: `table` with the usage fields, read from `usage`. */
  usageView(view: string, table: string, fields: readonly [string, string, string]): Promise<void>;
  /** The usage counts every server sharing the catalog adds to. */
  readonly usage: SharedUsageCounts;
}

/** A served dataset and the schema of its stored records. */
export interface CatalogTableEntry {
  readonly dataset: Dataset;
  readonly schema: DatasetSchema;
}

/** Where a server publishes its catalog rows for other servers (a cluster's catalog). */
export interface CatalogSink {
  /** Publishes the rows of `entries`; `save` writes the catalog table just rebuilt to a Parquet file. */
  publish(entries: readonly CatalogTableEntry[], save: (file: string) => Promise<void>): Promise<void>;
}

/** A dataset's untranslated catalog row as a shared catalog holds it (catalog/cluster.ts rebuilds it). */
export interface PublishedRow {
  readonly datasetId: string;
  readonly digest: string;
  readonly uid: string;
  readonly restricted: boolean;
  readonly hasRecords: boolean;
  readonly dataVisible: boolean;
  readonly features: readonly string[];
  readonly metas: string;
  readonly fields: string;
  readonly attachments: string;
  readonly schema: string;
  /** The dataset's translations (JSON). */
  readonly translations: string;
}
