import type { FastifyInstance, FastifyRequest, FastifySchema, RouteHandlerMethod } from 'fastify';
import type { QueryString } from '../http/params';

/*
 * v1 requests come as GET with a query string or as POST with a form body (odsql.md §10). Both are read
 * as one parameter list: the query string, then the form's values (repeated names become lists, as the
 * query string parser makes them). The list replaces the request's query before Fastify checks it against
 * the route's schema, so that a parameter is checked the same whichever way it came.
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
function mergedParams(req: FastifyRequest): Record<string, string | string[]> {
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

/** The parameters of a v1 request, both forms merged and checked against its route's schema. */
export function v1Params(req: FastifyRequest): QueryString {
  return (req.query ?? {}) as QueryString;
}

/** Registers a v1 endpoint for GET and POST, its parameters declared by `querystring` (and `params`). */
export function getAndPost(
  app: FastifyInstance,
  url: string,
  schema: Pick<FastifySchema, 'querystring' | 'params'>,
  handler: RouteHandlerMethod,
): void {
  app.route({
    method: ['GET', 'POST'],
    url,
    schema,
    preValidation: async (req) => {
      req.query = mergedParams(req);
    },
    handler,
  });
}
