import type { FastifyRequest } from 'fastify';
import type { Link } from '../../api/types';
import type { ApiVersion } from '../../api/version';
import type {} from '../../odsql';
import { KEY_PARAMETER } from '../auth/credentials';
import { publicBase } from './gate';
import { lastReachable, PAGING } from './params';

/** The API root of a request: `http://127.0.0.1:8080/api/explore/v2.1`, or under PUBLIC_URL. */
export function apiRoot(req: FastifyRequest, prefix: string): string {
  return `${publicBase(req)}${prefix}`;
}

/**
 * The request URL with some query parameters replaced (or removed with `null`). The API key is never
 * echoed: links are shared and logged by clients.
 */
export function withQuery(req: FastifyRequest, changes: Readonly<Record<string, string | null>>): string {
  const url = new URL(`${publicBase(req)}${req.url}`);
  url.searchParams.delete(KEY_PARAMETER);
  for (const [key, value] of Object.entries(changes)) {
    if (value === null) url.searchParams.delete(key);
    else url.searchParams.set(key, value);
  }
  return url.toString();
}

/**
 * self, first, last and next links of a paged list. `last` and `next` stay within the pages a request
 * may ask for (offset + limit < 10,000), so following them never runs into the paging limit.
 */
export function pageLinks(req: FastifyRequest, total: number, limit: number, offset: number): Link[] {
  const links: Link[] = [
    { rel: 'self', href: withQuery(req, {}) },
    { rel: 'first', href: withQuery(req, { offset: '0' }) },
  ];
  if (limit > 0) {
    const reach = lastReachable(PAGING.records);
    const lastWithin = Math.floor((reach - limit) / limit) * limit;
    const last = Math.min(total === 0 ? 0 : Math.floor((total - 1) / limit) * limit, lastWithin);
    links.push({ rel: 'last', href: withQuery(req, { offset: String(last) }) });
    const next = offset + limit;
    if (next < total && next + limit <= reach)
      links.push({ rel: 'next', href: withQuery(req, { offset: String(next) }) });
  }
  return links;
}

/** Every API version the server answers, with its path prefix. `/api/v2` is the older v2.0 alias. */
export const API_PREFIXES: readonly { readonly prefix: string; readonly version: ApiVersion }[] = [
  { prefix: '/api/explore/v2.1', version: '2.1' },
  { prefix: '/api/explore/v2.0', version: '2.0' },
  { prefix: '/api/v2', version: '2.0' },
];
