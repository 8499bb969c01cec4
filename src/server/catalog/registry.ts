import { existsSync, type FSWatcher, watch } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import type { DatasetSchema } from '../../odsql';
import type { Engine } from '../engine/types';
import { fingerprint, isoUtc } from '../ingest/files';
import { errorSummary, type FailureKind, IngestError, ingestDataset } from '../ingest/ingest';
import type { Logger } from '../ingest/logger';
import { recordsTableName } from '../ingest/names';
import { CATALOG_SCHEMA, CATALOG_TABLE } from '../storage/catalog-table';
import type { IngestEngine } from '../storage/ingest-engine';
import type { RecordTables } from '../storage/views';
import { buildDataset } from './metas';
import { assignTables, attachmentsOf, stampsOfAll } from './plan';
import { CatalogPublisher, type CatalogSink, type ServedDataset } from './publish';
import { statFiles } from './read-files';
import { removeTemporariesOfDeadProcesses } from './scratch';
import { readSnapshot } from './snapshot';
import { type CatalogEntry, type CatalogProblem, gatherEntries } from './sources';
import {
  newVersionFile,
  readStore,
  removeOtherVersions,
  removeTable,
  type StoredDataset,
  type StoredFailure,
  storeDirOf,
  writeFailure,
  writeManifest,
} from './store';
import type { Dataset } from './types';

export type { CatalogProblem } from './sources';

export interface Catalog {
  /** Every dataset, sorted by dataset_id. */
  list(): readonly Dataset[];
  /** The dataset (and its records view, created if needed before the next query runs). */
  get(datasetId: string): Dataset | undefined;
  /** The ODSQL schema of a dataset's records. */
  schema(datasetId: string): DatasetSchema | undefined;
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
const EAGER_VIEWS_UP_TO = 200;
/** An old records file is deleted this long after the swap: no query still reads it by then. */
const OLD_VERSION_GRACE_MS = 120_000;
/** Files looked at concurrently when scanning. */
/** The background check of a start from the snapshot begins at the latest this long after it. */
const CHECK_DELAY_MS = 10_000;
/** Coalesces the notifications of a burst of file changes. */
/**
 * A descriptor modified less than this before the snapshot's last scan counts as changed since
 * (file systems with coarse modification times).
 */
const MTIME_MARGIN_MS = 2_000;
const WATCH_DELAY_MS = 300;

export function datasetSchema(dataset: Dataset): DatasetSchema {
  return {
    fields: dataset.fields.map((f) => ({
      name: f.name,
      type: f.type,
      multivalued: f.annotations.multivalued !== undefined,
    })),
  };
}

interface Planned {
  readonly entry: CatalogEntry;
  readonly table: string;
  readonly fingerprint: string;
  readonly sourceModified: string;
}

/** What a scan found of one descriptor. */
interface ScannedEntry {
  readonly id: string;
  readonly table: string;
  readonly visibility: Dataset['visibility'];
  readonly origin: string;
}

type Served = ServedDataset;

const byId = (a: Dataset, b: Dataset): number =>
  a.dataset_id < b.dataset_id ? -1 : a.dataset_id > b.dataset_id ? 1 : 0;

/**
 * The catalog: datasets whose descriptor and files are unchanged are served from their stored records
 * file at once; the others are ingested one at a time in the background, each swapped in when complete.
 */
class CatalogState implements LiveCatalog {
  readonly catalogTable = CATALOG_TABLE;
  readonly catalogSchema = CATALOG_SCHEMA;
  readonly storeDir: string;
  private readonly datasetsDir: string;
  private readonly tmpDir: string;
  private readonly served = new Map<string, Served>();
  /** The served datasets sorted by id, made again on demand after a change (see `list`). */
  private sorted: readonly Dataset[] | undefined = [];
  private readonly failures = new Map<string, StoredFailure>();
  /** Descriptor problems of the last scan. */
  private scanProblems: readonly CatalogProblem[] = [];
  /** Failed ingestions (and unreadable files) by dataset id. */
  private readonly ingestProblems = new Map<string, CatalogProblem>();
  private readonly queue = new Map<string, Planned>();
  private running: Promise<void> | undefined;
  /** The ingestion running now. */
  private current: Planned | undefined;
  private idleWaiters: (() => void)[] = [];
  /** Moves whenever the served datasets change; the snapshot on disk is of `snapshotVersion`. */
  private servedVersion = 0;
  /** When the last scan started reading descriptors: the served datasets follow them as of then. */
  private scannedAt = 0;
  private scanning: Promise<void> | undefined;
  /** Starts the background check of a start from the snapshot, when it has not started yet. */
  private startCheck: (() => void) | undefined;
  private scanAgain = false;
  private watcher: FSWatcher | undefined;
  private watchTimer: ReturnType<typeof setTimeout> | undefined;
  private rescanTimer: ReturnType<typeof setInterval> | undefined;
  private readonly oldFiles = new Set<ReturnType<typeof setTimeout>>();
  private closed = false;
  /** The catalog table and the snapshot of what is served. */
  private readonly publisher: CatalogPublisher;

