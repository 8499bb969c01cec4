import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { errorBody } from '../errors';
import { catalogExportRoutes } from '../exports/catalog/routes';
import { exportRoutes } from '../exports/routes';
import { API_PREFIXES } from '../http/links';
import { sendErrorBody } from '../http/reply';
import { v1Routes } from '../v1/routes';
import { aggregatesRoutes } from './aggregates';
import { catalogRoutes } from './catalog';
import { facetsRoutes } from './facets';
import { recordsRoutes } from './records';

/*
 * Every route of the Explore API, in one scope. The route plugins live beside the code they serve:
 * catalog, records and facets here, exports in exports/ (records and catalog exports), the v1 API
 * in v1/.
 *
 * The scope is where access is decided: its hooks (input checks, keys and quotas, admission, usage) run
 * before every route registered in it and before its 404s, because Fastify runs a scope's hooks for the
 * route that answers, whatever form the request target took. A route under /api registered anywhere else
 * stops the server at start (`assertApiRoutesScoped`), so no route can be added outside the checks.
 */

/** Where the API's scope is mounted; every API prefix lies under it. */
export const API_SCOPE = '/api';
/** Decorates the API's scope (and so every plugin inside it); the root instance does not have it. */
const SCOPE_MARK = 'exploreApiScope';

/** Registers the API's routes (within its scope): v2.0 and v2.1 under each of their prefixes, and v1. */
export async function registerApiRoutes(api: FastifyInstance, ctx: ServerContext): Promise<void> {
  for (const { prefix, version } of API_PREFIXES) {
    const within = { prefix: prefix.slice(API_SCOPE.length) };
    await api.register(catalogRoutes(ctx, prefix, version), within);
    await api.register(recordsRoutes(ctx, prefix, version), within);
    await api.register(facetsRoutes(ctx, prefix, version), within);
    await api.register(exportRoutes(ctx, prefix, version), within);
    await api.register(catalogExportRoutes(ctx, prefix, version), within);
    if (version === '2.0') await api.register(aggregatesRoutes(ctx), within);
  }
  await api.register(v1Routes(ctx));
}

/**
 * The API's scope, registered at `API_SCOPE`: `installChecks` adds the hooks every API request passes,
 * then `registerRoutes` adds the routes under them, and the scope answers its own 404s.
 */
export function apiScope(
  installChecks: (api: FastifyInstance) => Promise<void>,
  registerRoutes: (api: FastifyInstance) => Promise<void>,
): (api: FastifyInstance) => Promise<void> {
  return async (api) => {
    api.decorate(SCOPE_MARK, true);
    await installChecks(api);
    await registerRoutes(api);
    api.setNotFoundHandler((req, reply) => {
      const path = req.url.split('?', 1)[0] ?? '';
      return sendErrorBody(
        reply,
        404,
        errorBody('NotFoundResource', `The requested resource ${path} does not exist.`),
      );
    });
  };
}

/** Refuses, at start, a route under the API's prefix that was registered outside its scope. */
export function assertApiRoutesScoped(app: FastifyInstance): void {
  app.addHook('onRoute', function (this: FastifyInstance, route) {
    const underApi = route.url === API_SCOPE || route.url.startsWith(`${API_SCOPE}/`);
    if (underApi && !this.hasDecorator(SCOPE_MARK)) {
      throw new Error(
        `${route.method} ${route.url} is registered outside the API's scope: it would skip access`,
      );
    }
  });
}
