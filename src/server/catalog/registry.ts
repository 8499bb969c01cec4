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
import { type CatalogEntry, type CatalogProblem, gatherEntries } from './sources';
import {
  commitDataset,
  dropStagingTables,
  ensureStore,
  existingTables,
  readStore,
  removeDataset,
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

/**
 * Opens the catalog: datasets whose descriptor and files are unchanged are served from the database as
 * they are; the others are ingested (set-based SQL, see ingest/records). A dataset that cannot be read is
 * logged with its reason and left out; the others still load.
 */
export async function openCatalog(engine: Engine, options: CatalogOptions): Promise<Catalog> {
  const started = Date.now();
  const log = options.log;
  await mkdir(join(options.dataDir, 'datasets'), { recursive: true });
  await ensureStore(engine);
  const tables = await existingTables(engine);
  await dropStagingTables(engine, tables);
  const stored = await readStore(engine);
  const gathered = await gatherEntries({
    datasetsDir: join(options.dataDir, 'datasets'),
    includeDefault: options.includeDefault ?? true,
    log,
  });
  const problems: CatalogProblem[] = [...gathered.problems];
  const tableOf = assignTables(gathered.entries);

  const ready: Dataset[] = [];
  const pending: Planned[] = [];
  const fail = async (entry: CatalogEntry, error: unknown): Promise<void> => {
    const id = entry.descriptor.dataset_id;
    const reason = errorSummary(error);
    problems.push({ origin: entry.origin, datasetId: id, reason });
    log.error(`dataset ${id} (${entry.origin}) skipped: ${reason}`);
  };
  for (const entry of gathered.entries) {
    const id = entry.descriptor.dataset_id;
    const table = tableOf.get(id) ?? recordsTableName(id);
    let stamps: FileStamp[];
    try {
      stamps = await stampsOf(entry.descriptor);
    } catch (error) {
      await fail(entry, error);
      continue;
    }
    const print = fingerprint(entry.json, stamps, table);
    const previous = stored.get(id);
    if (previous && previous.fingerprint === print && tables.has(table)) {
      ready.push(previous.dataset);
      continue;
    }
    const sourceModified = isoUtc(new Date(stamps[0]?.mtimeMs ?? Date.now()));
    pending.push({ entry, table, fingerprint: print, sourceModified });
  }

  // Datasets served from the database keep their tables; everything else stored is dropped.
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
      await fail(plan.entry, error);
      // The previous version's records are out of date: they go too.
      await engine.execute(`DROP TABLE IF EXISTS ${quoteIdent(plan.table)}`);
    }
  }
  if (pending.length > 0 || stale.length > 0) await engine.execute('CHECKPOINT');

  const datasets = ready.sort((a, b) =>
    a.dataset_id < b.dataset_id ? -1 : a.dataset_id > b.dataset_id ? 1 : 0,
  );
  await writeCatalogTable(engine, datasets);
  log.info(
    `catalog: ${datasets.length} datasets (${pending.length} ingested, ${problems.length} skipped) in ${Date.now() - started} ms`,
  );
  return catalogOf(datasets, problems);
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

function catalogOf(datasets: readonly Dataset[], problems: readonly CatalogProblem[]): Catalog {
  const byId = new Map(datasets.map((d) => [d.dataset_id, d]));
  const schemas = new Map(datasets.map((d) => [d.dataset_id, datasetSchema(d)]));
  return {
    list: () => datasets,
    get: (datasetId) => byId.get(datasetId),
    schema: (datasetId) => schemas.get(datasetId),
    catalogTable: CATALOG_TABLE,
    catalogSchema: CATALOG_SCHEMA,
    problems,
  };
}