  constructor(
    readonly engine: Engine,
    private readonly options: CatalogOptions,
  ) {
    this.storeDir = storeDirOf(options.dataDir);
    this.datasetsDir = join(options.dataDir, 'datasets');
    this.tmpDir = join(options.dataDir, 'tmp', `ingest-${process.pid}`);
    this.publisher = new CatalogPublisher(
      engine,
      this.storeDir,
      options.log,
      () => ({
        served: this.served.values(),
        version: this.servedVersion,
        checkedAt: this.scannedAt,
      }),
      options.sink,
    );
  }

  list(): readonly Dataset[] {
    // Made on demand: keeping it sorted at each ingested dataset copied the whole list each time
    // (quadratic over a first ingestion of 100,000 datasets). Ingestion mostly serves them in id order.
    if (this.sorted === undefined) {
      const datasets = [...this.served.values()].map((s) => s.dataset);
      this.sorted = isSortedById(datasets) ? datasets : datasets.sort(byId);
    }
    return this.sorted;
  }

  get(datasetId: string): Dataset | undefined {
    const served = this.served.get(datasetId);
    if (served) this.options.views.want(served.dataset.table);
    return served?.dataset;
  }

  schema(datasetId: string): DatasetSchema | undefined {
    return this.served.get(datasetId)?.stored.schema;
  }

  get problems(): readonly CatalogProblem[] {
    return [...this.scanProblems, ...this.ingestProblems.values()];
  }

