import { mkdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { quoteIdent } from '../../odsql/compile/storage';
import type { DatasetSchema } from '../../odsql/schema';
import type { Engine } from '../engine/types';
import type { DatasetDescriptor } from '../ingest/descriptor';
import { type FileStamp, fileStamp, fingerprint, isoUtc, mimetypeOf } from '../ingest/files';
import { errorSummary, stageDataset } from '../ingest/ingest';
import type { Logger } from '../ingest/logger';
import { attachmentId, datasetUid, deduplicateNames, recordsTableName } from '../ingest/names';
import { CATALOG_SCHEMA, CATALOG_TABLE, writeCatalogTable } from './catalog-table';
import { buildDataset } from './metas';
import { withSortRanges } from './sort-ranges';
import { type CatalogEntry, type CatalogProblem, gatherEntries } from './sources';
import {
  commitDataset,
  dropStagingTables,
  ensureStore,
  existingTables,
  readFailures,
  readStore,
  removeDataset,
  type StoredDataset,
  writeFailures,
} from './store';
import type { Attachment, Dataset } from './types';

export type { CatalogProblem } from './sources';

export interface Catalog {
  /** Every dataset, sorted by dataset_id. */
  list(): readonly Dataset[];
  get(datasetId: string): Dataset | undefined;
  /** The ODSQL schema of a dataset's records. */
  schema(datasetId: string): DatasetSchema | undefined;
  /** Table with one row per dataset, laid out like records (odsql/compile/storage). */
  readonly catalogTable: string;
  readonly catalogSchema: DatasetSchema;
  /** Datasets left out at start-up, with the reason (also logged). */
  readonly problems: readonly CatalogProblem[];
}

export interface CatalogOptions {
  /** Holds `datasets/` (user descriptors) and `tmp/` (ingestion scratch files). */
  readonly dataDir: string;
  readonly log: Logger;
  /** Include the built-in datasets from vega-datasets (default true). */
  readonly includeDefault?: boolean;
}

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

async function stampsOf(descriptor: DatasetDescriptor): Promise<FileStamp[]> {
  const paths = [descriptor.source.path, ...(descriptor.join ? [descriptor.join.source.path] : [])];
  for (const attachment of descriptor.attachments) paths.push(attachment.path);
  return Promise.all(paths.map(fileStamp));
}

interface Planned {
  readonly entry: CatalogEntry;
  readonly table: string;
  readonly fingerprint: string;
  readonly sourceModified: string;
}

interface Failure {
  readonly datasetId: string;
  readonly fingerprint: string;
  readonly reason: string;
}

/** Collects the datasets left out, logging each one once. */
class Problems {
  readonly list: CatalogProblem[];
  /** Failed ingestions, remembered so that unchanged broken files are not read at every start. */
  readonly failures: Failure[] = [];

  constructor(
    private readonly log: Logger,
    initial: readonly CatalogProblem[],
  ) {
    this.list = [...initial];
  }

  skip(entry: CatalogEntry, reason: string, fingerprint?: string): void {
    const id = entry.descriptor.dataset_id;
    this.list.push({ origin: entry.origin, datasetId: id, reason });
    if (fingerprint) this.failures.push({ datasetId: id, fingerprint, reason });
    this.log.error(`dataset ${id} (${entry.origin}) skipped: ${reason}`);
  }
}

interface CatalogPlan {
  /** Unchanged datasets, served as stored. */
  readonly ready: Dataset[];
  /** Datasets to ingest. */
  readonly pending: Planned[];
}

/** Sorts the entries into unchanged (served as stored), to ingest, and known to fail. */
async function planCatalog(
  entries: readonly CatalogEntry[],
  known: {
    readonly stored: ReadonlyMap<string, StoredDataset>;
    readonly failures: ReadonlyMap<string, { fingerprint: string; reason: string }>;
    readonly tables: ReadonlySet<string>;
  },
  problems: Problems,
): Promise<CatalogPlan> {
  const tableOf = assignTables(entries);
  const ready: Dataset[] = [];
  const pending: Planned[] = [];
  for (const entry of entries) {
    const id = entry.descriptor.dataset_id;
    const table = tableOf.get(id) ?? recordsTableName(id);
    let stamps: FileStamp[];
    try {
      stamps = await stampsOf(entry.descriptor);
    } catch (error) {
      problems.skip(entry, errorSummary(error));
      continue;
    }
    const print = fingerprint(entry.json, stamps, table);
    const previous = known.stored.get(id);
    const failed = known.failures.get(id);
    if (previous && previous.fingerprint === print && known.tables.has(table)) {
      // The visibility is the descriptor's (part of the fingerprint); datasets stored before it existed
      // lack the key and are served as they are otherwise.
      ready.push({ ...previous.dataset, visibility: entry.descriptor.visibility });
    } else if (failed && failed.fingerprint === print) {
      problems.skip(entry, `${failed.reason} (unchanged since it failed)`, print);
    } else {
      const sourceModified = isoUtc(new Date(stamps[0]?.mtimeMs ?? Date.now()));
      pending.push({ entry, table, fingerprint: print, sourceModified });
    }
  }
  return { ready, pending };
}

/**
 * Opens the catalog: datasets whose descriptor and files are unchanged are served from the database as
 * they are; the others are ingested (set-based SQL, see ingest/records). A dataset that cannot be read is
 * logged with its reason and left out; the others still load.
 */
export async function openCatalog(engine: Engine, options: CatalogOptions): Promise<Catalog> {
  const started = Date.now();
  const datasetsDir = join(options.dataDir, 'datasets');
  await mkdir(datasetsDir, { recursive: true });
  await ensureStore(engine);
  const tables = await existingTables(engine);
  await dropStagingTables(engine, tables);
  const stored = await readStore(engine);
  const failures = await readFailures(engine);
  const gathered = await gatherEntries({
    datasetsDir,
    includeDefault: options.includeDefault ?? true,
    log: options.log,
  });
  const problems = new Problems(options.log, gathered.problems);
  const { ready, pending } = await planCatalog(gathered.entries, { stored, failures, tables }, problems);

  // Stored datasets not served as they are go; their tables too, unless a dataset to ingest reuses the name.
  const kept = new Set(ready.map((d) => d.dataset_id));
  const claimed = new Set([...ready.map((d) => d.table), ...pending.map((p) => p.table)]);
  const stale = [...stored.values()].filter((s) => !kept.has(s.datasetId));
  for (const old of stale) {
    await removeDataset(
      engine,
      old.datasetId,
      claimed.has(old.dataset.table) ? undefined : old.dataset.table,
    );
  }
  for (const plan of pending) {
    try {
      ready.push(await ingest(engine, plan, options));
    } catch (error) {
      problems.skip(plan.entry, errorSummary(error), plan.fingerprint);
      await engine.execute(`DROP TABLE IF EXISTS ${quoteIdent(plan.table)}`);
    }
  }
  const failuresChanged =
    problems.failures.length !== failures.size ||
    problems.failures.some((f) => failures.get(f.datasetId)?.fingerprint !== f.fingerprint);
  if (failuresChanged) await writeFailures(engine, problems.failures);
  if (pending.length > 0 || stale.length > 0) await engine.execute('CHECKPOINT');

  const datasets = ready.sort((a, b) =>
    a.dataset_id < b.dataset_id ? -1 : a.dataset_id > b.dataset_id ? 1 : 0,
  );
  await writeCatalogTable(engine, datasets);
  const schemas = new Map<string, DatasetSchema>();
  for (const d of datasets) schemas.set(d.dataset_id, await withSortRanges(engine, d, datasetSchema(d)));
  options.log.info(
    `catalog: ${datasets.length} datasets (${pending.length} ingested, ${problems.list.length} skipped) in ${Date.now() - started} ms`,
  );
  return catalogOf(datasets, schemas, problems.list);
}

async function ingest(engine: Engine, plan: Planned, options: CatalogOptions): Promise<Dataset> {
  const processedAt = isoUtc(new Date());
  const descriptor = plan.entry.descriptor;
  const staged = await stageDataset(engine, descriptor, {
    table: plan.table,
    processedAt,
    tmpDir: join(options.dataDir, 'tmp'),
    log: options.log,
  });
  const dataset = buildDataset({
    descriptor,
    table: plan.table,
    fields: staged.fields,
    stats: staged.stats,
    attachments: attachmentsOf(descriptor),
    processedAt,
    sourceModified: plan.sourceModified,
  });
  await commitDataset(engine, staged.stagingTable, dataset, plan.fingerprint);
  return dataset;
}

function catalogOf(
  datasets: readonly Dataset[],
  schemas: ReadonlyMap<string, DatasetSchema>,
  problems: readonly CatalogProblem[],
): Catalog {
  const byId = new Map(datasets.map((d) => [d.dataset_id, d]));
  return {
    list: () => datasets,
    get: (datasetId) => byId.get(datasetId),
    schema: (datasetId) => schemas.get(datasetId),
    catalogTable: CATALOG_TABLE,
    catalogSchema: CATALOG_SCHEMA,
    problems,
  };
}
