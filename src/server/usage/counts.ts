import { randomBytes } from 'node:crypto';
import { mkdirSync, readdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DatasetUsage, UsageCountStore } from '../backend/catalog';
import { absorbLeftovers, type Counts, parseCountsFile } from './leftover-counts';

export type { DatasetUsage, UsageCountStore } from '../backend/catalog';

/*
 * Usage counts per dataset (downloads and API calls), kept in the data folder so that they survive
 * restarts and add up across server processes sharing that folder. Each process owns one file,
 * `<DATA_DIR>/usage/<instance>.json`, which it alone rewrites (atomically, by rename); the totals are the
 * sums over every file of the folder. No locks are needed: no two processes ever write the same file.
 * A start folds the files of processes that are gone into its own (leftover-counts.ts), so the folder
 * holds one file per running process, not one per start.
 */

/** How often counts are written out and other processes' files read again. */
const SYNC_MS = 2000;

export class UsageCounts implements UsageCountStore {
  private readonly own: Counts = new Map();
  private others: Counts = new Map();
  private readonly file: string;
  /** Files of gone processes this one's counts took in (kept in its file: see leftover-counts.ts). */
  private readonly absorbed: readonly string[];
  private dirty = false;
  private lastRead = 0;
  private timer: NodeJS.Timeout | undefined;
  /** Changes on every count, so that readers know when totals moved. */
  version = 0;

  constructor(private readonly dir: string) {
    mkdirSync(dir, { recursive: true });
    const stem = `${Date.now().toString(36)}-${process.pid}-${randomBytes(4).toString('hex')}`;
    this.file = join(dir, `${stem}.json`);
    const leftovers = absorbLeftovers(dir, stem, (counts, absorbed) => this.writeFile(counts, absorbed));
    for (const [id, c] of leftovers.counts) this.own.set(id, { ...c });
    this.absorbed = leftovers.absorbed;
    this.readOthers();
    this.timer = setInterval(() => this.sync(), SYNC_MS);
    this.timer.unref();
  }

  add(datasetId: string, kind: keyof DatasetUsage): void {
    const entry = this.own.get(datasetId) ?? { downloads: 0, api_calls: 0 };
    entry[kind]++;
    this.own.set(datasetId, entry);
    this.dirty = true;
    this.version++;
  }

  /** Totals of one dataset over every process. */
  get(datasetId: string): DatasetUsage {
    this.refresh();
    const a = this.own.get(datasetId);
    const b = this.others.get(datasetId);
    return {
      downloads: (a?.downloads ?? 0) + (b?.downloads ?? 0),
      api_calls: (a?.api_calls ?? 0) + (b?.api_calls ?? 0),
    };
  }

  /** Totals of every dataset counted. */
  all(): Map<string, DatasetUsage> {
    this.refresh();
    const out = new Map<string, DatasetUsage>();
    for (const id of new Set([...this.own.keys(), ...this.others.keys()])) out.set(id, this.get(id));
    return out;
  }

  /** Writes this process's counts now (on shutdown). */
  close(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = undefined;
    this.write();
  }

  private refresh(): void {
    if (Date.now() - this.lastRead >= SYNC_MS) this.readOthers();
  }

  private sync(): void {
    this.write();
    this.readOthers();
  }

  private write(): void {
    if (!this.dirty) return;
    this.dirty = false;
    try {
      this.writeFile(this.own, this.absorbed);
    } catch {
      // A full or read-only disk loses counts, never requests: try again at the next sync.
      this.dirty = true;
    }
  }

  /** Replaces this process's file at once (a reader never sees half of it). */
  private writeFile(counts: Counts, absorbed: readonly string[]): void {
    const tmp = `${this.file}.tmp`;
    writeFileSync(tmp, JSON.stringify({ counts: Object.fromEntries(counts), absorbed }));
    renameSync(tmp, this.file);
  }

  private readOthers(): void {
    this.lastRead = Date.now();
    const others: Counts = new Map();
    let names: string[];
    try {
      names = readdirSync(this.dir).filter((n) => n.endsWith('.json') && join(this.dir, n) !== this.file);
    } catch {
      return;
    }
    const before = this.others;
    for (const name of names) {
      let text: string;
      try {
        text = readFileSync(join(this.dir, name), 'utf8');
      } catch {
        continue; // being replaced or absorbed: read again next time
      }
      const file = parseCountsFile(text);
      if (!file) continue;
      for (const [id, c] of file.counts) {
        const entry = others.get(id) ?? { downloads: 0, api_calls: 0 };
        entry.downloads += c.downloads;
        entry.api_calls += c.api_calls;
        others.set(id, entry);
      }
    }
    this.others = others;
    if (!sameCounts(before, others)) this.version++;
  }
}

function sameCounts(a: Counts, b: Counts): boolean {
  if (a.size !== b.size) return false;
  for (const [id, x] of a) {
    const y = b.get(id);
    if (!y || y.downloads !== x.downloads || y.api_calls !== x.api_calls) return false;
  }
  return true;
}
