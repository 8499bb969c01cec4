import { describe, expect, it } from 'vitest';
import { ApiError, errorFromBody, networkError } from '../../api';
import { errorAdvice, isRetryable } from './StatusMessages';

describe('error advice', () => {
  it('tells each kind of failure apart', () => {
    const odsql = errorFromBody(400, { error_code: 'ODSQLError', message: 'x' }, '/');
    expect(errorAdvice(odsql)).toMatch(/not valid ODSQL/);
    expect(errorAdvice(errorFromBody(401, undefined, '/'))).toMatch(/API key/);
    expect(errorAdvice(errorFromBody(404, undefined, '/'))).toMatch(/removed or renamed/);
    expect(errorAdvice(networkError('http://127.0.0.1:9'))).toMatch(/CORS/);
    expect(errorAdvice(new Error('boom'))).toBeUndefined();
  });

  it('says until when a quota holds', () => {
    const quota = errorFromBody(
      429,
      { errorcode: 10002, error: 'Too many', reset_time: '2031-01-26T00:00:00Z' },
      '/',
    );
    expect(errorAdvice(quota)).toContain(new Date('2031-01-26T00:00:00Z').toLocaleString());
    expect(errorAdvice(errorFromBody(429, undefined, '/'))).toMatch(/try again later/);
  });

  it('offers a retry only when asking again can help', () => {
    expect(isRetryable(new ApiError(503, 'HTTP503', 'x', '/'))).toBe(true);
    expect(isRetryable(networkError('/'))).toBe(true);
    expect(isRetryable(errorFromBody(400, undefined, '/'))).toBe(false);
  });
});