  /**
   * Serves what is stored, then queues what changed. With a snapshot (snapshot.ts), its datasets serve
   * at once and the descriptors, files and manifests are checked in the background; without one (first
   * start, older store), they are checked first.
   */
  async open(): Promise<void> {
    const started = Date.now();
    await mkdir(this.datasetsDir, { recursive: true });
    // Temporary names of interrupted writes (other live processes keep theirs; scratch folders were
    // removed before the engines opened, see open.ts).
    await removeTemporariesOfDeadProcesses(this.storeDir);
    await mkdir(this.tmpDir, { recursive: true });
    if (existsSync(join(this.options.dataDir, 'explore.duckdb')))
      this.options.log.warn(
        `catalog: ${join(this.options.dataDir, 'explore.duckdb')} (the storage of earlier versions) is no longer read; records are now in ${this.storeDir}, and the file can be deleted`,
      );
    const snapshot = readSnapshot(this.storeDir);
    if (!snapshot) {
      await this.reconcile(false);
      this.options.log.info(
        `catalog: ${this.served.size} datasets served from ${this.storeDir} in ${Date.now() - started} ms, ${this.queue.size} to ingest`,
      );
      this.kick();
      this.follow();
      return;
    }
    // A descriptor changed or removed since the snapshot's last scan (its visibility may be restricted
    // now) is not served from the snapshot: the check serves it as its descriptor says.
    const files = snapshot.datasets.map((d) => d.origin).filter((origin) => isAbsolute(origin));
    const stats = await statFiles(files);
    const changed = new Set(
      files.filter((_file, i) => {
        const info = stats[i]!;
        return info instanceof Error || info.mtimeMs >= snapshot.checkedAt - MTIME_MARGIN_MS;
      }),
    );
    const read = Date.now();
    for (const { stored, origin } of snapshot.datasets)
      if (!changed.has(origin)) this.serve(stored, stored.dataset.visibility, origin);
    this.sorted = undefined;
    this.publisher.written(this.servedVersion);
    // Counting the datasets held back: they are served once checked, as eagerly as the others.
    if (snapshot.datasets.length <= (this.options.eagerViewsUpTo ?? EAGER_VIEWS_UP_TO))
      await this.options.views.createAll();
    const tabled = Date.now();
    const loaded =
      changed.size === 0 && snapshot.complete && (await this.publisher.load(snapshot.catalogTable));
    // The datasets served follow the descriptors as of the snapshot's scan.
    this.scannedAt = snapshot.checkedAt;
    // Saved again with its table when it had none (an earlier version) or an unusable one.
    if (!loaded && changed.size === 0) this.publisher.written(-1);
    if (!loaded) await this.publisher.writeNow();
    this.options.log.info(
      `catalog: ${this.served.size} datasets served from the snapshot of ${this.storeDir} in ${Date.now() - started} ms (snapshot read in ${read - started} ms, catalog table ${loaded ? 'loaded' : 'built'} in ${Date.now() - tabled} ms); checking descriptors and files in the background${changed.size > 0 ? `; ${changed.size} whose descriptor changed since the snapshot serve once checked` : ''}`,
    );
    // The check waits until someone waits for it (the server, once it listens: its chunks of file reads
    // would slow the start) or CHECK_DELAY_MS at most.
    this.scanning = new Promise<void>((resolve) => {
      const timer = setTimeout(() => this.startCheck?.(), CHECK_DELAY_MS);
      timer.unref();
      this.startCheck = () => {
        clearTimeout(timer);
        this.startCheck = undefined;
        resolve();
      };
    })
      .then(async () => {
        if (this.closed) return;
        const checking = Date.now();
        await this.reconcile(true);
        this.options.log.info(
          `catalog: descriptors, files and manifests checked in ${Date.now() - checking} ms, ${this.queue.size} to ingest`,
        );
      })
      .catch((error: unknown) => this.options.log.error(`catalog: check failed: ${errorSummary(error)}`))
      .finally(() => {
        this.scanning = undefined;
        // Ingests what the check queued; with nothing to ingest, answers those waiting for idle().
        this.kick();
        if (this.scanAgain) void this.rescan();
      });
    this.follow();
  }

  /**
   * Makes the served catalog what the store's manifests and the descriptors say (`running`: it already
   * serves, from the snapshot, and may be answering requests), and queues what changed.
   */
  private async reconcile(running: boolean): Promise<void> {
    const store = await readStore(this.storeDir);
    for (const failure of store.failures.values()) {
      // Machine failures are tried again at each start.
      if (failure.kind === 'data') this.failures.set(failure.datasetId, failure);
    }
    const { entries, plans } = await this.scan(store.datasets);
    const claimed = new Set(entries.map((e) => e.table));
    const entryById = new Map(entries.map((e) => [e.id, e]));
    let changed = false;
    for (const served of [...this.served.values()]) {
      const entry = entryById.get(served.stored.datasetId);
      const stored = store.datasets.get(served.stored.datasetId);
      if (entry && entry.table === served.dataset.table && stored) continue;
      // Gone from the descriptors (its folder is removed), or its manifest is (it is ingested again).
      await this.unserve(served, entry === undefined);
      changed = true;
    }
    for (const stored of store.datasets.values()) {
      const entry = entryById.get(stored.datasetId);
      if (!entry || entry.table !== stored.dataset.table) continue;
      const current = this.served.get(stored.datasetId);
      if (
        current?.stored.file === stored.file &&
        current.stored.fingerprint === stored.fingerprint &&
        current.dataset.visibility === entry.visibility &&
        current.origin === entry.origin
      )
        continue;
      // Served as stored; when it changed, until its new version is swapped in.
      this.serve(stored, entry.visibility, entry.origin);
      if (running) await this.options.views.swap(stored.dataset.table, stored.file, stored);
      changed = true;
    }
    if (changed || !running) {
      this.sorted = undefined;
      this.servedVersion++;
    }
    // Folders of datasets that are gone (unless a dataset now uses that table name).
    for (const table of store.tables) if (!claimed.has(table)) await removeTable(this.storeDir, table);
    if (!running) {
      if (this.served.size <= (this.options.eagerViewsUpTo ?? EAGER_VIEWS_UP_TO))
        await this.options.views.createAll();
      await this.publisher.writeNow();
    } else if (changed) this.publisher.schedule();
    for (const plan of plans) this.queue.set(plan.entry.descriptor.dataset_id, plan);
    // Older versions left by an interrupted run, in the background.
    void this.sweep([...this.served.values()]);
  }

