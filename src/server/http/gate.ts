import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from '../errors';
import { isValidHost, readTarget } from './target';

/*
 * What every request passes before its route: its target read into one canonical path (target.ts), and
 * the origin its links are written with. Access, quotas and input checks then run in the API's own scope
 * (app.ts), keyed on the route that answers, never on how the client spelt the URL.
 */

const refusedTargets = new WeakMap<IncomingMessage, string>();
const publicBases = new WeakMap<FastifyRequest, string>();

/**
 * Fastify's `rewriteUrl`: runs before routing. An absolute-form target becomes its path, and its host
 * replaces the Host header as RFC 9112 §3.2.2 asks. A target that is no path is routed to `/` and refused
 * by the gate's first hook before any handler runs (rewriteUrl itself cannot answer).
 */
export function rewriteTarget(raw: IncomingMessage): string {
  const reading = readTarget(raw.url ?? '');
  if (!reading.ok) {
    refusedTargets.set(raw, reading.reason);
    return '/';
  }
  if (reading.authority !== undefined) raw.headers.host = reading.authority;
  return reading.url;
}

/**
 * Installs the gate's hook, the first of every request. `publicUrl` (the PUBLIC_URL setting) is the
 * origin, and optional path, clients reach the server at behind a proxy: links use it and the Host header
 * is not needed. Without it links are built on the request's own Host, which must then be a valid host:
 * HTTP/1.1 requires one (RFC 9112 §3.2), and a missing or malformed one is refused rather than guessed.
 */
export function installGate(app: FastifyInstance, publicUrl: string | undefined): void {
  app.addHook('onRequest', async (req) => {
    const refused = refusedTargets.get(req.raw);
    if (refused !== undefined) throw new ApiError('InvalidRESTParameterError', refused);
    if (publicUrl !== undefined) {
      publicBases.set(req, publicUrl);
      return;
    }
    // The Host header, or X-Forwarded-Host from a proxy TRUST_PROXY names (Fastify reads which).
    const host = req.host;
    if (!isValidHost(host)) {
      throw new ApiError(
        'InvalidRESTParameterError',
        host === undefined || host === ''
          ? 'The request has no Host header: HTTP/1.1 requires one.'
          : 'The request has a malformed Host header.',
      );
    }
    publicBases.set(req, `${req.protocol === 'https' ? 'https' : 'http'}://${host}`);
  });
}

/**
 * The origin links of this request are built on: `http://127.0.0.1:8080`, or PUBLIC_URL. Every request
 * that reaches a route has one (the gate refused the others).
 */
export function publicBase(req: FastifyRequest): string {
  const base = publicBases.get(req);
  if (base === undefined) throw new Error('publicBase: the gate did not run for this request');
  return base;
}
