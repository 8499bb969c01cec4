import type { DatasetSchema } from '../../odsql';
import type { RecordTables } from '../backend/tables';
import type { ServedDataset } from './publish';
import type { StoredDataset } from './store';
import type { Dataset } from './types';

const byId = (a: Dataset, b: Dataset): number =>
  a.dataset_id < b.dataset_id ? -1 : a.dataset_id > b.dataset_id ? 1 : 0;

/**
 * The datasets served now, each with the view of its records file: what requests read. `version` moves
 * at each change (the publisher writes the catalog table and the snapshot as of a version).
 */
export class ServedSet {
  private readonly byId = new Map<string, ServedDataset>();
  private readonly byTable = new Map<string, Dataset>();
  /** The served datasets sorted by id, made again on demand after a change (see `list`). */
  private sorted: readonly Dataset[] | undefined = [];
  private changes = 0;

  constructor(
    private readonly views: RecordTables,
    /** Past this many datasets, views are created on first use. */
    private readonly eagerUpTo: number,
  ) {}

  get version(): number {
    return this.changes;
  }

  get size(): number {
    return this.byId.size;
  }

  has(datasetId: string): boolean {
    return this.byId.has(datasetId);
  }

  /** The dataset as served, without asking for its view. */
  find(datasetId: string): ServedDataset | undefined {
    return this.byId.get(datasetId);
  }

  values(): IterableIterator<ServedDataset> {
    return this.byId.values();
  }

  list(): readonly Dataset[] {
    // Made on demand: keeping it sorted at each ingested dataset copied the whole list each time
    // (quadratic over a first ingestion of 100,000 datasets). Ingestion mostly serves them in id order.
    if (this.sorted === undefined) {
      const datasets = Array.from(this.byId.values(), (s) => s.dataset);
      this.sorted = isSortedById(datasets) ? datasets : datasets.sort(byId);
    }
    return this.sorted;
  }

  get(datasetId: string): Dataset | undefined {
    const served = this.byId.get(datasetId);
    if (served) this.views.want(served.dataset.table);
    return served?.dataset;
  }

  datasetOfTable(table: string): Dataset | undefined {
    return this.byTable.get(table);
  }

  schema(datasetId: string): DatasetSchema | undefined {
    return this.byId.get(datasetId)?.stored.schema;
  }

  /** Serves `stored` (its view registered, not created: see RecordTables). */
  serve(stored: StoredDataset, visibility: Dataset['visibility'], origin: string): void {
    // The visibility is the descriptor's (part of the fingerprint); manifests written before it existed
    // lack the key.
    const dataset = { ...stored.dataset, visibility };
    const before = this.byId.get(stored.datasetId);
    if (before) this.byTable.delete(before.dataset.table);
    this.byId.set(stored.datasetId, { stored, dataset, origin });
    this.byTable.set(dataset.table, dataset);
    this.changed();
    this.views.register(dataset.table, stored.file, stored);
    // Past the eager size (a first ingestion of thousands), views are created on first use again.
    if (this.byId.size > this.eagerUpTo) this.views.createOnDemand?.();
  }

  /** Stops serving the dataset and drops its view. */
  async remove(served: ServedDataset): Promise<void> {
    this.byId.delete(served.stored.datasetId);
    if (this.byTable.get(served.dataset.table)?.dataset_id === served.stored.datasetId)
      this.byTable.delete(served.dataset.table);
    this.changed();
    await this.views.drop(served.dataset.table);
  }

  /** Counts a change made elsewhere (the served set is published again). */
  changed(): void {
    this.changes++;
    this.sorted = undefined;
  }
}

function isSortedById(list: readonly Dataset[]): boolean {
  for (let i = 1; i < list.length; i++) if (byId(list[i - 1]!, list[i]!) > 0) return false;
  return true;
}
