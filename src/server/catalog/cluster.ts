import type { DatasetSchema } from '../../odsql';
import type { PublishedRow } from '../backend/catalog';
import type { CatalogProblem, LiveCatalog } from './registry';
import type { Attachment, Dataset, DatasetTranslations, FieldDescriptor } from './types';

/*
 * The catalog as a server on a cluster serves it: the datasets of the cluster's catalog (the rows every
 * server publishes, engine/clickhouse/shared-catalog.ts), each read from the table the cluster marks
 * live for it (`explore_live`, through live-tables.ts), whichever server's data folder holds it. A
 * dataset is served when the cluster has both its row and a live table. This server's own registry
 * (registry.ts) ingests and publishes its data folder's datasets; it gives the attachments' files,
 * which stay on the server that has them (another server answers 404 for such a file).
 * The same Dataset object is returned while its row and live table stay the same, so that the result
 * cache and admission (which key by dataset object and table) see one version per table.
 */

/** Which table the cluster serves each dataset from (engine/clickhouse/live-tables.ts). */
export interface LiveTableNames {
  tableOf(datasetId: string): string | undefined;
  /** Moves whenever a dataset's live table changes. */
  version(): number;
  stop(): void;
}

/** The catalog rows of the cluster (engine/clickhouse/shared-catalog.ts). */
export interface PublishedCatalog {
  /** The view the catalog's queries read. */
  readonly view: string;
  current(): ReadonlyMap<string, PublishedRow>;
  /**
   * Datasets whose last load into the cluster failed (`explore_ingestion`), by any server: the reason,
   * by dataset id.
   */
  failures(): ReadonlyMap<string, string>;
  /** Moves whenever a row changes. */
  version(): number;
  stop(): void;
}

interface ServedRow {
  readonly row: PublishedRow;
  readonly table: string;
  readonly dataset: Dataset;
  readonly schema: DatasetSchema;
}

function translationsOf(row: PublishedRow): Pick<Dataset, 'translations'> {
  const translations = JSON.parse(row.translations) as DatasetTranslations;
  return Object.keys(translations).length > 0 ? { translations } : {};
}

/** A dataset rebuilt from its published row (attachment files from this server's own dataset). */
function datasetOf(row: PublishedRow, table: string, local: Dataset | undefined): Dataset {
  const attachments = (JSON.parse(row.attachments) as Omit<Attachment, 'path'>[]).map((a) => ({
    id: a.id,
    title: a.title,
    mimetype: a.mimetype,
    path: local?.attachments.find((l) => l.id === a.id)?.path ?? '',
  }));
  return {
    dataset_id: row.datasetId,
    visibility: row.restricted ? 'restricted' : 'domain',
    dataset_uid: row.uid,
    table,
    fields: JSON.parse(row.fields) as FieldDescriptor[],
    features: row.features,
    attachments,
    metas: JSON.parse(row.metas) as Dataset['metas'],
    has_records: row.hasRecords,
    data_visible: row.dataVisible,
    ...translationsOf(row),
  };
}

class ClusterCatalog implements LiveCatalog {
  private served: { rows: number; tables: number; byId: Map<string, ServedRow>; list: Dataset[] } | undefined;

  constructor(
    private readonly inner: LiveCatalog,
    private readonly tables: LiveTableNames,
    private readonly rows: PublishedCatalog,
  ) {}

  get catalogTable(): string {
    return this.rows.view;
  }

  get catalogSchema(): DatasetSchema {
    return this.inner.catalogSchema;
  }

  /** This server's problems, and the datasets whose load into the cluster failed on any server. */
  get problems(): readonly CatalogProblem[] {
    const own = this.inner.problems;
    const known = new Set(own.map((p) => p.datasetId));
    const cluster = [...this.rows.failures()]
      .filter(([id]) => !known.has(id))
      .map(([id, reason]) => ({ origin: `cluster ${id}`, datasetId: id, reason }));
    return [...own, ...cluster];
  }

  get storeDir(): string {
    return this.inner.storeDir;
  }

  /** The served datasets, made again when a row or a live table changed (objects kept when not). */
  private current(): { byId: Map<string, ServedRow>; list: Dataset[] } {
    const rows = this.rows.version();
    const tables = this.tables.version();
    if (this.served?.rows === rows && this.served.tables === tables) return this.served;
    const before = this.served?.byId;
    const byId = new Map<string, ServedRow>();
    for (const [id, row] of this.rows.current()) {
      const table = this.tables.tableOf(id);
      if (table === undefined) continue;
      const known = before?.get(id);
      if (known?.row.digest === row.digest && known.table === table) {
        byId.set(id, known);
        continue;
      }
      const dataset = datasetOf(row, table, this.inner.get(id));
      byId.set(id, { row, table, dataset, schema: JSON.parse(row.schema) as DatasetSchema });
    }
    const list = [...byId.values()]
      .map((s) => s.dataset)
      .sort((a, b) => (a.dataset_id < b.dataset_id ? -1 : a.dataset_id > b.dataset_id ? 1 : 0));
    this.served = { rows, tables, byId, list };
    return this.served;
  }

  list(): readonly Dataset[] {
    return this.current().list;
  }

  get(datasetId: string): Dataset | undefined {
    return this.current().byId.get(datasetId)?.dataset;
  }

  schema(datasetId: string): DatasetSchema | undefined {
    return this.current().byId.get(datasetId)?.schema;
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
    this.rows.stop();
  }
}

/** The cluster's catalog, each dataset served from its live table. */
export function clusterCatalog(
  inner: LiveCatalog,
  tables: LiveTableNames,
  rows: PublishedCatalog,
): LiveCatalog {
  return new ClusterCatalog(inner, tables, rows);
}
