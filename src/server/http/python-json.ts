import type { FastifyInstance } from 'fastify';

/*
 * JSON text as the real service writes it. Its answers come from Python's `json.dumps` with the default
 * options: `", "` between items, `": "` after keys, and every character outside ASCII escaped as
 * `\uXXXX` (lower-case hex, a surrogate pair beyond the BMP). The recorded bodies show it (conformance
 * captures 01–06: `"refreshes\u00a0daily"`, `{"total_count": 185845, "results": …}`; v1 capture 42:
 * `Pyr\u00e9n\u00e9es`). Clients parse the same values either way; byte-for-byte clients (caches keyed
 * on bodies, recorded fixtures) see the same text.
 */

/** A JSON string (escapes included) or a separator outside strings. */
const TOKEN = /"(?:[^"\\]|\\.)*"|[,:]/g;
const NON_ASCII = /[\u0080-\uffff]/;
const NON_ASCII_ALL = /[\u0080-\uffff]/g;

function escapeUnit(char: string): string {
  return `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;
}

/**
 * Escapes every UTF-16 unit outside ASCII as `\uXXXX`. In JSON text such characters only occur inside
 * strings, so the whole text may be escaped at once.
 */
export function asciiJson(text: string): string {
  return NON_ASCII.test(text) ? text.replace(NON_ASCII_ALL, escapeUnit) : text;
}

function spaced(token: string): string {
  if (token === ',') return ', ';
  if (token === ':') return ': ';
  return token;
}

/** Compact JSON text with the service's separators (`", "`, `": "`), characters left as they are. */
export function spacedJson(compact: string): string {
  return compact.replace(TOKEN, spaced);
}

/** Compact JSON text (as `JSON.stringify` or Fastify's serialiser write it) in the service's form. */
export function pythonJson(compact: string): string {
  return asciiJson(spacedJson(compact));
}

/**
 * Writes the JSON replies of a scope's routes in the service's form: each reply is serialised from its
 * route's response schema (which keeps its key order and drops unlisted keys), then respaced and
 * escaped. Bodies sent as text (errors, exports) are left as they are.
 */
export function replyInPythonJson(app: FastifyInstance): void {
  app.addHook('preSerialization', async (_req, reply, payload) => {
    const schema = reply.getSerializationFunction(String(reply.statusCode));
    reply.serializer((data: unknown) =>
      pythonJson(schema ? schema(data as Record<string, unknown>) : JSON.stringify(data)),
    );
    return payload;
  });
}
