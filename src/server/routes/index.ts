import type { FastifyInstance } from 'fastify';
import type { ServerContext } from '../context';
import { catalogExportRoutes } from '../exports/catalog/routes';
import { exportRoutes } from '../exports/routes';
import { API_PREFIXES } from '../http/links';
import { v1Routes } from '../v1/routes';
import { aggregatesRoutes } from './aggregates';
import { catalogRoutes } from './catalog';
import { facetsRoutes } from './facets';
import { recordsRoutes } from './records';

/*
 * Every route of the Explore API, in one list. The route plugins live beside the code they serve:
 * catalog, records and facets here, exports in exports/ (records and catalog exports), the v1 API
 * in v1/.
 */

/** Registers the API's routes: v2.0 and v2.1 under each of their prefixes, v1 under /api. */
export async function registerApiRoutes(app: FastifyInstance, ctx: ServerContext): Promise<void> {
  for (const { prefix, version } of API_PREFIXES) {
    await app.register(catalogRoutes(ctx, prefix, version), { prefix });
    await app.register(recordsRoutes(ctx, prefix, version), { prefix });
    await app.register(facetsRoutes(ctx, prefix, version), { prefix });
    await app.register(exportRoutes(ctx, prefix, version), { prefix });
    await app.register(catalogExportRoutes(ctx, prefix, version), { prefix });
    if (version === '2.0') await app.register(aggregatesRoutes(ctx), { prefix });
  }
  await app.register(v1Routes(ctx), { prefix: '/api' });
}
