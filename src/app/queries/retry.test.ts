import { describe, expect, it } from 'vitest';
import { ApiError, errorFromBody } from '../../api';
import { retryDelay, shouldRetry } from './retry';

const url = '/api/explore/v2.1/catalog/datasets/flights/facets';
const busy = errorFromBody(
  429,
  { error_code: 'TooManyRequests', message: 'Too many queries over large datasets at once' },
  url,
  new Headers({ 'Retry-After': '5' }),
);

describe('asking again after a failure', () => {
  it('waits out a 429 that says when to come back, a few times, with a little random spread', () => {
    expect(busy.retryAfterSeconds).toBe(5);
    expect(shouldRetry(0, busy)).toBe(true);
    expect(shouldRetry(2, busy)).toBe(true);
    expect(shouldRetry(3, busy)).toBe(false);
    expect(retryDelay(0, busy, () => 0)).toBe(5000);
    expect(retryDelay(0, busy, () => 0.5)).toBe(5500);
  });

  it('does not wait for a quota spent until later, nor for a 429 that does not say when', () => {
    const quota = errorFromBody(
      429,
      { errorcode: 10002, error: 'Too many requests', reset_time: '2031-01-01T00:00:00Z' },
      url,
      new Headers({ 'Retry-After': '43200' }),
    );
    expect(shouldRetry(0, quota)).toBe(false);
    expect(shouldRetry(0, errorFromBody(429, undefined, url))).toBe(false);
  });

  it('retries a failing server twice and a refused request never', () => {
    const failing = errorFromBody(502, null, url);
    expect(shouldRetry(0, failing)).toBe(true);
    expect(shouldRetry(2, failing)).toBe(false);
    expect(retryDelay(1, failing)).toBe(2000);
    const saturated = errorFromBody(503, null, url, new Headers({ 'Retry-After': '10' }));
    expect(retryDelay(0, saturated, () => 0)).toBe(10_000);
    expect(shouldRetry(0, errorFromBody(400, { error_code: 'ODSQLError', message: 'x' }, url))).toBe(false);
    expect(shouldRetry(0, new ApiError(0, 'NetworkError', 'offline', url))).toBe(false);
    expect(shouldRetry(0, new Error('boom'))).toBe(false);
  });

  it('reads Retry-After as an HTTP date too', () => {
    const at = new Date(Date.now() + 8000).toUTCString();
    const error = errorFromBody(429, undefined, url, new Headers({ 'Retry-After': at }));
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(6);
    expect(error.retryAfterSeconds).toBeLessThanOrEqual(8);
  });
});
