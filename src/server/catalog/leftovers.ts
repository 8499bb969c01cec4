import type { ServedDataset } from './publish';
import { removeOtherVersions } from './store';

/** An old records file is deleted this long after the swap: no query still reads it by then. */
export const OLD_VERSION_GRACE_MS = 120_000;

/**
 * Removes what the served datasets no longer need: a replaced version or a removed dataset's folder once
 * the queries started before can no longer read it, and the versions an interrupted run left.
 */
export class Leftovers {
  private readonly timers = new Set<ReturnType<typeof setTimeout>>();
  private closed = false;

  constructor(private readonly storeDir: string) {}

  /** Runs `removal` after the grace period (failures are left for the next sweep). */
  later(removal: () => Promise<unknown>): void {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void removal().catch(() => undefined);
    }, OLD_VERSION_GRACE_MS);
    timer.unref();
    this.timers.add(timer);
  }

  /** Removes the versions other than the one served of each dataset, one dataset after the other. */
  async sweep(served: readonly ServedDataset[]): Promise<void> {
    for (const s of served) {
      if (this.closed) return;
      await removeOtherVersions(this.storeDir, s.dataset.table, s.stored.file, OLD_VERSION_GRACE_MS).catch(
        () => undefined,
      );
    }
  }

  close(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
  }
}
