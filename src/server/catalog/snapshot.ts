import { existsSync, readFileSync } from 'node:fs';
import { open, readdir, rename, rm } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { manifestOf, type StoredDataset, storedOf, tableDir } from './store';

/*
 * The catalog snapshot, `<DATA_DIR>/store/catalog.json`: every served dataset's manifest in one file,
 * written when the served catalog changes. A start reads it instead of thousands of manifests and
 * descriptors, serves at once, and checks the descriptors, files and manifests in the background (the
 * manifests stay the storage of record: a snapshot older than them is corrected by that check). Beside
 * it, `catalog-<version>.parquet` keeps the catalog table of the same datasets, loaded instead of built.
 */

const SNAPSHOT = 'catalog.json';
/** Bumped when the snapshot's shape changes: an older one is ignored (the manifests are read instead). */
const SNAPSHOT_FORMAT = 1;

export function snapshotPath(storeDir: string): string {
  return join(storeDir, SNAPSHOT);
}

/** A copy of the catalog table saved with a snapshot (engine/duckdb/catalog-table.ts). */
export interface SavedCatalogTable {
  /** Absolute path of the Parquet file. */
  readonly file: string;
  /** The table's layout when it was saved (`catalogTableLayout`). */
  readonly layout: string;
}

/** A snapshot: its datasets, and when the scan of the descriptors they follow started. */
export interface Snapshot {
  readonly checkedAt: number;
  readonly datasets: readonly { readonly stored: StoredDataset; readonly origin: string }[];
  /** Every dataset of the snapshot is in `datasets` (none of their records files is missing). */
  readonly complete: boolean;
  /** The catalog table of exactly these datasets, when it was saved. */
  readonly catalogTable: SavedCatalogTable | undefined;
}

const CATALOG_TABLE_FILE = /^catalog-[0-9a-z]+\.parquet$/;

/** A new name for a saved catalog table, in the store's folder. */
export function newCatalogTableFile(storeDir: string): string {
  return join(
    storeDir,
    `catalog-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}.parquet`,
  );
}

/** Removes the saved catalog tables other than `keep`. */
export async function removeOtherCatalogTables(storeDir: string, keep: string | undefined): Promise<void> {
  for (const name of await readdir(storeDir)) {
    const path = join(storeDir, name);
    if (CATALOG_TABLE_FILE.test(name) && path !== keep) await rm(path, { force: true });
  }
}

/** The served datasets of the last snapshot, or undefined when there is none (or it cannot be used). */
export function readSnapshot(storeDir: string): Snapshot | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(snapshotPath(storeDir), 'utf8'));
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { format, checkedAt, datasets, catalogTable } = parsed as {
    format?: unknown;
    checkedAt?: unknown;
    datasets?: unknown;
    catalogTable?: { file?: unknown; layout?: unknown };
  };
  if (format !== SNAPSHOT_FORMAT || typeof checkedAt !== 'number' || !Array.isArray(datasets))
    return undefined;
  const found: { stored: StoredDataset; origin: string }[] = [];
  for (const entry of datasets) {
    const { dataset, origin } = (entry ?? {}) as { dataset?: { table?: unknown }; origin?: unknown };
    if (typeof dataset?.table !== 'string' || typeof origin !== 'string') continue;
    const stored = storedOf(tableDir(storeDir, dataset.table), entry);
    // A records file removed since (by hand, or by another process): the background check re-ingests it.
    if (stored && existsSync(stored.file)) found.push({ stored, origin });
  }
  const table =
    typeof catalogTable?.file === 'string' &&
    typeof catalogTable.layout === 'string' &&
    CATALOG_TABLE_FILE.test(catalogTable.file)
      ? { file: join(storeDir, catalogTable.file), layout: catalogTable.layout }
      : undefined;
  return { checkedAt, datasets: found, complete: found.length === datasets.length, catalogTable: table };
}

/** A dataset's entry of the snapshot: its manifest and descriptor as JSON text. */
export function snapshotEntry(storeDir: string, dataset: StoredDataset, origin: string): string {
  return JSON.stringify({ ...manifestOf(storeDir, dataset), origin });
}

/** Entries serialised and written at a time: the event loop is never held long, nor the whole text. */
const ENTRIES_PER_WRITE = 500;

/**
 * Writes the snapshot of `datasets` (`snapshotEntry` each) to a temporary file a slice of entries at a
 * time, then renames it: at 100,000 datasets the whole text (about 185 MB) was one string, and the
 * entries kept to join it as much again on the heap. `checkedAt`: when the scan of the descriptors that
 * the entries follow started.
 */
export async function writeSnapshot(
  storeDir: string,
  datasets: readonly { readonly stored: StoredDataset; readonly origin: string }[],
  checkedAt: number,
  catalogTable: SavedCatalogTable | undefined,
): Promise<void> {
  const table =
    catalogTable === undefined
      ? ''
      : `"catalogTable":${JSON.stringify({ file: basename(catalogTable.file), layout: catalogTable.layout })},`;
  const path = snapshotPath(storeDir);
  const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2, 8)}.tmp`;
  const file = await open(temporary, 'w');
  try {
    await file.write(`{"format":${SNAPSHOT_FORMAT},"checkedAt":${checkedAt},${table}"datasets":[`);
    for (let i = 0; i < datasets.length; i += ENTRIES_PER_WRITE) {
      const slice = datasets
        .slice(i, i + ENTRIES_PER_WRITE)
        .map((d) => snapshotEntry(storeDir, d.stored, d.origin));
      await file.write(`${i === 0 ? '' : ','}${slice.join(',')}`);
    }
    await file.write(']}');
  } catch (error) {
    await file.close().catch(() => undefined);
    await rm(temporary, { force: true });
    throw error;
  }
  await file.close();
  await rename(temporary, path);
}
