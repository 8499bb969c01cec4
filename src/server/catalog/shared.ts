import type { Lang } from '../../odsql';
import type { DatasetUsage, UsageCountStore } from '../usage/counts';

/** Usage counts kept in a cluster. */
export interface SharedUsageCounts extends UsageCountStore {
  /**
   * The totals as the cluster held them at the last read (this server's counts not written yet left
   * out), once a write and read under way are done: what the catalog's usage view sums as well.
   */
  written(): Promise<ReadonlyMap<string, DatasetUsage>>;
}

/*
 * The catalog's views and usage counts when the catalog is kept in a cluster that several servers share
 * (ENGINE=clickhouse, engine/clickhouse/shared-catalog.ts). Without it, each server keeps them in its
 * own DuckDB engine (storage/access-views.ts, storage/usage-table.ts) and counts in its data folder.
 */
export interface SharedCatalog {
  /**
   * Creates, unless it exists, the view `name` of the catalog view `table` keeping the public rows and
   * the `granted` datasets. Views are never dropped: another server may read them.
   */
  accessView(name: string, table: string, granted: readonly string[]): Promise<void>;
  /**
   * Creates, unless it exists, `view`: the catalog view `table` in `lang` (the untranslated metadata
   * when undefined; storage/language-views.ts).
   */
  languageView(view: string, table: string, lang: Lang | undefined): Promise<void>;
  /** Creates, unless it exists, `view`: `table` with the usage fields, read from the shared counts. */
  usageView(view: string, table: string, fields: readonly [string, string, string]): Promise<void>;
  /** The usage counts that every server adds to. */
  readonly usage: SharedUsageCounts;
}
