import type { FastifyReply } from 'fastify';

/** Aborts when the client goes away before the answer is sent, so its queries stop running. */
export function clientSignal(reply: FastifyReply): AbortSignal {
  const controller = new AbortController();
  reply.raw.once('close', () => {
    if (!reply.raw.writableFinished) controller.abort();
  });
  return controller.signal;
}
