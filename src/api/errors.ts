/** A failed call: the portal's `error_code` and `message`, and the HTTP status (0 when no answer came). */
export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly errorCode: string,
    message: string,
    readonly url: string,
  ) {
    super(message);
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function nonEmpty(value: unknown): value is string {
  return typeof value === 'string' && value.trim() !== '';
}

/** Builds the error of a non-2xx answer from its body, whatever shape the portal used. */
export function errorFromBody(status: number, body: unknown, url: string): ApiError {
  if (isRecord(body)) {
    if (nonEmpty(body.error_code) && nonEmpty(body.message)) {
      return new ApiError(status, body.error_code, body.message, url);
    }
    // Quota answers (429) use another shape: {errorcode, error, reset_time, call_limit, limit_time_unit}.
    if (nonEmpty(body.error)) {
      const reset = nonEmpty(body.reset_time) ? ` The quota resets at ${body.reset_time}.` : '';
      const code = typeof body.errorcode === 'number' ? String(body.errorcode) : 'Error';
      return new ApiError(status, code, `${body.error}${reset}`, url);
    }
    if (nonEmpty(body.message)) return new ApiError(status, 'Error', body.message, url);
  }
  return new ApiError(status, `HTTP${status}`, describeStatus(status), url);
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
  );
}

export function unexpectedResponse(status: number, url: string): ApiError {
  return new ApiError(
    status,
    'UnexpectedResponse',
    'The portal did not answer with Explore API v2.1 data. Is this an Opendatasoft portal address?',
    url,
  );
}

export function isAbortError(error: unknown): boolean {
  return error instanceof DOMException && error.name === 'AbortError';
}
