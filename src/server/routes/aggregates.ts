import type { FastifyInstance } from 'fastify';
import { aggregationsResponseSchema, replySchemas } from '../../api/schemas';
import { compileRecordsQuery, diagnosticMessage } from '../../odsql';
import type { ServerContext } from '../context';
import { odsqlError, selectError } from '../errors';
import { datasetFacetFields, facetSet } from '../facets/config';
import { facetFilters } from '../facets/filters';
import { page, type QueryString, repeated, single } from '../http/params';
import { clientSignal } from '../http/signal';
import { compileOptions } from '../records/options';
import { runCompiled } from '../records/run';
import { qv1Where } from '../v1/qv1';
import { findDataset } from './catalog';
import { AGGREGATES_QUERY, DATASET_PATH } from './query-schemas';

/*
 * The v2.0 aggregates endpoint (`…/catalog/datasets/{id}/aggregates`, removed in v2.1; conformance
 * capture 39): `select` with aggregations, optional `group_by`, and the records filters, answered as
 * `{"aggregations": [{…}, …]}` — no total_count, no links; without group_by, exactly one object.
 */
export function aggregatesRoutes(ctx: ServerContext) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get<{ Params: { dataset_id: string } }>(
      '/catalog/datasets/:dataset_id/aggregates',
      {
        schema: {
          params: DATASET_PATH,
          querystring: AGGREGATES_QUERY,
          response: replySchemas(aggregationsResponseSchema),
        },
      },
      async (req, reply) => {
        const ds = findDataset(ctx, req, req.params.dataset_id);
        const query = req.query as QueryString;
        const schema = ctx.catalog.schema(ds.dataset_id)!;
        const groupBy = single(query, 'group_by');
        const select = single(query, 'select');
        const orderBy = single(query, 'order_by');
        const grouped = groupBy !== undefined && groupBy.trim() !== '';
        const { limit, offset } = page(query, true);
        const filters = facetFilters(facetSet(datasetFacetFields(ds), query).usable, query);
        const compiled = compileRecordsQuery(
          {
            table: ds.table,
            // Without a select, the count of records is the aggregation.
            select: select !== undefined && select.trim() !== '' ? select : 'count(*)',
            where: [...repeated(query, 'where'), ...qv1Where(query, schema)],
            ...(grouped ? { groupBy } : {}),
            ...(orderBy !== undefined ? { orderBy } : {}),
            ...(grouped ? { limit, offset } : {}),
            filters,
          },
          schema,
          compileOptions(ctx, query, '2.0'),
        );
        if (!compiled.ok) throw odsqlError(compiled.diagnostics);
        if (compiled.query.kind === 'records') {
          throw selectError(diagnosticMessage('aggregatesNeedAggregations', {}), select);
        }
        const { rows } = await runCompiled(
          ctx.engine,
          compiled.query,
          clientSignal(reply),
          ctx.config.sqlTimeLimitMs,
        );
        // Each aggregation from the JSON text SQL wrote; Fastify serialises the reply from its schema.
        return { aggregations: rows.map((r) => JSON.parse(r.fields) as Record<string, unknown>) };
      },
    );
  };
}
