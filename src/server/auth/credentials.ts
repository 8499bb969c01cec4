import type { FastifyRequest } from 'fastify';
import type { QueryString } from '../http/params';

/*
 * Where a client puts its API key: the `apikey` query parameter (as the interface declares) or an
 * `Authorization: Apikey <key>` header (as the official client sends it).
 */

export const KEY_PARAMETER = 'apikey';

export type PresentedKey =
  | { readonly kind: 'none' }
  | { readonly kind: 'key'; readonly key: string }
  /** Two different keys in one request: refused rather than guessing which one counts. */
  | { readonly kind: 'conflict' };

const AUTHORIZATION = /^\s*apikey\s+(\S+)\s*$/i;

/** The key a request presents. Other `Authorization` schemes (a proxy's Basic auth) are left alone. */
export function presentedKey(request: FastifyRequest): PresentedKey {
  const keys = new Set<string>();
  const fromQuery = (request.query as QueryString | undefined)?.[KEY_PARAMETER];
  for (const value of typeof fromQuery === 'string' ? [fromQuery] : (fromQuery ?? [])) {
    if (value !== '') keys.add(value);
  }
  const header = request.headers.authorization;
  const match = header === undefined ? null : AUTHORIZATION.exec(header);
  if (match?.[1]) keys.add(match[1]);
  if (keys.size > 1) return { kind: 'conflict' };
  const [key] = keys;
  return key === undefined ? { kind: 'none' } : { kind: 'key', key };
}

function decodedName(part: string): string {
  const name = part.split('=', 1)[0] ?? '';
  try {
    return decodeURIComponent(name.replaceAll('+', ' '));
  } catch {
    return name;
  }
}

/**
 * A URL (path and query) fit for logs and links: every `apikey` value replaced, whatever the spelling
 * of its name (`api%6Bey` is decoded by the query parser like `apikey`).
 */
export function withoutKey(url: string): string {
  const at = url.indexOf('?');
  if (at < 0) return url;
  const hashAt = url.indexOf('#', at);
  const query = url.slice(at + 1, hashAt < 0 ? undefined : hashAt);
  const parts = query.split('&').filter((part) => decodedName(part) !== KEY_PARAMETER);
  return `${url.slice(0, at)}${parts.length > 0 ? `?${parts.join('&')}` : ''}`;
}
