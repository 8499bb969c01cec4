import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { vegaCatalog } from '../ingest/builtin/vega';
import { type DatasetDescriptor, parseDescriptor } from '../ingest/descriptor';
import type { Logger } from '../ingest/logger';
import { readTextFiles } from './read-files';

/** Gathering the descriptors of the catalog: the built-in ones, then the user's `datasets/*.json`. */

export interface CatalogEntry {
  readonly descriptor: DatasetDescriptor;
  /** The descriptor as written: part of the fingerprint. */
  readonly json: unknown;
  /** Where the descriptor comes from, for log lines. */
  readonly origin: string;
}

export interface CatalogProblem {
  /** Descriptor file, or `built-in <id>`. */
  readonly origin: string;
  readonly datasetId: string | null;
  readonly reason: string;
}

export interface GatheredEntries {
  readonly entries: readonly CatalogEntry[];
  readonly problems: readonly CatalogProblem[];
}

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.split('\n')[0] ?? message;
}

async function userDescriptorFiles(datasetsDir: string): Promise<string[]> {
  try {
    const names = await readdir(datasetsDir);
    return names
      .filter((name) => name.toLowerCase().endsWith('.json'))
      .sort()
      .map((name) => join(datasetsDir, name));
  } catch {
    return [];
  }
}

export async function gatherEntries(options: {
  readonly datasetsDir: string;
  readonly includeDefault: boolean;
  readonly log: Logger;
}): Promise<GatheredEntries> {
  const problems: CatalogProblem[] = [];
  const byId = new Map<string, CatalogEntry>();
  const skip = (origin: string, datasetId: string | null, error: unknown): void => {
    const reason = reasonOf(error);
    problems.push({ origin, datasetId, reason });
    options.log.error(`dataset descriptor ${origin} skipped: ${reason}`);
  };
  if (options.includeDefault) {
    for (const builtin of await vegaCatalog()) {
      const origin = `built-in ${builtin.json.dataset_id}`;
      try {
        const descriptor = parseDescriptor(builtin.json, builtin.baseDir);
        byId.set(descriptor.dataset_id, { descriptor, json: builtin.json, origin });
      } catch (error) {
        skip(origin, builtin.json.dataset_id, error);
      }
    }
  }
  const builtinIds = new Set(byId.keys());
  const userIds = new Set<string>();
  const files = await userDescriptorFiles(options.datasetsDir);
  const texts = await readTextFiles(files);
  for (const [index, file] of files.entries()) {
    let json: unknown;
    try {
      const text = texts[index];
      if (text instanceof Error) throw text;
      if (text === undefined) continue; // removed meanwhile
      json = JSON.parse(text);
    } catch (error) {
      skip(file, null, new Error(`not valid JSON (${reasonOf(error)})`));
      continue;
    }
    let descriptor: DatasetDescriptor;
    try {
      descriptor = parseDescriptor(json, options.datasetsDir);
    } catch (error) {
      skip(file, null, error);
      continue;
    }
    const id = descriptor.dataset_id;
    if (userIds.has(id)) {
      skip(
        file,
        id,
        new Error(`dataset_id "${id}" is already used by ${byId.get(id)?.origin ?? 'another descriptor'}`),
      );
      continue;
    }
    if (builtinIds.has(id)) options.log.info(`dataset ${id}: ${file} replaces the built-in dataset`);
    userIds.add(id);
    byId.set(id, { descriptor, json, origin: file });
  }
  return { entries: [...byId.values()], problems };
}
