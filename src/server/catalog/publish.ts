import { rm } from 'node:fs/promises';
import type { Engine } from '../engine/types';
import { errorSummary } from '../ingest/ingest';
import type { Logger } from '../ingest/logger';
import {
  type CatalogTableEntry,
  catalogTableLayout,
  loadCatalogTable,
  saveCatalogTable,
  writeCatalogTable,
} from '../storage/catalog-table';
import {
  newCatalogTableFile,
  removeOtherCatalogTables,
  type SavedCatalogTable,
  snapshotEntry,
  writeSnapshot,
} from './snapshot';
import type { StoredDataset } from './store';
import type { Dataset } from './types';

/*
 * Publishing what the catalog serves: the request engine's catalog table, rebuilt after changes (at
 * most once a second, and less often when rebuilding takes longer), and the snapshot a start reads
 * (snapshot.ts) with the table's Parquet copy, written after a rebuild when the served datasets changed.
 */

/**
 * Where else the catalog's rows go once the catalog table is rebuilt: a cluster's catalog, shared by
 * the servers of the cluster (engine/clickhouse/shared-catalog.ts).
 */
export interface CatalogSink {
  /** Publishes the rows of `entries`; `save` writes the catalog table just rebuilt to a Parquet file. */
  publish(entries: readonly CatalogTableEntry[], save: (file: string) => Promise<void>): Promise<void>;
}

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

/** Coalesces catalog table rebuilds while many datasets are ingested. */
const CATALOG_TABLE_DELAY_MS = 1_000;

export class CatalogPublisher {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private writing: Promise<void> = Promise.resolve();
  /** Duration of the last rebuild: rebuilds are spaced by a multiple of it. */
  private writeMs = 0;
  /** The served version the snapshot on disk holds. */
  private snapshotVersion = -1;
  /** Snapshot entries (JSON text) of served datasets, made once each. */
  private readonly entries = new WeakMap<ServedDataset, string>();

  constructor(
    private readonly engine: Engine,
    private readonly storeDir: string,
    private readonly log: Logger,
    private readonly current: () => ServedState,
    private readonly sink?: CatalogSink,
  ) {}

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
    // While thousands of datasets are ingested, rebuilding takes a small share of the time.
    const delay = Math.max(CATALOG_TABLE_DELAY_MS, 20 * this.writeMs);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      void this.writeNow();
    }, delay);
    this.timer.unref();
  }

  /** Runs a scheduled rebuild now; resolves once every rebuild asked so far is done. */
  async flush(): Promise<void> {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
      await this.writeNow();
    }
    await this.writing;
  }

  /** Rebuilds the catalog table, then writes the snapshot when the served datasets changed. */
  writeNow(): Promise<void> {
    const state = this.current();
    const { version, checkedAt } = state;
    const served = [...state.served];
    const entries = served.map(entryOf);
    const snapshot = version === this.snapshotVersion ? undefined : this.snapshotEntries(served);
    this.writing = this.writing
      .then(async () => {
        const started = Date.now();
        await writeCatalogTable(this.engine, entries);
        await this.sink?.publish(entries, (file) => saveCatalogTable(this.engine, file));
        if (snapshot && version > this.snapshotVersion) {
          const table = await this.save();
          await writeSnapshot(this.storeDir, snapshot, checkedAt, table);
          await removeOtherCatalogTables(this.storeDir, table?.file);
          this.snapshotVersion = version;
        }
        this.writeMs = Date.now() - started;
      })
      .catch((error: unknown) => this.log.error(`catalog table: ${errorSummary(error)}`));
    return this.writing;
  }

  /** Loads the catalog table saved with the snapshot; false when there is none or it cannot be used. */
  async load(saved: SavedCatalogTable | undefined): Promise<boolean> {
    if (!saved || saved.layout !== catalogTableLayout()) return false;
    try {
      await loadCatalogTable(this.engine, saved.file);
    } catch (error) {
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

  /** The snapshot's entries of the served datasets, each made once per served version. */
  private snapshotEntries(served: Iterable<ServedDataset>): string[] {
    return [...served].map((s) => {
      let entry = this.entries.get(s);
      if (entry === undefined) {
        entry = snapshotEntry(this.storeDir, { ...s.stored, dataset: s.dataset }, s.origin);
        this.entries.set(s, entry);
      }
      return entry;
    });
  }
}
