import type { FastifyReply } from 'fastify';

/**
 * Cuts a download whose client accepts no byte for `idleMs`. The socket's inactivity timer restarts
 * whenever the kernel takes bytes from us, so a slow but steady reader is never cut; one that stopped
 * reading is, and closing the connection aborts the request's signal, which cancels its query and frees
 * its connection. Node resets the socket's timer for keep-alive once the answer is complete. (Node lets
 * a write still in progress extend the timer once, so the cut comes between one and two idle times.)
 */
export function cutWhenIdle(reply: FastifyReply, idleMs: number): void {
  reply.raw.setTimeout(idleMs, () => {
    reply.raw.destroy();
  });
}
