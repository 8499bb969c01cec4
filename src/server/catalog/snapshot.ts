import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { manifestOf, type StoredDataset, storedOf, tableDir, writeTextAtomically } from './store';

/*
 * The catalog snapshot, `<DATA_DIR>/store/catalog.json`: every served dataset's manifest in one file,
 * written when the served catalog changes. A start reads it instead of thousands of manifests and
 * descriptors, serves at once, and checks the descriptors, files and manifests in the background (the
 * manifests stay the storage of record: a snapshot older than them is corrected by that check).
 */

const SNAPSHOT = 'catalog.json';
/** Bumped when the snapshot's shape changes: an older one is ignored (the manifests are read instead). */
const SNAPSHOT_FORMAT = 1;

export function snapshotPath(storeDir: string): string {
  return join(storeDir, SNAPSHOT);
}

/** The served datasets of the last snapshot, or undefined when there is none (or it cannot be used). */
export function readSnapshot(storeDir: string): StoredDataset[] | undefined {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(snapshotPath(storeDir), 'utf8'));
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { format, datasets } = parsed as { format?: unknown; datasets?: unknown };
  if (format !== SNAPSHOT_FORMAT || !Array.isArray(datasets)) return undefined;
  const stored: StoredDataset[] = [];
  for (const manifest of datasets) {
    const table = (manifest as { dataset?: { table?: unknown } } | null)?.dataset?.table;
    if (typeof table !== 'string') continue;
    const entry = storedOf(tableDir(storeDir, table), manifest);
    // A records file removed since (by hand, or by another process): the background check re-ingests it.
    if (entry && existsSync(entry.file)) stored.push(entry);
  }
  return stored;
}

/** A dataset's entry of the snapshot: its manifest as JSON text (kept by the catalog, made once). */
export function snapshotEntry(storeDir: string, dataset: StoredDataset): string {
  return JSON.stringify(manifestOf(storeDir, dataset));
}

/**
 * Writes the snapshot from its entries (`snapshotEntry`): joining texts made once per dataset version
 * instead of serialising 10,000 datasets again, which held the event loop a few hundred milliseconds at
 * each catalog change while datasets were ingested.
 */
export async function writeSnapshot(storeDir: string, entries: readonly string[]): Promise<void> {
  await writeTextAtomically(
    snapshotPath(storeDir),
    `{"format":${SNAPSHOT_FORMAT},"datasets":[${entries.join(',')}]}`,
  );
}
