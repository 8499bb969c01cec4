import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { manifestOf, type StoredDataset, storedOf, tableDir, writeJsonAtomically } from './store';

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

/** Writes the snapshot of `datasets` (their manifests, as store.ts writes them). */
export async function writeSnapshot(storeDir: string, datasets: readonly StoredDataset[]): Promise<void> {
  await writeJsonAtomically(snapshotPath(storeDir), {
    format: SNAPSHOT_FORMAT,
    datasets: datasets.map((d) => manifestOf(storeDir, d)),
  });
}
