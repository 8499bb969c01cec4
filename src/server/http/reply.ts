import type { FastifyReply } from 'fastify';

/** Sends JSON text already serialised (records pages embed JSON produced by SQL). */
export function sendJson(reply: FastifyReply, body: string): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}
