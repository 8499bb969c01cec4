import {
  type CallQuotas,
  periodEnd,
  type QuotaDecision,
  type QuotaPeriod,
  type QuotaSettings,
  type QuotaSubject,
  subjectId,
} from '../backend/quota';

export {
  type CallQuotas,
  periodEnd,
  periodStart,
  QUOTA_PERIODS,
  type QuotaDecision,
  type QuotaPeriod,
  type QuotaSettings,
  type QuotaSubject,
  subjectId,
} from '../backend/quota';

/*
 * The call quotas of a server that counts in this process (an embedded backend's), and the interface's
 * answers to a spent quota (headers, 429 body). The quota vocabulary, which a cluster's shared quotas
 * implement too, is backend/quota.ts.
 */

/** Counts calls in the current period. `now` is injectable so that tests can turn the period. */
export class CallQuota implements CallQuotas {
  private periodEndsAt = Number.NEGATIVE_INFINITY;
  /** Calls counted in the current period, by subject; emptied when the period turns. */
  private readonly counts = new Map<string, number>();

  constructor(
    readonly settings: QuotaSettings,
    /** The clock (milliseconds since the epoch). */
    readonly now: () => number = Date.now,
  ) {}

  /** Whether any subject is limited: when not, no call is counted and no quota header is sent. */
  get enabled(): boolean {
    return this.settings.keyCalls > 0 || this.settings.anonymousCalls > 0;
  }

  /** The limit of a subject, 0 when it has none. */
  limitOf(subject: QuotaSubject): number {
    return subject.kind === 'key' ? this.settings.keyCalls : this.settings.anonymousCalls;
  }

  /** Counts one call of a subject, or refuses it when its quota is spent (refused calls are not counted). */
  take(subject: QuotaSubject): QuotaDecision | undefined {
    const limit = this.limitOf(subject);
    if (limit === 0) return undefined;
    const now = this.now();
    if (now >= this.periodEndsAt) {
      this.counts.clear();
      this.periodEndsAt = periodEnd(now, this.settings.period);
    }
    const id = subjectId(subject);
    const used = this.counts.get(id) ?? 0;
    if (used >= limit) return { allowed: false, limit, remaining: 0, resetAt: this.periodEndsAt };
    this.counts.set(id, used + 1);
    return { allowed: true, limit, remaining: limit - used - 1, resetAt: this.periodEndsAt };
  }

  /** Nothing to write: the counts live in this process only. */
  async close(): Promise<void> {}
}

/** `2021-01-26T00:00:00Z`: the reset time as the interface writes it (no milliseconds). */
export function resetTimeText(resetAt: number): string {
  return new Date(resetAt).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/**
 * `X-RateLimit-Reset` as each version writes it: the Explore API v2 as a UTC date-time
 * (`2026-08-18 00:00:00+00:00`, conformance captures 01–09), the v1 API as Unix seconds (its
 * documentation; no v1 capture kept headers).
 */
export function resetHeader(resetAt: number, path: string): string {
  if (!EXPLORE_V2_PATH.test(path)) return String(Math.floor(resetAt / 1000));
  return `${new Date(resetAt).toISOString().slice(0, 19).replace('T', ' ')}+00:00`;
}

/** Paths of the Explore API v2.0 and v2.1 (and the older `/api/v2` alias). */
const EXPLORE_V2_PATH = /^\/api\/(?:explore\/v2\.[01]|v2)(?:\/|$)/;

/** The 429 body of the interface (spec §7), keys in its order. */
export function quotaExceededBody(
  subject: QuotaSubject,
  decision: QuotaDecision,
  period: QuotaPeriod,
): string {
  return JSON.stringify({
    errorcode: subject.kind === 'key' ? 10002 : 10005,
    reset_time: resetTimeText(decision.resetAt),
    limit_time_unit: period,
    call_limit: decision.limit,
    error:
      subject.kind === 'key'
        ? 'Too many requests on the domain. Please contact the domain administrator.'
        : 'You have exceeded the requests limit for anonymous users.',
  });
}