  /** Reads the descriptors and decides what to ingest; datasets whose descriptor is gone are removed. */
  private async scan(stored: ReadonlyMap<string, StoredDataset>): Promise<{
    entries: ScannedEntry[];
    plans: Planned[];
  }> {
    const scanStarted = Date.now();
    const gathered = await gatherEntries({
      datasetsDir: this.datasetsDir,
      includeDefault: this.options.includeDefault ?? true,
      log:
        this.scanProblems.length === 0 ? this.options.log : quietAbout(this.options.log, this.scanProblems),
    });
    this.scanProblems = gathered.problems;
    const tableOf = assignTables(gathered.entries);
    const plans: Planned[] = [];
    const entries: ScannedEntry[] = [];
    const present = new Set<string>();
    const stampsByEntry = await stampsOfAll(gathered.entries.map((e) => e.descriptor));
    for (const [index, entry] of gathered.entries.entries()) {
      const id = entry.descriptor.dataset_id;
      present.add(id);
      const table = tableOf.get(id) ?? recordsTableName(id);
      entries.push({ id, table, visibility: entry.descriptor.visibility, origin: entry.origin });
      const stamps = stampsByEntry[index] ?? new Error('not looked at');
      if (stamps instanceof Error) {
        this.problem(entry, errorSummary(stamps), 'data', !this.ingestProblems.has(id));
        continue;
      }
      const print = fingerprint(entry.json, stamps, table);
      const current = stored.get(id);
      const failed = this.failures.get(id);
      if (current && current.fingerprint === print) {
        this.ingestProblems.delete(id);
        continue;
      }
      if (failed && failed.fingerprint === print) {
        if (!this.ingestProblems.has(id))
          this.problem(entry, `${failed.reason} (unchanged since it failed)`, failed.kind, true);
        continue;
      }
      if (this.queue.get(id)?.fingerprint === print || this.current?.fingerprint === print) continue;
      const sourceModified = isoUtc(new Date(stamps[0]?.mtimeMs ?? Date.now()));
      plans.push({ entry, table, fingerprint: print, sourceModified });
    }
    for (const id of this.ingestProblems.keys()) if (!present.has(id)) this.ingestProblems.delete(id);
    for (const id of this.queue.keys()) if (!present.has(id)) this.queue.delete(id);
    this.scannedAt = scanStarted;
    return { entries, plans };
  }

  private problem(entry: CatalogEntry, reason: string, kind: FailureKind, log: boolean): void {
    const id = entry.descriptor.dataset_id;
    this.ingestProblems.set(id, { origin: entry.origin, datasetId: id, reason });
    if (!log) return;
    const what =
      kind === 'machine'
        ? 'machine failure: tried again at the next start'
        : 'data failure: kept until its files or descriptor change';
    this.options.log.error(`dataset ${id} (${entry.origin}) skipped: ${reason} [${what}]`);
  }

  private serve(stored: StoredDataset, visibility: Dataset['visibility'], origin: string): void {
    // The visibility is the descriptor's (part of the fingerprint); manifests written before it existed
    // lack the key.
    const dataset = { ...stored.dataset, visibility };
    this.served.set(stored.datasetId, { stored, dataset, origin });
    this.servedVersion++;
    this.sorted = undefined;
    this.options.views.register(dataset.table, stored.file, stored);
    // Past the eager size (a first ingestion of thousands), views are created on first use again.
    if (this.served.size > (this.options.eagerViewsUpTo ?? EAGER_VIEWS_UP_TO))
      this.options.views.createOnDemand?.();
  }

