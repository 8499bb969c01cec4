import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { isoUtc } from '../ingest/files';
import { errorSummary, IngestError, ingestDataset } from '../ingest/ingest';
import type { CatalogOptions } from './catalog-api';
import type { Leftovers } from './leftovers';
import { buildDataset } from './metas';
import { attachmentsOf, type Planned } from './plan';
import type { DatasetProblems } from './problems';
import type { CatalogPublisher, ServedDataset } from './publish';
import type { ServedSet } from './served';
import { newVersionFile, type StoredDataset, type StoredFailure, writeFailure, writeManifest } from './store';

export interface SwapInContext {
  readonly options: CatalogOptions;
  readonly storeDir: string;
  /** The ingestion's scratch folder. */
  readonly tmpDir: string;
  readonly served: ServedSet;
  readonly problems: DatasetProblems;
  readonly publisher: CatalogPublisher;
  readonly leftovers: Leftovers;
}

/**
 * Ingests a planned dataset into a new version file and swaps it in: the view, then the manifest, then
 * the served set. A failure is recorded (a data failure stops serving the dataset; after a machine
 * failure the previous version stays).
 */
export async function swapIn(ctx: SwapInContext, plan: Planned): Promise<void> {
  const { options, storeDir, served, problems } = ctx;
  const descriptor = plan.entry.descriptor;
  const id = descriptor.dataset_id;
  const processedAt = isoUtc(new Date());
  const target = newVersionFile(storeDir, plan.table);
  await mkdir(join(storeDir, plan.table), { recursive: true });
  try {
    const ingested = await ingestDataset(options.ingest, descriptor, {
      table: plan.table,
      processedAt,
      tmpDir: ctx.tmpDir,
      target,
      log: options.log,
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
    const previous = served.find(id);
    await options.views.swap(plan.table, target, stored);
    try {
      await writeManifest(storeDir, stored);
    } catch (error) {
      await restoreView(options, plan.table, previous);
      throw error;
    }
    served.serve(stored, descriptor.visibility, plan.entry.origin);
    problems.cleared(id);
    if (previous && previous.stored.file !== target) {
      const old = previous.stored.file;
      ctx.leftovers.later(() => rm(old, { force: true }));
    }
    ctx.publisher.schedule();
  } catch (error) {
    await rm(target, { force: true }).catch(() => undefined);
    const kind = error instanceof IngestError ? error.kind : 'machine';
    const reason = errorSummary(error);
    const failure: StoredFailure = { datasetId: id, fingerprint: plan.fingerprint, reason, kind };
    problems.failures.set(id, failure);
    problems.report(plan.entry, reason, kind, true);
    await writeFailure(storeDir, plan.table, failure).catch(() => undefined);
    // Data that no longer loads is no longer served; after a machine failure the previous version stays.
    const previous = served.find(id);
    if (previous && kind === 'data') {
      await served.remove(previous);
      ctx.publisher.schedule();
    }
  }
}

/** Points the table's view back at the version served before a swap that could not be completed. */
async function restoreView(
  options: CatalogOptions,
  table: string,
  previous: ServedDataset | undefined,
): Promise<void> {
  try {
    if (previous) await options.views.swap(table, previous.stored.file, previous.stored);
    else await options.views.drop(table);
  } catch (error) {
    options.log.error(`dataset table ${table}: view not restored: ${errorSummary(error)}`);
  }
}
