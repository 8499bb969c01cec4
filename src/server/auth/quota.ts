/*
 * Call quotas: a number of calls per period for each key, and for each client address when anonymous.
 * Periods are calendar periods in UTC (a day runs from midnight to midnight), so every client's quota
 * resets at the same announced instant, as `reset_time` says.
 */

export const QUOTA_PERIODS = ['minute', 'hour', 'day'] as const;
export type QuotaPeriod = (typeof QUOTA_PERIODS)[number];

export interface QuotaSettings {
  /** Calls per period for each API key; 0 for no limit. */
  readonly keyCalls: number;
  /** Calls per period for each anonymous client address; 0 for no limit. */
  readonly anonymousCalls: number;
  readonly period: QuotaPeriod;
}

/** Who is counted: a key (by its name) or an anonymous client address. */
export type QuotaSubject =
  | { readonly kind: 'key'; readonly name: string }
  | { readonly kind: 'anonymous'; readonly address: string };

export interface QuotaDecision {
  readonly allowed: boolean;
  readonly limit: number;
  /** Calls left in the period after this one. */
  readonly remaining: number;
  /** When the period ends, in milliseconds since the epoch. */
  readonly resetAt: number;
}

/** The end of the period holding `now` (the start of the next one). */
export function periodEnd(now: number, period: QuotaPeriod): number {
  const d = new Date(now);
  switch (period) {
    case 'minute':
      return Date.UTC(
        d.getUTCFullYear(),
        d.getUTCMonth(),
        d.getUTCDate(),
        d.getUTCHours(),
        d.getUTCMinutes() + 1,
      );
    case 'hour':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate(), d.getUTCHours() + 1);
    case 'day':
      return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate() + 1);
  }
}

/** The start of the period holding `now` (periods are fixed lengths of UTC time). */
export function periodStart(now: number, period: QuotaPeriod): number {
  const length = { minute: 60_000, hour: 3_600_000, day: 86_400_000 }[period];
  return periodEnd(now, period) - length;
}

/** Who a subject's calls are counted under. */
export function subjectId(subject: QuotaSubject): string {
  return subject.kind === 'key' ? `key:${subject.name}` : `ip:${subject.address}`;
}

/**
 * The call quotas a server enforces: `CallQuota` counts in this process; a cluster's counts are shared
 * by every server on it (engine/clickhouse/quota.ts).
 */
export interface CallQuotas {
  readonly enabled: boolean;
  readonly now: () => number;
  /** Counts one call of a subject, or refuses it when its quota is spent (refused calls are not counted). */
  take(subject: QuotaSubject): QuotaDecision | undefined | Promise<QuotaDecision | undefined>;
  /** Writes what is not written yet (the server stops). */
  close?(): Promise<void>;
}

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