  async rescan(): Promise<void> {
    if (this.closed) return;
    if (this.scanning) {
      this.scanAgain = true;
      return this.scanning;
    }
    this.scanning = (async () => {
      do {
        this.scanAgain = false;
        const storedNow = new Map([...this.served.values()].map((s) => [s.stored.datasetId, s.stored]));
        const { entries, plans } = await this.scan(storedNow);
        const present = new Map(entries.map((e) => [e.id, e]));
        let changed = false;
        for (const served of [...this.served.values()]) {
          const entry = present.get(served.stored.datasetId);
          if (entry && entry.table === served.dataset.table) {
            if (entry.visibility !== served.dataset.visibility || entry.origin !== served.origin) {
              this.serve(served.stored, entry.visibility, entry.origin);
              changed = true;
            }
            continue;
          }
          await this.unserve(served);
          changed = true;
        }
        for (const plan of plans) {
          const id = plan.entry.descriptor.dataset_id;
          this.options.log.info(
            `dataset ${id}: ${this.served.has(id) ? 'changed' : 'added'}, queued for ingestion`,
          );
          this.queue.set(id, plan);
        }
        if (changed) this.publisher.schedule();
        this.kick();
      } while (this.scanAgain && !this.closed);
    })().finally(() => {
      this.scanning = undefined;
    });
    return this.scanning;
  }

  /** Stops serving a dataset; `removed`: its descriptor is gone, and so is its folder after a while. */
  private async unserve(served: Served, removed = true): Promise<void> {
    const { dataset } = served;
    this.served.delete(dataset.dataset_id);
    this.servedVersion++;
    this.sorted = undefined;
    this.options.log.info(
      `dataset ${dataset.dataset_id}: ${removed ? 'descriptor removed' : 'manifest missing, ingested again'}, no longer served`,
    );
    await this.options.views.drop(dataset.table);
    // Queries started before still read the file: remove the folder after the grace period.
    if (removed) this.later(() => removeTable(this.storeDir, dataset.table));
  }

  private later(work: () => Promise<void>): void {
    const timer = setTimeout(() => {
      this.oldFiles.delete(timer);
      void work().catch(() => undefined);
    }, OLD_VERSION_GRACE_MS);
    timer.unref();
    this.oldFiles.add(timer);
  }

  /** Starts the ingestion loop unless it runs. */
  private kick(): void {
    if (this.running || this.closed) return;
    if (this.queue.size === 0) {
      this.settle();
      return;
    }
    this.running = (async () => {
      while (this.queue.size > 0 && !this.closed) {
        const [id, plan] = this.queue.entries().next().value as [string, Planned];
        this.queue.delete(id);
        this.current = plan;
        await this.ingest(plan);
        this.current = undefined;
        // Lets requests run between datasets.
        await new Promise((resolve) => setImmediate(resolve));
      }
    })().finally(() => {
      this.running = undefined;
      if (this.queue.size > 0 && !this.closed) this.kick();
      else this.settle();
    });
  }

  private settle(): void {
    void this.publisher.flush().then(() => {
      if (this.running || this.queue.size > 0) return;
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const resolve of waiters) resolve();
    });
  }

