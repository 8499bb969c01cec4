import { rm } from 'node:fs/promises';
import type { CatalogSink, CatalogTableEntry } from '../backend/catalog';
import {
  CatalogTableWriter,
  catalogTableLayout,
  loadCatalogTable,
  saveCatalogTable,
} from '../backend/local-engine';
import type { Engine } from '../engine/types';
import { errorSummary } from '../ingest/ingest';
import type { Logger } from '../ingest/logger';
import {
  newCatalogTableFile,
  removeOtherCatalogTables,
  type SavedCatalogTable,
  writeSnapshot,
} from './snapshot';
import type { StoredDataset } from './store';
import type { Dataset } from './types';

/*
 * Publishing what the catalog serves: the request engine's catalog table, its changed rows written after
 * changes (at most once a second, and less often when writing takes longer), and the snapshot a start
 * reads (snapshot.ts) with the table's Parquet copy, written when the served datasets changed: at once
 * when the catalog settles, and while datasets keep coming at most as often as its cost allows (each
 * writes every dataset: at 100,000 a write of the whole table rather than of the few rows that changed).
 */

/**
 * Where else the catalog's rows go once the catalog table is rebuilt: a cluster's catalog, shared by
 * the servers of the cluster (engine/clickhouse/shared-catalog.ts).
 */
export type { CatalogSink } from '../backend/catalog';

/** A dataset as served. */
export interface ServedDataset {
  readonly stored: StoredDataset;
  readonly dataset: Dataset;
  /** The descriptor it comes from: its file, or `built-in <id>`. */
  readonly origin: string;
}

/** What is served now, as the publisher reads it when it writes. */
export interface ServedState {
  readonly served: Iterable<ServedDataset>;
  /** Moves whenever the served datasets change. */
  readonly version: number;
  /** When the scan of the descriptors that the served datasets follow started. */
  readonly checkedAt: number;
}

function entryOf(served: ServedDataset): CatalogTableEntry {
  return { dataset: served.dataset, schema: served.stored.schema };
}

/** Coalesces catalog table writes while many datasets are ingested. */
const CATALOG_TABLE_DELAY_MS = 1_000;
/** While datasets keep coming, the snapshot is written at most this often (and its cost 5% of the time). */
const SNAPSHOT_EVERY_MS = 30_000;

export class CatalogPublisher {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private writing: Promise<void> = Promise.resolve();
  /** Duration of the last write of the table's rows: writes are spaced by a multiple of it. */
  private writeMs = 0;
  /** Duration of the last snapshot write, and when it ended. */
  private snapshotMs = 0;
  private snapshotAt = 0;
  private readonly table: CatalogTableWriter;
  /** The snapshot being written, if one is. */
  private snapshotting: Promise<void> | undefined;
  /** The served version the snapshot on disk holds. */
  private snapshotVersion = -1;

  constructor(
    private readonly engine: Engine,
    private readonly storeDir: string,
    private readonly log: Logger,
    private readonly current: () => ServedState,
    private readonly sink?: CatalogSink,
  ) {
    this.table = new CatalogTableWriter(engine);
  }

  /** A rebuild is waiting for its time. */
  get scheduled(): boolean {
    return this.timer !== undefined;
  }

  /** Notes that the snapshot on disk holds `version` (-1: write it at the next rebuild). */
  written(version: number): void {
    this.snapshotVersion = version;
  }

