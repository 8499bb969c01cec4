import type { FastifyReply } from 'fastify';
import { attachAdmission } from '../admission/request';

/**
 * Aborts when the client goes away before the answer is sent, so its queries stop running. The signal
 * also carries the request's admission (lanes, per-client limits) to the query runner.
 */
export function clientSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  attachAdmission(controller.signal, reply.request);
  return controller.signal;
}
