import type { DatasetSchema } from '../../odsql';
import type { CatalogProblem, LiveCatalog } from './registry';
import type { Dataset } from './types';

/*
 * The catalog as a server on a cluster serves it: the datasets of the live catalog (registry.ts), each
 * read from the table the cluster marks live for it (`explore_live`, through live-tables.ts) rather
 * than from this process's view of the file. A dataset the cluster has no live table for is not served.
 * The same Dataset object is returned while its live table stays the same, so that the result cache
 * and admission (which key by dataset object and table) see one version per table.
 */

/** Which table the cluster serves each dataset from (engine/clickhouse/live-tables.ts). */
export interface LiveTableNames {
  tableOf(datasetId: string): string | undefined;
  /** Moves whenever a dataset's live table changes. */
  version(): number;
  stop(): void;
}

class ClusterCatalog implements LiveCatalog {
  /** The served form of each dataset of the registry, with the live table it was made for. */
  private readonly served = new WeakMap<Dataset, { readonly table: string; readonly dataset: Dataset }>();
  private listed: { source: readonly Dataset[]; generation: number; list: readonly Dataset[] } | undefined;

  constructor(
    private readonly inner: LiveCatalog,
    private readonly tables: LiveTableNames,
  ) {}

  get catalogTable(): string {
    return this.inner.catalogTable;
  }

  get catalogSchema(): DatasetSchema {
    return this.inner.catalogSchema;
  }

  get problems(): readonly CatalogProblem[] {
    return this.inner.problems;
  }

  get storeDir(): string {
    return this.inner.storeDir;
  }

  private onCluster(dataset: Dataset): Dataset | undefined {
    const table = this.tables.tableOf(dataset.dataset_id);
    if (table === undefined) return undefined;
    const known = this.served.get(dataset);
    if (known?.table === table) return known.dataset;
    const served = { ...dataset, table };
    this.served.set(dataset, { table, dataset: served });
    return served;
  }

  list(): readonly Dataset[] {
    const source = this.inner.list();
    const generation = this.tables.version();
    if (this.listed?.source !== source || this.listed.generation !== generation) {
      const list = source.flatMap((d) => {
        const served = this.onCluster(d);
        return served ? [served] : [];
      });
      this.listed = { source, generation, list };
    }
    return this.listed.list;
  }

  get(datasetId: string): Dataset | undefined {
    const dataset = this.inner.get(datasetId);
    return dataset && this.onCluster(dataset);
  }

  schema(datasetId: string): DatasetSchema | undefined {
    return this.tables.tableOf(datasetId) === undefined ? undefined : this.inner.schema(datasetId);
  }

  idle(): Promise<void> {
    return this.inner.idle();
  }

  rescan(): Promise<void> {
    return this.inner.rescan();
  }

  async close(): Promise<void> {
    await this.inner.close();
    this.tables.stop();
  }
}

/** The live catalog served from the cluster's live tables. */
export function clusterCatalog(inner: LiveCatalog, tables: LiveTableNames): LiveCatalog {
  return new ClusterCatalog(inner, tables);
}
