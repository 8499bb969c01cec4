import { describe, expect, it } from 'vitest';
import { ApiError, errorFromBody, errorKind, networkError } from './errors';

const url = 'https://data.example.org/api/explore/v2.1/catalog/datasets';

describe('errorFromBody', () => {
  it('keeps the ODSQL message of a 400', () => {
    const error = errorFromBody(
      400,
      { error_code: 'ODSQLError', message: 'Unknown field: "nope" in where clause.' },
      url,
    );
    expect(error).toMatchObject({ kind: 'bad-request', errorCode: 'ODSQLError', isQueryError: true });
    expect(error.message).toBe('Unknown field: "nope" in where clause.');
  });

  it('names 401, 403 and 404 even without a body', () => {
    expect(errorFromBody(401, undefined, url)).toMatchObject({
      kind: 'unauthorized',
      message: 'The portal refused access (HTTP 401).',
      isQueryError: false,
    });
    expect(errorFromBody(403, 'nope', url).kind).toBe('unauthorized');
    expect(
      errorFromBody(
        404,
        { error_code: 'NotFoundResource', message: 'The requested dataset x does not exist.' },
        url,
      ),
    ).toMatchObject({ kind: 'not-found', errorCode: 'NotFoundResource' });
    expect(errorFromBody(502, null, url)).toMatchObject({ kind: 'server', errorCode: 'HTTP502' });
  });

  it('reads the quota body of a 429 with its reset time and limit', () => {
    const error = errorFromBody(
      429,
      {
        errorcode: 10002,
        reset_time: '2021-01-26T00:00:00Z',
        limit_time_unit: 'day',
        call_limit: 10000,
        error: 'Too many requests on the domain.',
      },
      url,
    );
    expect(error).toMatchObject({
      kind: 'quota',
      errorCode: '10002',
      quota: { resetTime: '2021-01-26T00:00:00Z', callLimit: 10000, limitTimeUnit: 'day' },
    });
  });

  it('falls back on the rate-limit headers of a 429 without that body', () => {
    const headers = new Headers({ 'X-RateLimit-Reset': '1611619200', 'X-RateLimit-Limit': '5000' });
    const error = errorFromBody(429, undefined, url, headers);
    expect(error.quota).toEqual({ resetTime: '2021-01-26T00:00:00.000Z', callLimit: 5000 });
    expect(error.message).toContain('2021-01-26T00:00:00.000Z');
    expect(errorFromBody(429, undefined, url).quota).toEqual({});
  });

  it('reads the v2 form of the reset header, a UTC date-time (conformance capture 01)', () => {
    const headers = new Headers({ 'X-RateLimit-Reset': '2026-08-18 00:00:00+00:00' });
    expect(errorFromBody(429, undefined, url, headers).quota).toEqual({
      resetTime: '2026-08-18T00:00:00.000Z',
    });
    const garbled = new Headers({ 'X-RateLimit-Reset': 'tomorrow' });
    expect(errorFromBody(429, undefined, url, garbled).quota).toEqual({});
  });
});

describe('error kinds', () => {
  it('maps statuses', () => {
    expect([0, 400, 401, 403, 404, 429, 500, 503].map(errorKind)).toEqual([
      'network',
      'bad-request',
      'unauthorized',
      'unauthorized',
      'not-found',
      'quota',
      'server',
      'server',
    ]);
    const error = networkError('http://127.0.0.1:9/api');
    expect(error).toBeInstanceOf(ApiError);
    expect(error.kind).toBe('network');
  });
});
