import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import { isAbsolute, join } from 'node:path';
import type { DatasetSchema } from '../../odsql';
import { CATALOG_SCHEMA, CATALOG_TABLE } from '../backend/catalog-layout';
import type { Engine } from '../engine/types';
import { errorSummary } from '../ingest/ingest';
import { type CatalogOptions, EAGER_VIEWS_UP_TO, type LiveCatalog } from './catalog-api';
import { IngestionQueue } from './ingestion-queue';
import { Leftovers } from './leftovers';
import { DatasetProblems } from './problems';
import { CatalogPublisher } from './publish';
import { statFiles } from './read-files';
import { type ReconcileContext, reconcileStore, rescanPass } from './reconcile';
import { removeTemporariesOfDeadProcesses } from './scratch';
import { ServedSet } from './served';
import { readSnapshot } from './snapshot';
import type { CatalogProblem } from './sources';
import { storeDirOf } from './store';
import { swapIn } from './swap-in';
import type { Dataset } from './types';
import { DescriptorWatcher } from './watcher';

export type { Catalog, CatalogOptions, LiveCatalog } from './catalog-api';
export type { CatalogProblem } from './sources';

/** The background check of a start from the snapshot begins at the latest this long after it. */
const CHECK_DELAY_MS = 10_000;
/**
 * A descriptor modified less than this before the snapshot's last scan counts as changed since
 * (file systems with coarse modification times).
 */
const MTIME_MARGIN_MS = 2_000;

/**
 * The catalog: datasets whose descriptor and files are unchanged are served from their stored records
 * file at once (served.ts); the others are ingested one at a time in the background (ingestion-queue.ts,
 * swap-in.ts), each swapped in when complete; the descriptors are followed (watcher.ts, reconcile.ts).
 */
class CatalogState implements LiveCatalog {
  readonly catalogTable = CATALOG_TABLE;
  readonly catalogSchema = CATALOG_SCHEMA;
  readonly storeDir: string;
  private readonly datasetsDir: string;
  /** The ingestion's scratch folder. */
  private readonly tmpDir: string;
  private readonly served: ServedSet;
  private readonly problemsOf: DatasetProblems;
  private readonly queue: IngestionQueue;
  private readonly leftovers: Leftovers;
  private readonly watcher: DescriptorWatcher;
  /** The catalog table and the snapshot of what is served. */
  private readonly publisher: CatalogPublisher;
  private readonly reconciling: ReconcileContext;
  private readonly eagerUpTo: number;
  private idleWaiters: (() => void)[] = [];
  /** When the last scan started reading descriptors: the served datasets follow them as of then. */
  private scannedAt = 0;
  private scanning: Promise<void> | undefined;
  /** Starts the background check of a start from the snapshot, when it has not started yet. */
  private startCheck: (() => void) | undefined;
  private scanAgain = false;
  private closed = false;

  constructor(
    readonly engine: Engine,
    private readonly options: CatalogOptions,
  ) {
    this.storeDir = storeDirOf(options.dataDir);
    this.datasetsDir = join(options.dataDir, 'datasets');
    this.tmpDir = join(options.dataDir, 'tmp', `ingest-${process.pid}`);
    this.eagerUpTo = options.eagerViewsUpTo ?? EAGER_VIEWS_UP_TO;
    this.served = new ServedSet(options.views, this.eagerUpTo);
    this.problemsOf = new DatasetProblems(options.log);
    this.leftovers = new Leftovers(this.storeDir);
    this.publisher = new CatalogPublisher(
      engine,
      this.storeDir,
      options.log,
      () => ({ served: this.served.values(), version: this.served.version, checkedAt: this.scannedAt }),
      options.sink,
    );
    const context = {
      options,
      storeDir: this.storeDir,
      tmpDir: this.tmpDir,
      served: this.served,
      problems: this.problemsOf,
      publisher: this.publisher,
      leftovers: this.leftovers,
    };
    this.queue = new IngestionQueue(
      (plan) => swapIn(context, plan),
      () => this.settle(),
    );
    this.reconciling = {
      ...context,
      queue: this.queue,
      eagerUpTo: this.eagerUpTo,
      scanned: (startedAt) => {
        this.scannedAt = startedAt;
      },
    };
    this.watcher = new DescriptorWatcher(this.datasetsDir, () => this.rescan());
  }

  list(): readonly Dataset[] {
    return this.served.list();
  }

  get(datasetId: string): Dataset | undefined {
    return this.served.get(datasetId);
  }

  schema(datasetId: string): DatasetSchema | undefined {
    return this.served.schema(datasetId);
  }

  datasetOfTable(table: string): Dataset | undefined {
    return this.served.datasetOfTable(table);
  }

  get problems(): readonly CatalogProblem[] {
    return this.problemsOf.all();
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
      await reconcileStore(this.reconciling, false);
      this.options.log.info(
        `catalog: ${this.served.size} datasets served from ${this.storeDir} in ${Date.now() - started} ms, ${this.queue.size} to ingest`,
      );
      this.queue.kick();
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
      if (!changed.has(origin)) this.served.serve(stored, stored.dataset.visibility, origin);
    this.publisher.written(this.served.version);
    // Counting the datasets held back: they are served once checked, as eagerly as the others.
    if (snapshot.datasets.length <= this.eagerUpTo) await this.options.views.createAll();
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
        await reconcileStore(this.reconciling, true);
        this.options.log.info(
          `catalog: descriptors, files and manifests checked in ${Date.now() - checking} ms, ${this.queue.size} to ingest`,
        );
      })
      .catch((error: unknown) => this.options.log.error(`catalog: check failed: ${errorSummary(error)}`))
      .finally(() => {
        this.scanning = undefined;
        // Ingests what the check queued; with nothing to ingest, answers those waiting for idle().
        this.queue.kick();
        if (this.scanAgain) void this.rescan();
      });
    this.follow();
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
        await rescanPass(this.reconciling);
        this.queue.kick();
      } while (this.scanAgain && !this.closed);
    })().finally(() => {
      this.scanning = undefined;
    });
    return this.scanning;
  }

  /** The queue ran dry: the catalog table and snapshot are written, then those waiting for idle() go. */
  private settle(): void {
    void this.publisher.flush().then(() => {
      if (this.queue.busy) return;
      const waiters = this.idleWaiters;
      this.idleWaiters = [];
      for (const resolve of waiters) resolve();
    });
  }

  idle(): Promise<void> {
    this.startCheck?.();
    if (!this.queue.busy && !this.scanning && !this.publisher.scheduled) return this.publisher.flush();
    return new Promise((resolve) => this.idleWaiters.push(resolve));
  }

  private follow(): void {
    this.watcher.start({
      ...(this.options.watch === undefined ? {} : { watch: this.options.watch }),
      rescanMs: this.options.rescanMs ?? 60_000,
      log: this.options.log,
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.watcher.close();
    this.leftovers.close();
    this.queue.close();
    this.options.ingest.interrupt();
    this.startCheck?.();
    await this.scanning;
    await this.queue.finished();
    await this.publisher.flush();
  }
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
