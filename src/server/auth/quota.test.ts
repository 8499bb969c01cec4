import { describe, expect, it } from 'vitest';
import { CallQuota, periodEnd, quotaExceededBody, resetTimeText } from './quota';

const at = (iso: string): number => Date.parse(iso);

describe('quota periods', () => {
  it('end at the next UTC minute, hour or midnight', () => {
    const now = at('2026-12-31T23:59:30.250Z');
    expect(resetTimeText(periodEnd(now, 'minute'))).toBe('2027-01-01T00:00:00Z');
    expect(resetTimeText(periodEnd(at('2026-03-10T10:15:00Z'), 'minute'))).toBe('2026-03-10T10:16:00Z');
    expect(resetTimeText(periodEnd(at('2026-03-10T10:15:00Z'), 'hour'))).toBe('2026-03-10T11:00:00Z');
    expect(resetTimeText(periodEnd(at('2026-02-28T00:00:00Z'), 'day'))).toBe('2026-03-01T00:00:00Z');
  });
});

describe('call quotas', () => {
  it('let exactly the limit through per subject, then refuse until the period turns', () => {
    let now = at('2026-01-25T08:00:00Z');
    const quota = new CallQuota({ keyCalls: 2, anonymousCalls: 1, period: 'day' }, () => now);
    const key = { kind: 'key', name: 'hr' } as const;
    const anonymous = { kind: 'anonymous', address: '10.0.0.1' } as const;
    expect(quota.take(key)).toMatchObject({ allowed: true, limit: 2, remaining: 1 });
    expect(quota.take(key)).toMatchObject({ allowed: true, remaining: 0 });
    expect(quota.take(key)).toMatchObject({
      allowed: false,
      remaining: 0,
      resetAt: at('2026-01-26T00:00:00Z'),
    });
    expect(quota.take(anonymous)).toMatchObject({ allowed: true, limit: 1, remaining: 0 });
    expect(quota.take({ kind: 'anonymous', address: '10.0.0.2' })).toMatchObject({ allowed: true });
    expect(quota.take(anonymous)).toMatchObject({ allowed: false });
    now = at('2026-01-25T23:59:59.999Z');
    expect(quota.take(key)?.allowed).toBe(false);
    now = at('2026-01-26T00:00:00Z');
    expect(quota.take(key)).toMatchObject({
      allowed: true,
      remaining: 1,
      resetAt: at('2026-01-27T00:00:00Z'),
    });
    expect(quota.take(anonymous)?.allowed).toBe(true);
  });

  it('count nothing for a subject without a limit', () => {
    const quota = new CallQuota({ keyCalls: 0, anonymousCalls: 5, period: 'hour' });
    expect(quota.enabled).toBe(true);
    expect(quota.take({ kind: 'key', name: 'hr' })).toBeUndefined();
    expect(new CallQuota({ keyCalls: 0, anonymousCalls: 0, period: 'day' }).enabled).toBe(false);
  });

  it('answer the body of the interface', () => {
    const decision = { allowed: false, limit: 10000, remaining: 0, resetAt: at('2021-01-26T00:00:00Z') };
    expect(quotaExceededBody({ kind: 'key', name: 'hr' }, decision, 'day')).toBe(
      '{"errorcode":10002,"reset_time":"2021-01-26T00:00:00Z","limit_time_unit":"day","call_limit":10000,"error":"Too many requests on the domain. Please contact the domain administrator."}',
    );
    expect(JSON.parse(quotaExceededBody({ kind: 'anonymous', address: '::1' }, decision, 'hour'))).toEqual({
      errorcode: 10005,
      reset_time: '2021-01-26T00:00:00Z',
      limit_time_unit: 'hour',
      call_limit: 10000,
      error: 'You have exceeded the requests limit for anonymous users.',
    });
  });
});
