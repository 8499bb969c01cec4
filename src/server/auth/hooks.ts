import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ServerContext } from '../context';
import { ApiError } from '../errors';
import { sendErrorBody } from '../http/reply';
import { setCaller } from './access';
import { presentedKey } from './credentials';
import { loadKeyRing } from './keys';
import { openAccessPolicy } from './policy';
import { type QuotaSubject, quotaExceededBody, resetHeader } from './quota';

/*
 * One hook in front of every API route (installed in the API's scope, app.ts, so it runs for each route
 * there and for its 404s, whatever form the request target took): it counts the call against the
 * caller's quota, checks the key, and refuses any route whose `:dataset_id` (or the v1.0 `dataset`
 * parameter) names a restricted dataset the caller may not read, so that new dataset routes (exports…)
 * are covered without edits. Routes then find datasets through auth/access.ts, which fails closed.
 */

/** v1.0 routes name their dataset in the `dataset` query parameter instead of the path. */
const V1_PREFIXES = ['/api/records/1.0/', '/api/datasets/1.0/'];
/**
 * Dataset ids in a path, whether or not a route matches it: a path under a restricted dataset answers
 * 401 rather than 404, so that no sub-path (a route added later, a typo) tells more than the dataset does.
 */
const DATASET_PATHS = [/\/catalog\/datasets\/([^/]+)/, /^\/api\/datasets\/1\.0\/([^/]+)/];

function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined; // the router answers the malformed path
  }
}

function datasetIdsOf(req: FastifyRequest, path: string): string[] {
  const ids: string[] = [];
  const params = req.params as Readonly<Record<string, unknown>> | undefined;
  if (typeof params?.dataset_id === 'string') ids.push(params.dataset_id);
  for (const pattern of DATASET_PATHS) {
    const segment = pattern.exec(path)?.[1];
    const id = segment === undefined ? undefined : decoded(segment);
    if (id !== undefined) ids.push(id);
  }
  if (V1_PREFIXES.some((p) => path.startsWith(p))) {
    const value = (req.query as Readonly<Record<string, unknown>> | undefined)?.dataset;
    for (const v of Array.isArray(value) ? value : [value]) if (typeof v === 'string') ids.push(v);
  }
  return ids;
}

/** A 401, naming the scheme a client should use (RFC 9110 asks for the header on every 401). */
function unauthorized(reply: FastifyReply, message: string): ApiError {
  reply.header('WWW-Authenticate', 'Apikey realm="Explore API"');
  return new ApiError('Unauthorized', message);
}

export async function installAccess(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  const keys = await loadKeyRing(ctx.config.dataDir);
  const policy = await openAccessPolicy(ctx.sharedCatalog, ctx.catalog, keys, ctx.log);
  const quota = ctx.quotas;

  app.addHook('onRequest', async (req: FastifyRequest, reply: FastifyReply) => {
    const path = req.url.split('?', 1)[0] ?? '';
    const presented = presentedKey(req);
    const grant = presented.kind === 'key' ? keys.find(presented.key) : undefined;
    // A wrong key is charged to the client's address: trying keys in a loop spends the anonymous quota.
    const subject: QuotaSubject = grant
      ? { kind: 'key', name: grant.name }
      : { kind: 'anonymous', address: req.ip };
    const decision = await quota.take(subject);
    if (decision) {
      reply.header('X-RateLimit-Limit', String(decision.limit));
      reply.header('X-RateLimit-Remaining', String(decision.remaining));
      reply.header('X-RateLimit-Reset', resetHeader(decision.resetAt, path));
      if (!decision.allowed) {
        reply.header('Retry-After', String(Math.max(1, Math.ceil((decision.resetAt - quota.now()) / 1000))));
        return sendErrorBody(reply, 429, quotaExceededBody(subject, decision, ctx.config.quota.period));
      }
    }
    if (presented.kind === 'conflict') {
      throw unauthorized(
        reply,
        'The request holds two different API keys (apikey parameter and Authorization header).',
      );
    }
    if (presented.kind === 'key' && !grant) throw unauthorized(reply, 'The API key is not valid.');
    const caller = grant ? policy.callerFor(grant) : policy.anonymous;
    setCaller(req, caller);
    for (const id of datasetIdsOf(req, path)) {
      if (!caller.canRead(id)) {
        throw unauthorized(
          reply,
          grant
            ? `The API key does not give access to dataset ${id}.`
            : `Dataset ${id} is restricted: an API key is required (apikey parameter or Authorization: Apikey header).`,
        );
      }
    }
    return undefined;
  });
}
