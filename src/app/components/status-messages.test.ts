import { describe, expect, it } from 'vitest';
import { ApiError, errorFromBody, networkError } from '../../api';
import { errorAdvice, isRetryable, sameRefusal } from './StatusMessages';

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

  it('tells when two requests were refused for the same reason', () => {
    const refused = (message: string, status = 400) =>
      errorFromBody(status, { error_code: 'InvalidRESTParameterError', message }, '/');
    expect(sameRefusal(refused('nofield is not a facet'), refused('nofield is not a facet'))).toBe(true);
    expect(sameRefusal(refused('nofield is not a facet'), refused('another reason'))).toBe(false);
    // Not a refusal: a failure the other request may not share.
    expect(sameRefusal(refused('down', 503), refused('down', 503))).toBe(false);
    expect(sameRefusal(refused('x'), undefined)).toBe(false);
    const otherCode = errorFromBody(
      400,
      { error_code: 'ODSQLError', message: 'nofield is not a facet' },
      '/',
    );
    expect(sameRefusal(refused('nofield is not a facet'), otherCode)).toBe(false);
    expect(sameRefusal(refused('gone', 404), refused('gone', 404))).toBe(false);
    expect(sameRefusal(networkError('/'), networkError('/'))).toBe(false);
  });
});
