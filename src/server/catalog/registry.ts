import { existsSync, type FSWatcher, watch } from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { deduplicateNames } from '../../layout/field-names';
import type { DatasetSchema } from '../../odsql';
import type { Engine } from '../engine/types';
import type { DatasetDescriptor } from '../ingest/descriptor';
import { type FileStamp, fingerprint, isoUtc, mimetypeOf } from '../ingest/files';
import { errorSummary, type FailureKind, IngestError, ingestDataset } from '../ingest/ingest';
import type { Logger } from '../ingest/logger';
import { attachmentId, datasetUid, recordsTableName } from '../ingest/names';
import { CATALOG_SCHEMA, CATALOG_TABLE, writeCatalogTable } from '../storage/catalog-table';
import type { IngestEngine } from '../storage/ingest-engine';
import type { RecordViews } from '../storage/views';
import { buildDataset } from './metas';
import { statFiles } from './read-files';
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
import type { Attachment, Dataset } from './types';

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
  /** The request engine's views of the records files. */
  readonly views: RecordViews;
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
/** Coalesces catalog table rebuilds while many datasets are ingested. */
const CATALOG_TABLE_DELAY_MS = 1_000;
/** Files looked at concurrently when scanning. */
/** Coalesces the notifications of a burst of file changes. */
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

/** One table per dataset; ids that only differ by `-`/`_` get the uid appended to stay apart. */
function assignTables(entries: readonly CatalogEntry[]): Map<string, string> {
  const tables = new Map<string, string>();
  const used = new Set<string>();
  const ids = entries.map((e) => e.descriptor.dataset_id).sort();
  for (const id of ids) {
    let table = recordsTableName(id);
    if (used.has(table)) table = `${table}_${datasetUid(id)}`;
    used.add(table);
    tables.set(id, table);
  }
  return tables;
}

function attachmentsOf(descriptor: DatasetDescriptor): Attachment[] {
  const ids = deduplicateNames(descriptor.attachments.map((a) => attachmentId(basename(a.path))));
  return descriptor.attachments.map((spec, i) => ({
    id: ids[i] ?? attachmentId(basename(spec.path)),
    title: spec.title ?? basename(spec.path),
    mimetype: spec.mimetype ?? mimetypeOf(spec.path),
    path: spec.path,
  }));
}

function filesOf(descriptor: DatasetDescriptor): string[] {
  const paths = [descriptor.source.path, ...(descriptor.join ? [descriptor.join.source.path] : [])];
  for (const attachment of descriptor.attachments) paths.push(attachment.path);
  return paths;
}

/** The stamps of every descriptor's files (read-files.ts: thousands of them), or why one is unreadable. */
async function stampsOfAll(descriptors: readonly DatasetDescriptor[]): Promise<(FileStamp[] | Error)[]> {
  const paths = descriptors.map(filesOf);
  const stats = await statFiles(paths.flat());
  let next = 0;
  return paths.map((list) => {
    const stamps: FileStamp[] = [];
    let problem: Error | undefined;
    for (const path of list) {
      const info = stats[next++]!;
      if (problem) continue;
      if (info instanceof Error) {
        const code = 'code' in info ? String(info.code) : 'unreadable';
        problem = new Error(`cannot read ${path} (${code})`);
      } else if (!info.isFile()) problem = new Error(`${path} is not a file`);
      else stamps.push({ path, size: info.size, mtimeMs: info.mtimeMs });
    }
    return problem ?? stamps;
  });
}

interface Planned {
  readonly entry: CatalogEntry;
  readonly table: string;
  readonly fingerprint: string;
  readonly sourceModified: string;
}

