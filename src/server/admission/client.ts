import type { FastifyRequest } from 'fastify';
import { callerOf } from '../auth/access';

/**
 * Who a request counts against for per-client limits: the API key's name when a valid key came with it,
 * else the client's address. Several people behind one address share its limits, as with call quotas.
 */
export function clientOf(request: FastifyRequest): string {
  const name = callerOf(request)?.keyName;
  return name === undefined ? `address:${request.ip}` : `key:${name}`;
}

/**
 * What the caller may read, as the result cache tells callers apart: the API key's name, or empty for
 * anonymous callers (who all read the same). Not the address: visitors share cached pages and facets.
 */
export function accessOf(request: FastifyRequest): string {
  const name = callerOf(request)?.keyName;
  return name === undefined ? '' : `key:${name}`;
}
