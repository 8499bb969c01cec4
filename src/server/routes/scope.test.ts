import Fastify, { type FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { readableDataset } from '../auth/access';
import { API_SCOPE, apiScope, assertApiRoutesScoped } from './index';

/*
 * The API's scope makes the unchecked path impossible: a route under /api registered outside it stops
 * the server at start, the scope's checks run for its routes and its 404s in every request form, and a
 * dataset cannot be found without the access decision.
 */

function appWith(register: (app: FastifyInstance) => void): FastifyInstance {
  const app = Fastify({ logger: false });
  assertApiRoutesScoped(app);
  register(app);
  return app;
}

describe('the API scope', () => {
  it('refuses to start with an API route registered outside the scope', async () => {
    const app = appWith((a) => {
      a.register(async (plugin) => {
        plugin.get('/api/explore/v2.1/new-route', async () => 'unchecked');
      });
    });
    await expect(app.ready()).rejects.toThrow(/outside the API's scope: it would skip access/);
  });

  it('runs the checks for the routes and the 404s inside it', async () => {
    const checked: string[] = [];
    const app = appWith((a) => {
      a.register(
        apiScope(
          async (api) => {
            api.addHook('onRequest', async (req) => {
              checked.push(req.url);
            });
          },
          async (api) => {
            await api.register(
              async (v) => {
                v.get('/catalog/datasets/:dataset_id/records', async () => 'records');
              },
              { prefix: '/explore/v2.1' },
            );
          },
        ),
        { prefix: API_SCOPE },
      );
      a.get('/page', async () => 'page');
    });
    await app.ready();
    expect((await app.inject('/api/explore/v2.1/catalog/datasets/x/records')).body).toBe('records');
    const missing = await app.inject('/api/explore/v2.1/catalog/datasets/x/nothing');
    expect(missing.statusCode).toBe(404);
    expect(JSON.parse(missing.body).error_code).toBe('NotFoundResource');
    expect((await app.inject('/page')).body).toBe('page');
    expect(checked).toEqual([
      '/api/explore/v2.1/catalog/datasets/x/records',
      '/api/explore/v2.1/catalog/datasets/x/nothing',
    ]);
  });

  it('finds no dataset for a request the access hook did not see', async () => {
    const app = Fastify({ logger: false });
    app.get(
      '/x',
      async (req) => readableDataset({ get: () => ({ dataset_id: 'x' }) as never }, req, 'x').dataset_id,
    );
    const answer = await app.inject('/x');
    expect(answer.statusCode).toBe(500);
    expect(answer.body).not.toContain('"x"');
  });
});
