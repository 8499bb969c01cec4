/**
 * What went wrong, as the views need to tell it: a wrong query (400, with the portal's ODSQL message),
 * missing or refused credentials (401/403), an unknown dataset or record (404), an exceeded quota (429,
 * with its reset time), a failing portal (5xx), no answer at all, or an answer that is not Explore API data.
 */
export type ApiErrorKind =
  | 'bad-request'
  | 'unauthorized'
  | 'not-found'
  | 'quota'
  | 'server'
  | 'network'
  | 'unexpected';

export function errorKind(status: number): ApiErrorKind {
  if (status === 0) return 'network';
  if (status === 401 || status === 403) return 'unauthorized';
  if (status === 404) return 'not-found';
  if (status === 429) return 'quota';
  if (status >= 500) return 'server';
  return 'bad-request';
}

/** A quota answer's terms: when it resets and how many calls it allows per period. */
export interface QuotaInfo {
  readonly resetTime?: string;
  readonly callLimit?: number;
  readonly limitTimeUnit?: string;
}

/** A failed call: the portal's `error_code` and `message`, and the HTTP status (0 when no answer came). */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly kind: ApiErrorKind;

  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly url: string,
    kind?: ApiErrorKind,
    readonly quota?: QuotaInfo,
    /** The answer's `Retry-After` in seconds (a 429 or 503 says when asking again may succeed). */
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
    this.kind = kind ?? errorKind(status);
  }

  /** A query the portal could not read (its message says where): fixing the query, not retrying, helps. */
  get isQueryError(): boolean {
    return this.kind === 'bad-request' && this.errorCode === 'ODSQLError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmpty(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** `Retry-After` as seconds from now: a number of seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterSeconds(headers: Headers | undefined, now = Date.now()): number | undefined {
  const value = headers?.get('retry-after')?.trim();
  if (!value) return undefined;
  if (/^\d+$/.test(value)) return Number(value);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, Math.ceil((at - now) / 1000));
}

/** Builds the error of a non-2xx answer from its body, whatever shape the portal used. */
export function errorFromBody(status: number, body: unknown, url: string, headers?: Headers): ApiError {
  const error = errorOfBody(status, body, url, headers);
  const retryAfter = retryAfterSeconds(headers);
  if (retryAfter === undefined) return error;
  return new ApiError(error.status, error.errorCode, error.message, url, error.kind, error.quota, retryAfter);
}

function errorOfBody(status: number, body: unknown, url: string, headers?: Headers): ApiError {
  if (status === 429 && !(isRecord(body) && nonEmpty(body.error))) return quotaFromHeaders(url, headers);
  if (isRecord(body)) {
    if (nonEmpty(body.error_code) && nonEmpty(body.message)) {
      return new ApiError(status, body.error_code, body.message, url);
    }
    // Quota answers (429) use another shape: {errorcode, error, reset_time, call_limit, limit_time_unit}.
    if (nonEmpty(body.error)) {
      const reset = nonEmpty(body.reset_time) ? ` The quota resets at ${body.reset_time}.` : '';
      const code = typeof body.errorcode === 'number' ? String(body.errorcode) : 'Error';
      const quota: QuotaInfo = {
        ...(nonEmpty(body.reset_time) ? { resetTime: body.reset_time } : {}),
        ...(typeof body.call_limit === 'number' ? { callLimit: body.call_limit } : {}),
        ...(nonEmpty(body.limit_time_unit) ? { limitTimeUnit: body.limit_time_unit } : {}),
      };
      return new ApiError(status, code, `${body.error}${reset}`, url, undefined, quota);
    }
    if (nonEmpty(body.message)) return new ApiError(status, 'Error', body.message, url);
  }
  return new ApiError(status, `HTTP${status}`, describeStatus(status), url);
}

/** A 429 without the quota body: the rate-limit headers still tell when to come back. */
function quotaFromHeaders(url: string, headers: Headers | undefined): ApiError {
  const resetTime = resetInstant(headers?.get('x-ratelimit-reset') ?? null);
  const limit = Number(headers?.get('x-ratelimit-limit') ?? Number.NaN);
  return new ApiError(
    429,
    'HTTP429',
    `${describeStatus(429)}${resetTime ? ` The quota resets at ${resetTime}.` : ''}`,
    url,
    'quota',
    { ...(resetTime ? { resetTime } : {}), ...(Number.isFinite(limit) ? { callLimit: limit } : {}) },
  );
}

/**
 * `X-RateLimit-Reset` as an ISO instant. Portals write it as a UTC date-time on the Explore API v2
 * (`2026-08-18 00:00:00+00:00`) and as Unix seconds on v1.
 */
function resetInstant(reset: string | null): string | undefined {
  if (reset === null) return undefined;
  if (/^\d+$/.test(reset)) return new Date(Number(reset) * 1000).toISOString();
  const match = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}:\d{2})(Z|[+-]\d{2}:\d{2})$/.exec(reset.trim());
  if (!match) return undefined;
  const time = Date.parse(`${match[1]}T${match[2]}${match[3]}`);
  return Number.isNaN(time) ? undefined : new Date(time).toISOString();
}

function describeStatus(status: number): string {
  if (status === 401 || status === 403) return `The portal refused access (HTTP ${status}).`;
  if (status === 404) return 'The portal has no such resource (HTTP 404).';
  if (status === 429) return 'Too many requests: the portal quota is exceeded (HTTP 429).';
  if (status >= 500) return `The portal failed to answer (HTTP ${status}).`;
  return `The portal rejected the request (HTTP ${status}).`;
}

/** The error of a request that got no answer at all (unreachable host, refused by CORS, offline). */
export function networkError(url: string): ApiError {
  let host = url;
  try {
    host = new URL(url, 'http://localhost').origin;
  } catch {
    // Keep the raw text: it is only used in the message.
  }
  return new ApiError(
    0,
    'NetworkError',
    `Could not reach ${host}. Check the portal address and your connection.`,
    url,
    'network',
  );
}

export function unexpectedResponse(status: number, url: string): ApiError {
  return new ApiError(
    status,
    'UnexpectedResponse',
    'The portal did not answer with Explore API data. Is this an Opendatasoft portal address?',
    url,
    'unexpected',
  );
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
