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
