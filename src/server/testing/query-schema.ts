import Fastify from 'fastify';
import { ApiError } from '../errors';
import { PARAMETER_VALIDATION } from '../http/schema-errors';

/**
 * What a route declaring `querystring` answers `query` with, before its handler: the message of the
 * interface's refusal, or undefined when the parameters fit. A bare Fastify app with the server's
 * validation options, so a module's tests can check its schema without the whole server.
 */
export async function schemaRefusal(
  querystring: object,
  query: Readonly<Record<string, string | string[]>>,
): Promise<string | undefined> {
  const app = Fastify(PARAMETER_VALIDATION);
  let refusal: string | undefined;
  app.setErrorHandler((error, _req, reply) => {
    refusal = error instanceof ApiError ? `${error.code}: ${error.message}` : `not an ApiError: ${error}`;
    return reply.status(400).send();
  });
  app.get('/', { schema: { querystring } }, async () => ({}));
  try {
    await app.inject({ method: 'GET', url: '/', query: { ...query } });
    return refusal;
  } finally {
    await app.close();
  }
}
