import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Admission, RequestAdmission } from './admission';
import { accessOf, clientOf } from './client';
import { workloadOf } from './workload';

/*
 * The admission of each request, found again from the request's signal: the query runner receives the
 * signal (see http/signal.ts) and nothing else of the request, and every route passes it already.
 */

const byRequest = new WeakMap<FastifyRequest, RequestAdmission>();
const bySignal = new WeakMap<AbortSignal, RequestAdmission>();

/** Opens a request's admission (an onRequest hook, after the access hook named the caller). */
export function openAdmission(request: FastifyRequest, reply: FastifyReply, admission: Admission): void {
  const opened = admission.open(clientOf(request), accessOf(request), workloadOf(request.url));
  byRequest.set(request, opened);
  // Sent, failed or abandoned: the request's per-client tokens go back.
  reply.raw.once('close', () => opened.release());
}

export function admissionOfRequest(request: FastifyRequest): RequestAdmission | undefined {
  return byRequest.get(request);
}

/** Ties a request's signal to its admission. */
export function attachAdmission(signal: AbortSignal, request: FastifyRequest): void {
  const opened = byRequest.get(request);
  if (opened) bySignal.set(signal, opened);
}

/** The admission of the request a signal belongs to; undefined for internal queries. */
export function admissionOf(signal: AbortSignal): RequestAdmission | undefined {
  return bySignal.get(signal);
}
