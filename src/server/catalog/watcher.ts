import { type FSWatcher, watch } from 'node:fs';
import { errorSummary } from '../ingest/ingest';
import type { Logger } from '../ingest/logger';

/** Coalesces the notifications of a burst of file changes. */
const WATCH_DELAY_MS = 300;
/**
 * Periodic rescans are spaced by at least this many times their duration: at 100,000 datasets a scan
 * reads every descriptor and stats every file, seconds of the main thread that a first ingestion shares.
 */
const RESCAN_COST_FACTOR = 20;

export interface WatchOptions {
  /** Follow the folder's notifications (default true). */
  readonly watch?: boolean;
  /** Rescans this often as well, in case a change was not notified (0: never). */
  readonly rescanMs: number;
  readonly log: Logger;
}

/**
 * Follows `datasets/`: a rescan shortly after a burst of changes, and now and then (a watch can miss
 * changes, e.g. on network disks).
 */
export class DescriptorWatcher {
  private watcher: FSWatcher | undefined;
  private watchTimer: ReturnType<typeof setTimeout> | undefined;
  private rescanTimer: ReturnType<typeof setTimeout> | undefined;
  private closed = false;

  constructor(
    private readonly datasetsDir: string,
    private readonly rescan: () => Promise<void>,
  ) {}

  start(options: WatchOptions): void {
    const onChange = (): void => {
      if (this.watchTimer) clearTimeout(this.watchTimer);
      this.watchTimer = setTimeout(() => {
        this.watchTimer = undefined;
        void this.rescan();
      }, WATCH_DELAY_MS);
      this.watchTimer.unref();
    };
    if (options.watch ?? true) {
      // Not recursive: descriptors sit directly in datasets/, and Node's recursive watch on Linux polls
      // every file below (thousands of timers); files elsewhere are caught by the periodic rescan.
      try {
        this.watcher = watch(this.datasetsDir, onChange);
      } catch (error) {
        options.log.warn(
          `catalog: cannot watch ${this.datasetsDir} (${errorSummary(error)}): periodic rescans only`,
        );
      }
      this.watcher?.on('error', () => undefined);
      this.watcher?.unref();
    }
    if (options.rescanMs > 0) this.rescanAfter(options.rescanMs, options.rescanMs);
  }

  /** The next periodic rescan, `delay` from now; the one after it waits for this one to end. */
  private rescanAfter(delay: number, every: number): void {
    if (this.closed) return;
    this.rescanTimer = setTimeout(() => {
      const started = Date.now();
      void this.rescan().finally(() =>
        this.rescanAfter(Math.max(every, RESCAN_COST_FACTOR * (Date.now() - started)), every),
      );
    }, delay);
    this.rescanTimer.unref();
  }

  close(): void {
    this.closed = true;
    this.watcher?.close();
    if (this.watchTimer) clearTimeout(this.watchTimer);
    if (this.rescanTimer) clearTimeout(this.rescanTimer);
  }
}