  idle(): Promise<void> {
    this.startCheck?.();
    if (!this.running && this.queue.size === 0 && !this.scanning && !this.publisher.scheduled)
      return this.publisher.flush();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private async ingest(plan: Planned): Promise<void> {
    const descriptor = plan.entry.descriptor;
    const id = descriptor.dataset_id;
    const processedAt = isoUtc(new Date());
    const target = newVersionFile(this.storeDir, plan.table);
    await mkdir(join(this.storeDir, plan.table), { recursive: true });
    try {
      const ingested = await ingestDataset(this.options.ingest, descriptor, {
        table: plan.table,
        processedAt,
        tmpDir: this.tmpDir,
        target,
        log: this.options.log,
      });
      const dataset = buildDataset({
        descriptor,
        table: plan.table,
        fields: ingested.fields,
        stats: ingested.stats,
        attachments: attachmentsOf(descriptor),
        processedAt,
        sourceModified: plan.sourceModified,
      });
      const stored: StoredDataset = {
        datasetId: id,
        fingerprint: plan.fingerprint,
        file: target,
        dataset,
        schema: ingested.schema,
      };
      // The swap: the view, then the manifest on disk, so that a failed swap leaves the manifest naming
      // the previous version (whose file stays), never the new file that the failure handling deletes.
      const previous = this.served.get(id);
      await this.options.views.swap(plan.table, target, stored);
      try {
        await writeManifest(this.storeDir, stored);
      } catch (error) {
        await this.restoreView(plan.table, previous);
        throw error;
      }
      this.serve(stored, descriptor.visibility, plan.entry.origin);
      this.failures.delete(id);
      this.ingestProblems.delete(id);
      if (previous && previous.stored.file !== target) {
        const old = previous.stored.file;
        this.later(() => rm(old, { force: true }));
      }
      this.publisher.schedule();
    } catch (error) {
      await rm(target, { force: true }).catch(() => undefined);
      const kind = error instanceof IngestError ? error.kind : 'machine';
      const reason = errorSummary(error);
      const failure: StoredFailure = { datasetId: id, fingerprint: plan.fingerprint, reason, kind };
      this.failures.set(id, failure);
      this.problem(plan.entry, reason, kind, true);
      await writeFailure(this.storeDir, plan.table, failure).catch(() => undefined);
      // Data that no longer loads is no longer served; after a machine failure the previous version stays.
      const previous = this.served.get(id);
      if (previous && kind === 'data') {
        this.served.delete(id);
        this.servedVersion++;
        this.sorted = undefined;
        await this.options.views.drop(previous.dataset.table);
        this.publisher.schedule();
      }
    }
  }

  /** Points the table's view back at the version served before a swap that could not be completed. */
  private async restoreView(table: string, previous: Served | undefined): Promise<void> {
    try {
      if (previous) await this.options.views.swap(table, previous.stored.file, previous.stored);
      else await this.options.views.drop(table);
    } catch (error) {
      this.options.log.error(`dataset table ${table}: view not restored: ${errorSummary(error)}`);
    }
  }

  private async sweep(served: readonly Served[]): Promise<void> {
    for (const s of served) {
      if (this.closed) return;
      await removeOtherVersions(this.storeDir, s.dataset.table, s.stored.file, OLD_VERSION_GRACE_MS).catch(
        () => undefined,
      );
    }
  }

  /** Watches `datasets/` and rescans now and then (a watch can miss changes, e.g. on network disks). */
  private follow(): void {
    const onChange = (): void => {
      if (this.watchTimer) clearTimeout(this.watchTimer);
      this.watchTimer = setTimeout(() => {
        this.watchTimer = undefined;
        void this.rescan();
      }, WATCH_DELAY_MS);
      this.watchTimer.unref();
    };
    if (this.options.watch ?? true) {
      // Not recursive: descriptors sit directly in datasets/, and Node's recursive watch on Linux polls
      // every file below (thousands of timers); files elsewhere are caught by the periodic rescan.
      try {
        this.watcher = watch(this.datasetsDir, onChange);
      } catch (error) {
        this.options.log.warn(
          `catalog: cannot watch ${this.datasetsDir} (${errorSummary(error)}): periodic rescans only`,
        );
      }
      this.watcher?.on('error', () => undefined);
      this.watcher?.unref();
    }
    const every = this.options.rescanMs ?? 60_000;
    if (every > 0) {
      this.rescanTimer = setInterval(() => void this.rescan(), every);
      this.rescanTimer.unref();
    }
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.watcher?.close();
    if (this.watchTimer) clearTimeout(this.watchTimer);
    if (this.rescanTimer) clearInterval(this.rescanTimer);
    for (const timer of this.oldFiles) clearTimeout(timer);
    this.options.ingest.interrupt();
    this.startCheck?.();
    await this.scanning;
    await this.running;
    await this.publisher.flush();
  }
}

function isSortedById(list: readonly Dataset[]): boolean {
  for (let i = 1; i < list.length; i++) if (byId(list[i - 1]!, list[i]!) > 0) return false;
  return true;
}

/** A logger that does not repeat descriptor problems already reported by an earlier scan. */
function quietAbout(log: Logger, known: readonly CatalogProblem[]): Logger {
  const seen = new Set(known.map((p) => p.origin));
  return {
    info: (m) => log.info(m),
    warn: (m) => log.warn(m),
    error: (m) => {
      if (![...seen].some((origin) => m.includes(origin))) log.error(m);
    },
  };
}

/**
 * Opens the catalog: stored datasets serve at once; new and changed ones are ingested in the background
 * (see `LiveCatalog.idle`). A dataset that cannot be read is logged with its reason and left out.
 */
export async function openCatalog(engine: Engine, options: CatalogOptions): Promise<LiveCatalog> {
  const catalog = new CatalogState(engine, options);
  await catalog.open();
  return catalog;
}