  schedule(): void {
    if (this.timer) return;
    // While thousands of datasets are ingested, each is listed within a second or two: a write waits at
    // most as long as the last one took (at 4 times, a written dataset waited 4.1 s to be listed at
    // 10,000 datasets on the loaded machine). Writes insert only the new rows, so writing more often
    // costs little more in all.
    const delay = Math.max(CATALOG_TABLE_DELAY_MS, this.writeMs);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.writeNow(false);
    }, delay);
    this.timer.unref();
  }

  /**
   * Runs a scheduled write now, the snapshot included (the catalog settles); resolves once every write
   * asked so far is done.
   */
  async flush(): Promise<void> {
    if (this.timer || this.snapshotVersion !== this.current().version) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = undefined;
      await this.writeNow(true);
    }
    await this.writing;
    await this.snapshotting;
  }

  /**
   * Writes the catalog table's changed rows, then the snapshot when the served datasets changed and it is
   * `settled` or its time has come.
   */
  writeNow(settled = true): Promise<void> {
    const state = this.current();
    const { version, checkedAt } = state;
    const served = [...state.served];
    const entries = served.map(entryOf);
    const due = settled || Date.now() - this.snapshotAt >= Math.max(SNAPSHOT_EVERY_MS, 20 * this.snapshotMs);
    const snapshot =
      version === this.snapshotVersion || !due
        ? undefined
        : served.map((s) => ({ stored: { ...s.stored, dataset: s.dataset }, origin: s.origin }));
    this.writing = this.writing
      .then(async () => {
        const started = Date.now();
        await this.table.write(entries);
        await this.sink?.publish(entries, (file) => saveCatalogTable(this.engine, file));
        this.writeMs = Date.now() - started;
        // The catalog settling writes its snapshot after the one being written; while datasets keep
        // coming, a snapshot being written is not waited for.
        if (settled) await this.snapshotting;
        if (snapshot && version > this.snapshotVersion && !this.snapshotting) {
          // The table's copy is saved now, as of this version; the snapshot's text is written while
          // the next rows are (it took seconds at 10,000 datasets, which waited to be listed meanwhile).
          const saving = Date.now();
          const table = await this.save();
          this.snapshotting = this.writeSnapshot(snapshot, checkedAt, table, version, saving).finally(() => {
            this.snapshotting = undefined;
          });
        }
      })
      .catch((error: unknown) => this.log.error(`catalog table: ${errorSummary(error)}`));
    return settled ? this.writing.then(() => this.snapshotting) : this.writing;
  }

  private async writeSnapshot(
    snapshot: Parameters<typeof writeSnapshot>[1],
    checkedAt: number,
    table: SavedCatalogTable | undefined,
    version: number,
    saving: number,
  ): Promise<void> {
    try {
      await writeSnapshot(this.storeDir, snapshot, checkedAt, table);
      await removeOtherCatalogTables(this.storeDir, table?.file);
      this.snapshotVersion = version;
      this.snapshotAt = Date.now();
      this.snapshotMs = this.snapshotAt - saving;
    } catch (error) {
      this.log.error(`catalog snapshot: ${errorSummary(error)}`);
    }
  }

  /** Loads the catalog table saved with the snapshot; false when there is none or it cannot be used. */
  async load(saved: SavedCatalogTable | undefined): Promise<boolean> {
    if (!saved || saved.layout !== catalogTableLayout()) return false;
    try {
      await loadCatalogTable(this.engine, saved.file);
      await this.table.adopt();
    } catch (error) {
      this.table.forget();
      this.log.warn(`catalog: saved catalog table not loaded (${errorSummary(error)}): built instead`);
      return false;
    }
    // The sink may not hold these rows (a new cluster): it publishes what it lacks.
    if (this.sink) {
      const entries = [...this.current().served].map(entryOf);
      await this.sink
        .publish(entries, (file) => saveCatalogTable(this.engine, file))
        .catch((error: unknown) => this.log.error(`catalog rows not published: ${errorSummary(error)}`));
    }
    return true;
  }

  /** Saves the catalog table beside the snapshot; undefined when it could not be. */
  private async save(): Promise<SavedCatalogTable | undefined> {
    const file = newCatalogTableFile(this.storeDir);
    try {
      await saveCatalogTable(this.engine, file);
      return { file, layout: catalogTableLayout() };
    } catch (error) {
      await rm(file, { force: true }).catch(() => undefined);
      this.log.warn(`catalog: catalog table not saved (${errorSummary(error)})`);
      return undefined;
    }
  }
}
