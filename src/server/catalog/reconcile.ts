import { join } from 'node:path';
import { fingerprint, isoUtc } from '../ingest/files';
import { errorSummary } from '../ingest/ingest';
import { recordsTableName } from '../ingest/names';
import type { CatalogOptions } from './catalog-api';
import type { IngestionQueue } from './ingestion-queue';
import type { Leftovers } from './leftovers';
import { assignTables, type Planned, stampsOfAll } from './plan';
import type { DatasetProblems } from './problems';
import type { CatalogPublisher } from './publish';
import type { ServedSet } from './served';
import { gatherEntries } from './sources';
import { readStore, removeTable, type StoredDataset } from './store';
import type { Dataset } from './types';

/** What a scan found of one descriptor. */
interface ScannedEntry {
  readonly id: string;
  readonly table: string;
  readonly visibility: Dataset['visibility'];
  readonly origin: string;
}

export interface ReconcileContext {
  readonly options: CatalogOptions;
  readonly storeDir: string;
  readonly served: ServedSet;
  readonly problems: DatasetProblems;
  readonly queue: IngestionQueue;
  readonly publisher: CatalogPublisher;
  readonly leftovers: Leftovers;
  /** Past this many datasets, views are created on first use. */
  readonly eagerUpTo: number;
  /** A scan that started reading descriptors at `startedAt` is done: the served set follows it. */
  scanned(startedAt: number): void;
}

/**
 * Reads the descriptors and the stores' manifests, makes the served set follow them and queues what
 * changed: at a start (`reconcileStore`), and whenever the descriptors may have changed (`rescanPass`).
 */

/**
 * Makes the served catalog what the store's manifests and the descriptors say (`running`: it already
 * serves, from the snapshot, and may be answering requests), and queues what changed.
 */
export async function reconcileStore(ctx: ReconcileContext, running: boolean): Promise<void> {
  const { options, served, publisher } = ctx;
  const store = await readStore(ctx.storeDir);
  for (const failure of store.failures.values()) {
    // Machine failures are tried again at each start.
    if (failure.kind === 'data') ctx.problems.failures.set(failure.datasetId, failure);
  }
  const { entries, plans } = await scan(ctx, store.datasets);
  const claimed = new Set(entries.map((e) => e.table));
  const entryById = new Map(entries.map((e) => [e.id, e]));
  let changed = false;
  for (const s of [...served.values()]) {
    const entry = entryById.get(s.stored.datasetId);
    const stored = store.datasets.get(s.stored.datasetId);
    if (entry && entry.table === s.dataset.table && stored) continue;
    // Gone from the descriptors (its folder is removed), or its manifest is (it is ingested again).
    await unserve(ctx, s.stored.datasetId, entry === undefined);
    changed = true;
  }
  for (const stored of store.datasets.values()) {
    const entry = entryById.get(stored.datasetId);
    if (!entry || entry.table !== stored.dataset.table) continue;
    const current = served.find(stored.datasetId);
    if (
      current?.stored.file === stored.file &&
      current.stored.fingerprint === stored.fingerprint &&
      current.dataset.visibility === entry.visibility &&
      current.origin === entry.origin
    )
      continue;
    // Served as stored; when it changed, until its new version is swapped in.
    served.serve(stored, entry.visibility, entry.origin);
    if (running) await options.views.swap(stored.dataset.table, stored.file, stored);
    changed = true;
  }
  if (changed || !running) served.changed();
  // Folders of datasets that are gone (unless a dataset now uses that table name).
  for (const table of store.tables) if (!claimed.has(table)) await removeTable(ctx.storeDir, table);
  if (!running) {
    if (served.size <= ctx.eagerUpTo) await options.views.createAll();
    await publisher.writeNow();
  } else if (changed) publisher.schedule();
  for (const plan of plans) ctx.queue.set(plan);
  // Older versions left by an interrupted run, in the background.
  void ctx.leftovers.sweep([...served.values()]);
}

/**
 * Reads the descriptors again and follows them: datasets whose descriptor is gone stop being served,
 * a changed visibility or origin is served at once, changed datasets are queued.
 */
export async function rescanPass(ctx: ReconcileContext): Promise<void> {
  const { served } = ctx;
  const storedNow = new Map(Array.from(served.values(), (s) => [s.stored.datasetId, s.stored]));
  const { entries, plans } = await scan(ctx, storedNow);
  const present = new Map(entries.map((e) => [e.id, e]));
  let changed = false;
  for (const s of [...served.values()]) {
    const entry = present.get(s.stored.datasetId);
    if (entry && entry.table === s.dataset.table) {
      if (entry.visibility !== s.dataset.visibility || entry.origin !== s.origin) {
        served.serve(s.stored, entry.visibility, entry.origin);
        changed = true;
      }
      continue;
    }
    await unserve(ctx, s.stored.datasetId);
    changed = true;
  }
  for (const plan of plans) {
    const id = plan.entry.descriptor.dataset_id;
    ctx.options.log.info(`dataset ${id}: ${served.has(id) ? 'changed' : 'added'}, queued for ingestion`);
    ctx.queue.set(plan);
  }
  if (changed) ctx.publisher.schedule();
}

/** Reads the descriptors and decides what to ingest. */
async function scan(
  ctx: ReconcileContext,
  stored: ReadonlyMap<string, StoredDataset>,
): Promise<{ entries: ScannedEntry[]; plans: Planned[] }> {
  const { problems, queue } = ctx;
  const startedAt = Date.now();
  const gathered = await gatherEntries({
    datasetsDir: join(ctx.options.dataDir, 'datasets'),
    includeDefault: ctx.options.includeDefault ?? true,
    log: problems.scanLog(),
  });
  problems.scan = gathered.problems;
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
      problems.report(entry, errorSummary(stamps), 'data', !problems.ingest.has(id));
      continue;
    }
    const print = fingerprint(entry.json, stamps, table);
    const current = stored.get(id);
    const failed = problems.failures.get(id);
    if (current && current.fingerprint === print) {
      problems.ingest.delete(id);
      continue;
    }
    if (failed && failed.fingerprint === print) {
      if (!problems.ingest.has(id))
        problems.report(entry, `${failed.reason} (unchanged since it failed)`, failed.kind, true);
      continue;
    }
    if (queue.holds(id, print)) continue;
    const sourceModified = isoUtc(new Date(stamps[0]?.mtimeMs ?? Date.now()));
    plans.push({ entry, table, fingerprint: print, sourceModified });
  }
  for (const id of problems.ingest.keys()) if (!present.has(id)) problems.ingest.delete(id);
  queue.keepOnly(present);
  ctx.scanned(startedAt);
  return { entries, plans };
}

/** Stops serving a dataset; `removed`: its descriptor is gone, and so is its folder after a while. */
async function unserve(ctx: ReconcileContext, datasetId: string, removed = true): Promise<void> {
  const s = ctx.served.find(datasetId);
  if (!s) return;
  const { dataset } = s;
  ctx.options.log.info(
    `dataset ${dataset.dataset_id}: ${removed ? 'descriptor removed' : 'manifest missing, ingested again'}, no longer served`,
  );
  await ctx.served.remove(s);
  // Queries started before still read the file: remove the folder after the grace period.
  if (removed) ctx.leftovers.later(() => removeTable(ctx.storeDir, dataset.table));
}
