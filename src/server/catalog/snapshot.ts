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

/** A snapshot: its datasets, and when the scan of the descriptors they follow started. */
export interface Snapshot {
  readonly checkedAt: number;
  readonly datasets: readonly { readonly stored: StoredDataset; readonly origin: string }[];
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
  const { format, checkedAt, datasets } = parsed as {
    format?: unknown;
    checkedAt?: unknown;
    datasets?: unknown;
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
  return { checkedAt, datasets: found };
}

/** A dataset's entry of the snapshot: its manifest and descriptor as JSON text (made once a version). */
export function snapshotEntry(storeDir: string, dataset: StoredDataset, origin: string): string {
  return JSON.stringify({ ...manifestOf(storeDir, dataset), origin });
}

/**
 * Writes the snapshot from its entries (`snapshotEntry`): joining texts made once per dataset version
 * instead of serialising 10,000 datasets again, which held the event loop a few hundred milliseconds at
 * each catalog change while datasets were ingested. `checkedAt`: when the scan of the descriptors that
 * the entries follow started.
 */
export async function writeSnapshot(
  storeDir: string,
  entries: readonly string[],
  checkedAt: number,
): Promise<void> {
  await writeTextAtomically(
    snapshotPath(storeDir),
    `{"format":${SNAPSHOT_FORMAT},"checkedAt":${checkedAt},"datasets":[${entries.join(',')}]}`,
  );
}
