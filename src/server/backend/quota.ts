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

/** No call is limited (a server opened without quota settings: tests, tools). */
export const NO_QUOTA: QuotaSettings = { keyCalls: 0, anonymousCalls: 0, period: 'day' };

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
 * The call quotas a server enforces: `CallQuota` (auth/quota.ts) counts in this process; a cluster's counts are shared
 * by every server on it (engine/clickhouse/quota.ts).
 */
export interface CallQuotas {
  readonly enabled: boolean;
  readonly now: () => number;
  /** Counts one call of a subject, or refuses it when its quota is spent (refused calls are not counted). */
  take(subject: QuotaSubject): QuotaDecision | undefined | Promise<QuotaDecision | undefined>;
  /** Writes what is not written yet (the server stops). */
  close(): Promise<void>;
}
