import type { FastifyReply } from 'fastify';

/**
 * `Content-Disposition` of a downloaded file. Header values must be ASCII, so a name with other
 * characters gets an ASCII stand-in in `filename` and its exact form in `filename*` (RFC 6266, 8187).
 */
export function attachmentDisposition(name: string): string {
  const ascii = name.replace(/[^\x20-\x7e]|["\\]/g, '_');
  if (ascii === name) return `attachment; filename="${name}"`;
  const exact = encodeURIComponent(name).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${exact}`;
}

/**
 * Sends an error body (`errors.ts`) typed `application/json` with no charset, as the service labels its
 * errors (conformance captures 29, 30). Sent as bytes: Fastify adds `charset=utf-8` to JSON text.
 */
export function sendErrorBody(reply: FastifyReply, status: number, body: string): FastifyReply {
  return reply.status(status).type('application/json').send(Buffer.from(body));
}
