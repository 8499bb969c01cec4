import type { Logger } from '../../backend/logger';
import {
  type CallQuotas,
  periodEnd,
  periodStart,
  type QuotaDecision,
  type QuotaSettings,
  type QuotaSubject,
  subjectId,
} from '../../backend/quota';
import { isEngineUnavailable } from '../errors';
import { addCalls, callsOf } from './state';
import type { ClickHouseTarget } from './target';

/*
 * Call quotas shared by every server on a cluster (`explore_quota`, state.ts). A decision reads the
 * subject's count from the cluster (`sum()`, exact whatever the merges), adds this server's calls not
 * written yet, and counts the call locally. Counts are written in one INSERT per second or so (each
 * INSERT makes a part in ClickHouse), so another server sees this one's calls at most about a second
 * late: a client spreading a burst over several servers may pass its quota by what those servers
 * counted in that second.
 */

const FLUSH_MS = 1_000;

export class ClusterCallQuota implements CallQuotas {
  /** Calls counted here and not written yet, by subject, in period `pendingStart`. */
  private pending = new Map<string, number>();
  private pendingStart = Number.NEGATIVE_INFINITY;
  /** Calls being written (counted until the INSERT returns, then read from the cluster). */
  private writing = new Map<string, number>();
  private writingStart = Number.NEGATIVE_INFINITY;
  private flushing: Promise<void> = Promise.resolve();
  /** Count last read per subject, used when the cluster cannot be read. */
  private readonly lastRead = new Map<string, number>();
  private readonly timer: ReturnType<typeof setInterval>;

  constructor(
    private readonly target: ClickHouseTarget,
    readonly settings: QuotaSettings,
    private readonly log: Logger,
    readonly now: () => number = Date.now,
  ) {
    this.timer = setInterval(() => void this.flush(), FLUSH_MS);
    this.timer.unref();
  }

  get enabled(): boolean {
    return this.settings.keyCalls > 0 || this.settings.anonymousCalls > 0;
  }

  async take(subject: QuotaSubject): Promise<QuotaDecision | undefined> {
    const limit = subject.kind === 'key' ? this.settings.keyCalls : this.settings.anonymousCalls;
    if (limit === 0) return undefined;
    const now = this.now();
    const start = periodStart(now, this.settings.period);
    const resetAt = periodEnd(now, this.settings.period);
    const id = subjectId(subject);
    let written: number;
    try {
      written = await callsOf(this.target, id, start);
      this.lastRead.set(id, written);
    } catch (error) {
      written = this.lastRead.get(id) ?? 0;
      // An unreachable node: the cluster's periodic reads log the outage once, not each call here.
      if (!isEngineUnavailable(error))
        this.log.warn(
          `quota: counts not read from the cluster (${error instanceof Error ? error.message : error})`,
        );
    }
    // Read after the await: calls counted meanwhile by this server are included.
    if (this.pendingStart !== start) this.turn(start);
    const used =
      written + (this.pending.get(id) ?? 0) + (this.writingStart === start ? (this.writing.get(id) ?? 0) : 0);
    if (used >= limit) return { allowed: false, limit, remaining: 0, resetAt };
    this.pending.set(id, (this.pending.get(id) ?? 0) + 1);
    return { allowed: true, limit, remaining: limit - used - 1, resetAt };
  }

  /** A new period: what the last one counted is written, under its own start. */
  private turn(start: number): void {
    if (this.pending.size > 0) void this.flush();
    this.pending = new Map();
    this.pendingStart = start;
  }

  /** Writes the calls counted so far in one INSERT; resolves once every write asked so far is done. */
  flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      if (this.pending.size === 0) return;
      const calls = this.pending;
      const start = this.pendingStart;
      this.pending = new Map();
      this.writing = calls;
      this.writingStart = start;
      try {
        await addCalls(this.target, start, calls);
      } catch (error) {
        // Counted again with the next batch, if still in the same period.
        if (this.pendingStart === start)
          for (const [id, n] of calls) this.pending.set(id, (this.pending.get(id) ?? 0) + n);
        if (!isEngineUnavailable(error))
          this.log.warn(
            `quota: counts not written to the cluster (${error instanceof Error ? error.message : error})`,
          );
      } finally {
        this.writing = new Map();
      }
    });
    return this.flushing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }
}
