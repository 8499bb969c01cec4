import type { FastifyInstance, FastifyRequest, RouteHandlerMethod } from 'fastify';
import type { QueryString } from '../http/params';

/*
 * v1 requests come as GET with a query string or as POST with a form body (odsql.md §10). Both are read
 * as one parameter list: the query string, then the form's values (repeated names become lists, as the
 * query string parser makes them).
 */

/** Form bodies parse like query strings; other bodies are refused by the framework (415). */
export function acceptForms(app: FastifyInstance): void {
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 1024 * 1024 },
    (_req, body, done) => {
      done(null, formValues(String(body)));
    },
  );
}

/** `a=1&a=2&b=3` → `{a: ['1', '2'], b: '3'}`. */
export function formValues(text: string): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const had = out[key];
    // Appended in place: a body of a megabyte may repeat one name a hundred thousand times.
    if (had === undefined) out[key] = value;
    else if (Array.isArray(had)) had.push(value);
    else out[key] = [had, value];
  }
  return out;
}

/** The parameters of a v1 request: its query string and, on POST, its form body. */
export function v1Params(req: FastifyRequest): QueryString {
  const query = (req.query ?? {}) as Record<string, string | string[]>;
  const body = req.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return query;
  const merged: Record<string, string | string[]> = { ...query };
  for (const [key, value] of Object.entries(body as Record<string, unknown>)) {
    const values = (Array.isArray(value) ? value : [value]).filter((v): v is string => typeof v === 'string');
    if (values.length === 0) continue;
    const had = merged[key];
    const all = had === undefined ? values : [...(Array.isArray(had) ? had : [had]), ...values];
    merged[key] = all.length === 1 ? all[0]! : all;
  }
  return merged;
}

/** Registers a v1 endpoint for GET and POST. */
export function getAndPost(app: FastifyInstance, url: string, handler: RouteHandlerMethod): void {
  app.route({ method: ['GET', 'POST'], url, handler });
}
