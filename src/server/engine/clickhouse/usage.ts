import type { DatasetUsage, SharedUsageCounts } from '../../backend/catalog';
import type { Logger } from '../../backend/logger';
import { ClusterReachability } from './reachability';
import { addUsage, type UsageCount, usageTotals } from './state';
import type { ClickHouseTarget } from './target';

/*
 * Usage counts shared by every server on a cluster (`explore_usage`, state.ts), like the quota counts
 * (quota.ts): a server adds its counts in one INSERT per second (ClickHouse makes a part per insert) and
 * reads the totals (`sum()`, exact whatever the merges) every second. Its own counts not written yet are
 * added to what it reads, so a server sees its own calls at once and the others' about a second late.
 */

const SYNC_MS = 1_000;

type Counts = Map<string, { downloads: number; api_calls: number }>;

function plus(a: DatasetUsage | undefined, b: DatasetUsage | undefined): DatasetUsage {
  return {
    downloads: (a?.downloads ?? 0) + (b?.downloads ?? 0),
    api_calls: (a?.api_calls ?? 0) + (b?.api_calls ?? 0),
  };
}

export class ClusterUsageCounts implements SharedUsageCounts {
  /** Counted here, not written yet. */
  private pending: Counts = new Map();
  /** Being written (counted until the INSERT returns and the totals are read again). */
  private writing: Counts = new Map();
  private totals: ReadonlyMap<string, UsageCount> = new Map();
  private syncing: Promise<void> = Promise.resolve();
  private readonly timer: ReturnType<typeof setInterval>;
  version = 0;

  constructor(
    private readonly target: ClickHouseTarget,
    private readonly log: Logger,
    /** Shared with the server's other cluster jobs, so that an outage is logged once. */
    private readonly reachability = new ClusterReachability(log),
  ) {
    this.timer = setInterval(() => void this.sync(), SYNC_MS);
    this.timer.unref();
  }

  add(datasetId: string, kind: keyof DatasetUsage): void {
    const entry = this.pending.get(datasetId) ?? { downloads: 0, api_calls: 0 };
    entry[kind]++;
    this.pending.set(datasetId, entry);
    this.version++;
  }

  get(datasetId: string): DatasetUsage {
    return plus(plus(this.totals.get(datasetId), this.writing.get(datasetId)), this.pending.get(datasetId));
  }

  all(): Map<string, DatasetUsage> {
    const ids = new Set([...this.totals.keys(), ...this.writing.keys(), ...this.pending.keys()]);
    return new Map([...ids].map((id) => [id, this.get(id)]));
  }

  async written(): Promise<ReadonlyMap<string, DatasetUsage>> {
    await this.syncing;
    return this.totals;
  }

  /** Writes the counts made so far, then reads the totals; resolves once every sync asked is done. */
  sync(): Promise<void> {
    this.syncing = this.syncing.then(async () => {
      const counts = this.pending;
      this.pending = new Map();
      this.writing = counts;
      // Both run every second (a failed write's counts stay pending and are written with the next).
      const written = this.reachability.job('usage counts written', (error) =>
        this.log.warn(`usage: counts not written to the cluster (${message(error)})`),
      );
      const read = this.reachability.job('usage counts read', (error) =>
        this.log.warn(`usage: counts not read from the cluster (${message(error)})`),
      );
      try {
        await addUsage(this.target, counts);
        if (counts.size > 0) written.succeeded();
      } catch (error) {
        // Written with the next batch.
        this.writing = new Map();
        for (const [id, c] of counts) this.pending.set(id, plus(this.pending.get(id), c));
        written.failed(error);
      }
      try {
        const totals = await usageTotals(this.target);
        if (!same(totals, this.totals)) this.version++;
        this.totals = totals;
        read.succeeded();
      } catch (error) {
        read.failed(error);
      } finally {
        this.writing = new Map();
      }
    });
    return this.syncing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.sync();
  }
}

function message(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function same(a: ReadonlyMap<string, UsageCount>, b: ReadonlyMap<string, UsageCount>): boolean {
  if (a.size !== b.size) return false;
  for (const [id, x] of a) {
    const y = b.get(id);
    if (!y || y.downloads !== x.downloads || y.api_calls !== x.api_calls) return false;
  }
  return true;
}
