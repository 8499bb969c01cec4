import { existsSync } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { DatasetSchema } from '../../odsql';
import type { FailureKind } from '../ingest/ingest';
import { readTextFiles } from './read-files';
import type { Dataset } from './types';

/*
 * The storage of record, in `<DATA_DIR>/store/`: one folder per records table holding
 *
 *   <version>.parquet   the records (layout: layout/columns.ts), one file per ingested version;
 *   manifest.json       which version is current, the fingerprint it was built from and the dataset as
 *                       served, so that a start without changes reads no source file;
 *   failure.json        the last failed ingestion (fingerprint, reason, kind), when it failed.
 *
 * Parquet files are never changed once written, so any engine or process can read them. JSON files are
 * written to a temporary name and renamed, so a reader sees the old or the new one, never half.
 */

export const STORE_DIR = 'store';
const MANIFEST = 'manifest.json';
const FAILURE = 'failure.json';
/**
 * Bumped when the manifest or the records file changes shape: older versions are then ingested again.
 * 2: `__id` holds a UBIGINT content hash (was a 40-character SHA-1).
 */
const MANIFEST_FORMAT = 2;

export interface StoredDataset {
  readonly datasetId: string;
  readonly fingerprint: string;
  /** Absolute path of the current records file. */
  readonly file: string;
  readonly dataset: Dataset;
  readonly schema: DatasetSchema;
}

export interface StoredFailure {
  readonly datasetId: string;
  readonly fingerprint: string;
  readonly reason: string;
  readonly kind: FailureKind;
}

export interface StoreContents {
  /** By dataset id. */
  readonly datasets: Map<string, StoredDataset>;
  readonly failures: Map<string, StoredFailure>;
  /** Folders found, by table name (leftovers of removed datasets included). */
  readonly tables: ReadonlySet<string>;
}

export function storeDirOf(dataDir: string): string {
  return join(dataDir, STORE_DIR);
}

export function tableDir(storeDir: string, table: string): string {
  return join(storeDir, table);
}

