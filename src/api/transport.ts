import { errorFromBody, isAbortError, networkError, unexpectedResponse } from './errors';

/** Checks that a body has the shape an endpoint promises, so views never read a foreign page as data. */
export type Shape<T> = (body: unknown) => body is T;

export interface TransportOptions {
  readonly fetch?: typeof fetch;
  /** Explore API key: sent as `Authorization: Apikey …`, so it never shows in an address. */
  readonly apiKey?: string;
}

export type Get = <T>(url: string, shape: Shape<T>, signal: AbortSignal | undefined) => Promise<T>;

export const isObject = (body: unknown): body is Record<string, unknown> =>
  typeof body === 'object' && body !== null && !Array.isArray(body);

/** One JSON GET: an `ApiError` for every failure except a cancellation, which rejects with the abort. */
export function createGet(options: TransportOptions): Get {
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const headers: Record<string, string> = { Accept: 'application/json' };
  const key = options.apiKey?.trim();
  if (key) headers.Authorization = `Apikey ${key}`;

  return async <T>(url: string, shape: Shape<T>, signal: AbortSignal | undefined): Promise<T> => {
    let response: Response;
    try {
      response = await fetchImpl(url, { signal, headers });
    } catch (error) {
      if (isAbortError(error) || signal?.aborted) throw error;
      throw networkError(url);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      if (isAbortError(error) || signal?.aborted) throw error;
      body = undefined;
    }
    if (!response.ok) throw errorFromBody(response.status, body, url, response.headers);
    if (!shape(body)) throw unexpectedResponse(response.status, url);
    return body;
  };
}

/** A GET whose answer is a file (an export): the response, unread, once it is known to be a success. */
export type GetFile = (url: string, signal: AbortSignal | undefined) => Promise<Response>;

export function createGetFile(options: TransportOptions): GetFile {
  const fetchImpl = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const headers: Record<string, string> = {};
  const key = options.apiKey?.trim();
  if (key) headers.Authorization = `Apikey ${key}`;

  return async (url, signal) => {
    let response: Response;
    try {
      response = await fetchImpl(url, { signal, headers });
    } catch (error) {
      if (isAbortError(error) || signal?.aborted) throw error;
      throw networkError(url);
    }
    if (!response.ok) {
      // Errors found before the file starts come as the interface's JSON error bodies.
      const body: unknown = await response.json().catch(() => undefined);
      throw errorFromBody(response.status, body, url, response.headers);
    }
    return response;
  };
}
