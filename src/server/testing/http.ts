import { inject } from 'vitest';

/** Origin of the test server, e.g. `http://127.0.0.1:40123`. */
export function origin(): string {
  const base = inject('apiBase');
  // Only the `http` project boots the shared server (vitest.config.ts): say so instead of fetching `undefined`.
  if (!base)
    throw new Error('This test needs the test server: name it *.http.test.ts or list it in vitest.config.ts');
  return base;
}

/**
 * The test server runs with ENGINE=clickhouse (`npm run test:clickhouse`): a test may then expect the
 * documented 400 of a construct the ClickHouse dialect does not support, instead of DuckDB's answer.
 */
export function onClickHouse(): boolean {
  return inject('testEngine') === 'clickhouse';
}

/** Root of an API version on the test server. */
export function api(version: '2.0' | '2.1' = '2.1'): string {
  return `${origin()}/api/explore/v${version}`;
}

export interface JsonResponse<T = unknown> {
  readonly status: number;
  readonly headers: Headers;
  readonly body: T;
  readonly text: string;
}

/** GET a URL with query parameters (repeated ones as arrays), parsing the JSON answer if there is one. */
export async function getJsonAt<T = unknown>(
  address: string,
  params: Readonly<Record<string, string | number | readonly string[]>> = {},
): Promise<JsonResponse<T>> {
  const url = new URL(address);
  for (const [key, value] of Object.entries(params)) {
    for (const v of Array.isArray(value) ? value : [value]) url.searchParams.append(key, String(v));
  }
  const res = await fetch(url);
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  return { status: res.status, headers: res.headers, body: body as T, text };
}

/** GET an API path with query parameters (repeated ones as arrays), parsing the JSON answer. */
export function getJson<T = unknown>(
  path: string,
  params: Readonly<Record<string, string | number | readonly string[]>> = {},
  version: '2.0' | '2.1' = '2.1',
): Promise<JsonResponse<T>> {
  return getJsonAt<T>(`${api(version)}${path}`, params);
}
