import { createHash } from 'node:crypto';
import { stat } from 'node:fs/promises';
import { extname } from 'node:path';

/**
 * Bumped whenever ingestion writes records differently (ids, columns, parsing): every dataset is then
 * ingested again on the next start.
 */
export const INGEST_FORMAT_VERSION = 1;

export interface FileStamp {
  readonly path: string;
  readonly size: number;
  readonly mtimeMs: number;
}

export async function fileStamp(path: string): Promise<FileStamp> {
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(path);
  } catch (error) {
    const code = error instanceof Error && 'code' in error ? String(error.code) : 'unreadable';
    throw new Error(`cannot read ${path} (${code})`);
  }
  if (!info.isFile()) throw new Error(`${path} is not a file`);
  return { path, size: info.size, mtimeMs: info.mtimeMs };
}

/**
 * What decides whether a dataset must be ingested again: the descriptor as written, the files it reads
 * (size and modification time), where its records go, and the ingestion format.
 */
export function fingerprint(descriptor: unknown, files: readonly FileStamp[], table: string): string {
  const text = JSON.stringify({ version: INGEST_FORMAT_VERSION, table, descriptor, files });
  return createHash('sha1').update(text).digest('hex');
}

const MIMETYPES: Readonly<Record<string, string>> = {
  '.csv': 'text/csv',
  '.tsv': 'text/tab-separated-values',
  '.json': 'application/json',
  '.geojson': 'application/geo+json',
  '.topojson': 'application/json',
  '.ndjson': 'application/x-ndjson',
  '.jsonl': 'application/x-ndjson',
  '.parquet': 'application/vnd.apache.parquet',
  '.arrow': 'application/vnd.apache.arrow.file',
  '.txt': 'text/plain',
  '.md': 'text/markdown',
  '.pdf': 'application/pdf',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.zip': 'application/zip',
  '.xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

export function mimetypeOf(path: string): string {
  return MIMETYPES[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** ISO 8601 in UTC with an explicit offset, the interface's style: `2025-08-21T23:04:37.691+00:00`. */
export function isoUtc(date: Date): string {
  return date.toISOString().replace('Z', '+00:00');
}
