import { rmSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ApiError } from '../errors';
import { SPOOL_IO_BYTES, Spool, type SpoolMeter } from './spool';
import { SpoolBudget } from './spool-budget';

/*
 * The spools of one server (spool.ts): their folder, the disk budget they share (EXPORT_SPOOL_MB), and
 * the figures logged when the server stops. The folder is `<DATA_DIR>/tmp/spool-<pid>/<app>-…`: on the
 * data folder's disk rather than the system's temporary folder, which may be memory (tmpfs); a start
 * removes the folders of processes that are gone (catalog/scratch.ts), and this process's goes with it.
 */

/** How long a client refused for want of spool room is asked to wait: downloads in flight must end. */
export const RETRY_AFTER_SPOOL_S = 30;

/** Largest segment file (and budget grant): small enough that a slow reader soon gives disk back. */
const MAX_SEGMENT_BYTES = 1024 * 1024;

export interface SpoolStats {
  /** The budget (bytes). */
  readonly limitBytes: number;
  /** Disk taken now and at most at once: on disk, or granted to a writer. */
  readonly diskBytes: number;
  readonly peakDiskBytes: number;
  /** Memory held by spools' write and read buffers, now and at most at once. */
  readonly memoryBytes: number;
  readonly peakMemoryBytes: number;
  /** Spools open now and at most at once. */
  readonly open: number;
  readonly peakOpen: number;
  /** Exports spooled since the start, and their bytes. */
  readonly spooled: number;
  readonly spooledBytes: number;
  /** Exports refused for want of room (503), and times a writer waited for room. */
  readonly refused: number;
  readonly waits: number;
}

const MB = 1024 * 1024;
const mb = (bytes: number): string => `${(bytes / MB).toFixed(1)} MB`;

/** The figures as the server logs them when it stops. */
export function spoolSummary(s: SpoolStats): string {
  return (
    `${s.spooled} exports (${mb(s.spooledBytes)}), at most ${s.peakOpen} at once holding ` +
    `${mb(s.peakDiskBytes)} of disk (budget ${mb(s.limitBytes)}) and ${mb(s.peakMemoryBytes)} of buffers; ` +
    `${s.refused} refused for want of room, ${s.waits} waits for room`
  );
}

const exitHandlers = new Set<string>();

/** The response a spool is for (Node's `ServerResponse`): it goes when the response closes. */
export interface SpooledResponse {
  once(event: 'close', listener: () => void): unknown;
}

/** This process's folder of spools under a data folder (its `tmp/`, beside DuckDB's spill folders). */
export function spoolFolder(dataDir: string): string {
  return join(dataDir, 'tmp', `spool-${process.pid}`);
}

export class ExportSpools {
  private readonly budget: SpoolBudget;
  private readonly segmentBytes: number;
  private dir: Promise<string> | undefined;
  private readonly spools = new Set<Spool>();
  private made = 0;
  private counts = { memory: 0, peakMemory: 0, peakOpen: 0, spooled: 0, bytes: 0, refused: 0, waits: 0 };

  /** `base`: this process's folder of spools (`spoolFolder`); `limitBytes`: the budget. */
  constructor(
    private readonly base: string,
    limitBytes: number,
  ) {
    this.budget = new SpoolBudget(limitBytes);
    // Eight segments at least fit in the budget, so that several downloads share a small one.
    this.segmentBytes = Math.max(SPOOL_IO_BYTES, Math.min(MAX_SEGMENT_BYTES, Math.floor(limitBytes / 8)));
  }

  /** The app's own folder, made at its first download (several apps may share a process in tests). */
  private folder(): Promise<string> {
    this.dir ??= (async () => {
      const base = this.base;
      await mkdir(base, { recursive: true, mode: 0o700 });
      if (!exitHandlers.has(base)) {
        exitHandlers.add(base);
        // Spools of a process that exits without closing its server (tests, a crash handler).
        process.once('exit', () => rmSync(base, { recursive: true, force: true }));
      }
      return mkdtemp(join(base, 'app-'));
    })();
    // A failure is met by the spools that write (their download fails); none may be left unheard.
    this.dir.catch(() => undefined);
    return this.dir;
  }

  /**
   * A spool for one download, disposed of when its response closes; throws the interface's 503 (with
   * `Retry-After`) when the budget has no room for it.
   */
  open(response: SpooledResponse): Spool {
    if (!this.budget.tryTake(this.segmentBytes)) {
      this.counts.refused++;
      throw new ApiError(
        'ServiceUnavailable',
        'The server has no room left for more downloads at the moment: try again once others have ended.',
        RETRY_AFTER_SPOOL_S,
      );
    }
    const spool = new Spool(
      {
        dir: this.folder(),
        name: String(this.made++),
        budget: this.budget,
        segmentBytes: this.segmentBytes,
        meter: this.meter,
      },
      this.segmentBytes,
    );
    this.spools.add(spool);
    this.counts.spooled++;
    this.counts.peakOpen = Math.max(this.counts.peakOpen, this.spools.size);
    response.once('close', () => void spool.dispose());
    return spool;
  }

  stats(): SpoolStats {
    const c = this.counts;
    return {
      limitBytes: this.budget.limit,
      diskBytes: this.budget.inUse,
      peakDiskBytes: this.budget.peak,
      memoryBytes: c.memory,
      peakMemoryBytes: c.peakMemory,
      open: this.spools.size,
      peakOpen: c.peakOpen,
      spooled: c.spooled,
      spooledBytes: c.bytes,
      refused: c.refused,
      waits: c.waits,
    };
  }

  /** Disposes of every spool (their downloads are cut) and removes the folder. */
  async close(): Promise<void> {
    await Promise.all([...this.spools].map((s) => s.dispose()));
    const dir = await this.dir?.catch(() => undefined);
    if (dir !== undefined) await rm(dir, { recursive: true, force: true });
  }

  private readonly meter: SpoolMeter = {
    written: (bytes) => {
      this.counts.bytes += bytes;
    },
    memory: (delta) => {
      this.counts.memory += delta;
      this.counts.peakMemory = Math.max(this.counts.peakMemory, this.counts.memory);
    },
    waited: () => {
      this.counts.waits++;
    },
    closed: (spool) => {
      this.spools.delete(spool);
    },
  };
}
