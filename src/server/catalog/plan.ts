import { basename } from 'node:path';
import { deduplicateNames } from '../../layout/field-names';
import type { DatasetDescriptor } from '../ingest/descriptor';
import { type FileStamp, mimetypeOf } from '../ingest/files';
import { attachmentId, datasetUid, recordsTableName } from '../ingest/names';
import { statFiles } from './read-files';
import type { CatalogEntry } from './sources';
import type { Attachment } from './types';

/* What a scan derives from the descriptors: each dataset's table, attachments and file stamps. */

/** One table per dataset; ids that only differ by `-`/`_` get the uid appended to stay apart. */
export function assignTables(entries: readonly CatalogEntry[]): Map<string, string> {
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

export function attachmentsOf(descriptor: DatasetDescriptor): Attachment[] {
  const ids = deduplicateNames(descriptor.attachments.map((a) => attachmentId(basename(a.path))));
  return descriptor.attachments.map((spec, i) => ({
    id: ids[i] ?? attachmentId(basename(spec.path)),
    title: spec.title ?? basename(spec.path),
    mimetype: spec.mimetype ?? mimetypeOf(spec.path),
    path: spec.path,
  }));
}

function filesOf(descriptor: DatasetDescriptor): string[] {
  const paths = [descriptor.source.path, ...(descriptor.join ? [descriptor.join.source.path] : [])];
  for (const attachment of descriptor.attachments) paths.push(attachment.path);
  return paths;
}

/** The stamps of every descriptor's files (read-files.ts: thousands of them), or why one is unreadable. */
export async function stampsOfAll(
  descriptors: readonly DatasetDescriptor[],
): Promise<(FileStamp[] | Error)[]> {
  const paths = descriptors.map(filesOf);
  const stats = await statFiles(paths.flat());
  let next = 0;
  return paths.map((list) => {
    const stamps: FileStamp[] = [];
    let problem: Error | undefined;
    for (const path of list) {
      const info = stats[next++]!;
      if (problem) continue;
      if (info instanceof Error) {
        const code = 'code' in info ? String(info.code) : 'unreadable';
        problem = new Error(`cannot read ${path} (${code})`);
      } else if (!info.isFile()) problem = new Error(`${path} is not a file`);
      else stamps.push({ path, size: info.size, mtimeMs: info.mtimeMs });
    }
    return problem ?? stamps;
  });
}

/** A dataset to ingest: its descriptor, its table, and the fingerprint of what it is made from. */
export interface Planned {
  readonly entry: CatalogEntry;
  readonly table: string;
  readonly fingerprint: string;
  readonly sourceModified: string;
}