interface Served {
  readonly stored: StoredDataset;
  readonly dataset: Dataset;
}

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
  private sorted: readonly Dataset[] = [];
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
  private catalogTimer: ReturnType<typeof setTimeout> | undefined;
  private catalogWrite: Promise<void> = Promise.resolve();
  /** Duration of the last catalog table rebuild: rebuilds are spaced by a multiple of it. */
  private catalogWriteMs = 0;
  private scanning: Promise<void> | undefined;
  private scanAgain = false;
  private watcher: FSWatcher | undefined;
  private watchTimer: ReturnType<typeof setTimeout> | undefined;
  private rescanTimer: ReturnType<typeof setInterval> | undefined;
  private readonly oldFiles = new Set<ReturnType<typeof setTimeout>>();
  private closed = false;

  constructor(
    private readonly engine: Engine,
    private readonly options: CatalogOptions,
  ) {
    this.storeDir = storeDirOf(options.dataDir);
    this.datasetsDir = join(options.dataDir, 'datasets');
    this.tmpDir = join(options.dataDir, 'tmp', `ingest-${process.pid}`);
  }

  list(): readonly Dataset[] {
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

  /** Serves what is stored, then queues what changed. */
  async open(): Promise<void> {
    const started = Date.now();
    await mkdir(this.datasetsDir, { recursive: true });
    // Scratch files of interrupted runs (other live processes keep theirs).
    await removeScratchOfDeadProcesses(join(this.options.dataDir, 'tmp'));
    await mkdir(this.tmpDir, { recursive: true });
    if (existsSync(join(this.options.dataDir, 'explore.duckdb')))
      this.options.log.warn(
        `catalog: ${join(this.options.dataDir, 'explore.duckdb')} (the storage of earlier versions) is no longer read; records are now in ${this.storeDir}, and the file can be deleted`,
      );
    const store = await readStore(this.storeDir);
    for (const failure of store.failures.values()) {
      // Machine failures are tried again at each start.
      if (failure.kind === 'data') this.failures.set(failure.datasetId, failure);
    }
    const { entries, plans } = await this.scan(store.datasets);
    const claimed = new Set(entries.map((e) => e.table));
    const entryById = new Map(entries.map((e) => [e.id, e]));
    for (const stored of store.datasets.values()) {
      const entry = entryById.get(stored.datasetId);
      if (entry && entry.table === stored.dataset.table) {
        // Served as stored; when it changed, until its new version is swapped in.
        this.serve(stored, entry.visibility, false);
      }
    }
    // Sorted once (one insertion at a time copies the list each time: seconds at 10,000 datasets).
    this.sorted = [...this.served.values()].map((s) => s.dataset).sort(byId);
    // Folders of datasets that are gone (unless a dataset now uses that table name).
    for (const table of store.tables) if (!claimed.has(table)) await removeTable(this.storeDir, table);
    if (this.served.size <= (this.options.eagerViewsUpTo ?? EAGER_VIEWS_UP_TO))
      await this.options.views.createAll();
    await this.writeCatalogTableNow();
    for (const plan of plans) this.queue.set(plan.entry.descriptor.dataset_id, plan);
    this.options.log.info(
      `catalog: ${this.served.size} datasets served from ${this.storeDir} in ${Date.now() - started} ms, ${this.queue.size} to ingest`,
    );
    // Older versions left by an interrupted run, in the background.
    void this.sweep([...this.served.values()]);
    this.kick();
    this.follow();
  }

  /** Reads the descriptors and decides what to ingest; datasets whose descriptor is gone are removed. */
  private async scan(stored: ReadonlyMap<string, StoredDataset>): Promise<{
    entries: { id: string; table: string; visibility: Dataset['visibility'] }[];
    plans: Planned[];
  }> {
    const gathered = await gatherEntries({
      datasetsDir: this.datasetsDir,
      includeDefault: this.options.includeDefault ?? true,
      log:
        this.scanProblems.length === 0 ? this.options.log : quietAbout(this.options.log, this.scanProblems),
    });
    this.scanProblems = gathered.problems;
    const tableOf = assignTables(gathered.entries);
    const plans: Planned[] = [];
    const entries: { id: string; table: string; visibility: Dataset['visibility'] }[] = [];
    const present = new Set<string>();
    const stampsByEntry = await stampsOfAll(gathered.entries.map((e) => e.descriptor));
    for (const [index, entry] of gathered.entries.entries()) {
      const id = entry.descriptor.dataset_id;
      present.add(id);
      const table = tableOf.get(id) ?? recordsTableName(id);
      entries.push({ id, table, visibility: entry.descriptor.visibility });
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

  private serve(stored: StoredDataset, visibility: Dataset['visibility'], sort = true): void {
    // The visibility is the descriptor's (part of the fingerprint); manifests written before it existed
    // lack the key.
    const dataset = { ...stored.dataset, visibility };
    const replaced = this.served.has(stored.datasetId);
    this.served.set(stored.datasetId, { stored, dataset });
    this.options.views.register(dataset.table, stored.file);
    if (!sort) return;
    this.sorted = replaced
      ? this.sorted.map((d) => (d.dataset_id === dataset.dataset_id ? dataset : d))
      : insertSorted(this.sorted, dataset);
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
            if (entry.visibility !== served.dataset.visibility) {
              this.serve(served.stored, entry.visibility);
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
        if (changed) this.scheduleCatalogTable();
        this.kick();
      } while (this.scanAgain && !this.closed);
    })().finally(() => {
      this.scanning = undefined;
    });
    return this.scanning;
  }

  private async unserve(served: Served): Promise<void> {
    const { dataset } = served;
    this.served.delete(dataset.dataset_id);
    this.sorted = [...this.served.values()].map((s) => s.dataset).sort(byId);
    this.options.log.info(`dataset ${dataset.dataset_id}: descriptor removed, no longer served`);
    await this.options.views.drop(dataset.table);
    // Queries started before still read the file: remove the folder after the grace period.
    this.later(() => removeTable(this.storeDir, dataset.table));
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
    void this.flushCatalogTable().then(() => {
      if (this.running || this.queue.size > 0) return;
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const resolve of waiters) resolve();
    });
  }

  idle(): Promise<void> {
    if (!this.running && this.queue.size === 0 && !this.scanning && !this.catalogTimer)
      return this.catalogWrite;
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
      // The swap: the manifest on disk, then the view.
      await writeManifest(this.storeDir, stored);
      const previous = this.served.get(id);
      await this.options.views.swap(plan.table, target);
      this.serve(stored, descriptor.visibility);
      this.failures.delete(id);
      this.ingestProblems.delete(id);
      if (previous && previous.stored.file !== target) {
        const old = previous.stored.file;
        this.later(() => rm(old, { force: true }));
      }
      this.scheduleCatalogTable();
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
        this.sorted = [...this.served.values()].map((s) => s.dataset).sort(byId);
        await this.options.views.drop(previous.dataset.table);
        this.scheduleCatalogTable();
      }
    }
  }

  private scheduleCatalogTable(): void {
    if (this.catalogTimer) return;
    // While thousands of datasets are ingested, rebuilding takes a small share of the time.
    const delay = Math.max(CATALOG_TABLE_DELAY_MS, 20 * this.catalogWriteMs);
    this.catalogTimer = setTimeout(() => {
      this.catalogTimer = undefined;
      void this.writeCatalogTableNow();
    }, delay);
    this.catalogTimer.unref();
  }

  private async flushCatalogTable(): Promise<void> {
    if (this.catalogTimer) {
      clearTimeout(this.catalogTimer);
      this.catalogTimer = undefined;
      await this.writeCatalogTableNow();
    }
    await this.catalogWrite;
  }

  private writeCatalogTableNow(): Promise<void> {
    const datasets = this.sorted;
    this.catalogWrite = this.catalogWrite
      .then(async () => {
        const started = Date.now();
        await writeCatalogTable(this.engine, datasets);
        this.catalogWriteMs = Date.now() - started;
      })
      .catch((error: unknown) => this.options.log.error(`catalog table: ${errorSummary(error)}`));
    return this.catalogWrite;
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
    await this.scanning;
    await this.running;
    await this.flushCatalogTable();
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

/** Removes `<tmp>/ingest-<pid>` folders of processes that are gone. */
async function removeScratchOfDeadProcesses(tmp: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(tmp);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(/^ingest-(\d+)$/.exec(name)?.[1]);
    if (Number.isInteger(pid) && pid > 0 && (pid === process.pid || !isRunning(pid)))
      await rm(join(tmp, name), { recursive: true, force: true });
  }
}

/** A new sorted list with `dataset` inserted in dataset_id order. */
function insertSorted(list: readonly Dataset[], dataset: Dataset): Dataset[] {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (byId(list[middle]!, dataset) < 0) low = middle + 1;
    else high = middle;
  }
  return [...list.slice(0, low), dataset, ...list.slice(low)];
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