/** A fresh records file name in the table's folder: versions sort by creation time. */
export function newVersionFile(storeDir: string, table: string): string {
  const version = `${Date.now().toString(36).padStart(9, '0')}-${Math.random().toString(36).slice(2, 8)}`;
  return join(tableDir(storeDir, table), `${version}.parquet`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

function isDataset(value: unknown): value is Dataset {
  return (
    isObject(value) &&
    typeof value.dataset_id === 'string' &&
    typeof value.table === 'string' &&
    Array.isArray(value.fields) &&
    isObject(value.metas)
  );
}

/** The dataset a manifest names (`dir`: its table's folder), or undefined when it is not one. */
export function storedOf(dir: string, manifest: unknown): StoredDataset | undefined {
  if (!isObject(manifest) || manifest.format !== MANIFEST_FORMAT) return undefined;
  const { datasetId, fingerprint, file, dataset, schema } = manifest;
  if (typeof datasetId !== 'string' || typeof fingerprint !== 'string' || typeof file !== 'string')
    return undefined;
  if (!isDataset(dataset) || !isObject(schema) || !Array.isArray(schema.fields)) return undefined;
  return {
    datasetId,
    fingerprint,
    file: join(dir, file),
    dataset,
    schema: schema as unknown as DatasetSchema,
  };
}

function failureOf(value: unknown): StoredFailure | undefined {
  if (!isObject(value)) return undefined;
  const { datasetId, fingerprint, reason, kind } = value;
  if (typeof datasetId !== 'string' || typeof fingerprint !== 'string' || typeof reason !== 'string')
    return undefined;
  return { datasetId, fingerprint, reason, kind: kind === 'machine' ? 'machine' : 'data' };
}

function parsed(text: string | Error | undefined): unknown {
  if (typeof text !== 'string') return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Reads every manifest and failure of the store (read-files.ts: thousands of folders). */
export async function readStore(storeDir: string): Promise<StoreContents> {
  await mkdir(storeDir, { recursive: true });
  const names = (await readdir(storeDir, { withFileTypes: true }))
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const datasets = new Map<string, StoredDataset>();
  const failures = new Map<string, StoredFailure>();
  const dirs = names.map((table) => tableDir(storeDir, table));
  const manifests = await readTextFiles(dirs.map((dir) => join(dir, MANIFEST)));
  const failed = await readTextFiles(dirs.map((dir) => join(dir, FAILURE)));
  names.forEach((table, i) => {
    const stored = storedOf(dirs[i]!, parsed(manifests[i]));
    // A manifest whose records file is gone (an interrupted swap, a file removed by hand) names nothing
    // to serve: the dataset is ingested again instead of the whole catalog failing to open.
    if (stored && stored.dataset.table === table && existsSync(stored.file))
      datasets.set(stored.datasetId, stored);
    const failure = failureOf(parsed(failed[i]));
    if (failure) failures.set(failure.datasetId, failure);
  });
  return { datasets, failures, tables: new Set(names) };
}

/** Writes `text` to a temporary name, then renames it: a reader sees the old file or the new one. */
export async function writeTextAtomically(path: string, text: string): Promise<void> {
  const temporary = `${path}.${process.pid}.${Math.random().toString(36).slice(2, 8)}.tmp`;
  await writeFile(temporary, text);
  await rename(temporary, path);
}

async function writeJsonAtomically(path: string, value: unknown): Promise<void> {
  await writeTextAtomically(path, JSON.stringify(value));
}

/** Makes `file` the table's current version (the swap: one rename). */
export async function writeManifest(storeDir: string, entry: StoredDataset): Promise<void> {
  const dir = tableDir(storeDir, entry.dataset.table);
  await mkdir(dir, { recursive: true });
  await writeJsonAtomically(join(dir, MANIFEST), manifestOf(storeDir, entry));
  await rm(join(dir, FAILURE), { force: true });
}

/** The manifest of a dataset as written in its table's folder (read back by `storedOf`). */
export function manifestOf(storeDir: string, entry: StoredDataset): Record<string, unknown> {
  const dir = tableDir(storeDir, entry.dataset.table);
  return {
    format: MANIFEST_FORMAT,
    datasetId: entry.datasetId,
    fingerprint: entry.fingerprint,
    file: relative(dir, entry.file),
    schema: entry.schema,
    dataset: entry.dataset,
  };
}

export async function writeFailure(storeDir: string, table: string, failure: StoredFailure): Promise<void> {
  const dir = tableDir(storeDir, table);
  await mkdir(dir, { recursive: true });
  await writeJsonAtomically(join(dir, FAILURE), failure);
}

/** Removes a table's folder: its records files, manifest and failure. */
export async function removeTable(storeDir: string, table: string): Promise<void> {
  await rm(tableDir(storeDir, table), { recursive: true, force: true });
}

/**
 * Removes the table's records files other than `keep`, the version being served, but the newest other one
 * while it is younger than `graceMs`. Records files reach the folder whole (written elsewhere, then
 * renamed), so the only other file a live process may still read is the version it served before the
 * latest swap, the newest other one, and only for as long as a query runs. Older ones go at once, so
 * that a run of crashes (each start writing a version another crash leaves behind) keeps at most two.
 */
export async function removeOtherVersions(
  storeDir: string,
  table: string,
  keep: string | undefined,
  graceMs: number,
): Promise<void> {
  const dir = tableDir(storeDir, table);
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  const others: { path: string; modified: number }[] = [];
  for (const name of names) {
    const path = join(dir, name);
    if (path === keep || name === MANIFEST || name === FAILURE) continue;
    try {
      others.push({ path, modified: (await stat(path)).mtimeMs });
    } catch {
      // Removed meanwhile.
    }
  }
  others.sort((a, b) => b.modified - a.modified);
  for (const [i, other] of others.entries()) {
    if (i === 0 && Date.now() - other.modified < graceMs) continue;
    await rm(other.path, { force: true });
  }
}
