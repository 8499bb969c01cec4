import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RESPONSE_SCHEMAS, replySchemas } from '../../api/schemas';
import type { FacetsResponse, Link } from '../../api/types';
import type { ApiVersion } from '../../api/version';
import type { DatasetSchema } from '../../odsql';
import { catalogTableIn } from '../catalog/in-language';
import { filtersInLanguage } from '../catalog/refine-aliases';
import type { ServerContext } from '../context';
import type { Engine } from '../engine/types';
import { CATALOG_FACET_FIELDS, datasetFacetFields, type FacetableField, facetSet } from '../facets/config';
import { enumerateFacets } from '../facets/enumerate';
import { type FacetFilter, facetFilters } from '../facets/filters';
import { apiRoot } from '../http/links';
import { metadataLang, type QueryString, repeated } from '../http/params';
import { clientSignal } from '../http/signal';
import { compileOptions } from '../records/options';
import { qv1Where } from '../v1/qv1';
import { findDataset } from './catalog';
import { DATASET_PATH, FACETS_QUERY } from './query-schemas';

export function facetsRoutes(ctx: ServerContext, prefix: string, version: ApiVersion) {
  async function answer(
    req: FastifyRequest,
    reply: FastifyReply,
    source: {
      table: string;
      schema: DatasetSchema;
      fields: readonly FacetableField[];
      links: Link[];
      /** The catalog's: refines of untranslated themes and keywords, read in the language asked. */
      inLanguage?: (filters: FacetFilter[]) => FacetFilter[];
    },
    engine: Engine = ctx.engine,
  ): Promise<FacetsResponse> {
    const query = req.query as QueryString;
    const options = compileOptions(ctx, query, version, engine);
    const facets = facetSet(source.fields, query);
    const parsed = facetFilters(facets.usable, query);
    const filters = source.inLanguage ? source.inLanguage(parsed) : parsed;
    const results = await enumerateFacets(facets.enumerated, {
      engine,
      table: source.table,
      schema: source.schema,
      where: [...repeated(query, 'where'), ...qv1Where(query, source.schema)],
      filters,
      options,
      signal: clientSignal(reply),
      timeLimitMs: ctx.config.sqlTimeLimitMs,
    });
    return { links: source.links, facets: results };
  }

  return async (app: FastifyInstance): Promise<void> => {
    const response = replySchemas(RESPONSE_SCHEMAS[version].facets);
    app.get('/catalog/facets', { schema: { querystring: FACETS_QUERY, response } }, async (req, reply) => {
      const root = apiRoot(req, prefix);
      return answer(
        req,
        reply,
        {
          // Themes and keywords are counted in the language asked.
          table: await catalogTableIn(ctx, req, metadataLang(req.query as QueryString)),
          schema: ctx.catalog.catalogSchema,
          fields: CATALOG_FACET_FIELDS,
          inLanguage: (filters) =>
            filtersInLanguage(filters, ctx.catalog.list(), metadataLang(req.query as QueryString)),
          links: [
            { rel: 'self', href: `${root}/catalog/facets` },
            { rel: 'source', href: `${root}/catalog` },
          ],
        },
        ctx.engine,
      );
    });

    app.get<{ Params: { dataset_id: string } }>(
      '/catalog/datasets/:dataset_id/facets',
      { schema: { params: DATASET_PATH, querystring: FACETS_QUERY, response } },
      async (req, reply) => {
        const ds = findDataset(ctx, req, req.params.dataset_id);
        const root = apiRoot(req, prefix);
        const self = `${root}/catalog/datasets/${encodeURIComponent(ds.dataset_id)}`;
        return answer(req, reply, {
          table: ds.table,
          schema: ctx.catalog.schema(ds.dataset_id)!,
          fields: datasetFacetFields(ds),
          links: [
            { rel: 'self', href: `${self}/facets` },
            { rel: 'dataset', href: self },
          ],
        });
      },
    );
  };
}
