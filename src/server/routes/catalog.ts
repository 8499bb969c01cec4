import { type FileHandle, open } from 'node:fs/promises';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { RESPONSE_SCHEMAS, replySchemas } from '../../api/schemas';
import type { AttachmentsResponse, Link } from '../../api/types';
import type { ApiVersion } from '../../api/version';
import type {} from '../../odsql';
import { readableDataset } from '../auth/access';
import { catalogTableIn } from '../catalog/in-language';
import { datasetIn } from '../catalog/localize';
import { compileCatalogQuery } from '../catalog/query';
import type { Dataset } from '../catalog/types';
import type { ServerContext } from '../context';
import { ApiError } from '../errors';
import { apiRoot, pageLinks } from '../http/links';
import { boolean, metadataLang, page, type QueryString, single } from '../http/params';
import { attachmentDisposition } from '../http/reply';
import { clientSignal } from '../http/signal';
import { compileOptions } from '../records/options';
import { runCompiled } from '../records/run';
import { attachmentUrl, datasetLinks, datasetObject, linksV20, pickKeys } from '../render/dataset';
import { usageOf } from '../usage/index';
import { datasetSelection } from './dataset-select';
import {
  ATTACHMENT_PATH,
  ATTACHMENTS_QUERY,
  CATALOG_QUERY,
  DATASET_PATH,
  DATASET_QUERY,
} from './query-schemas';

interface DatasetParams {
  dataset_id: string;
}

/** `GET /catalog/datasets`: v2.1 `{total_count, results}`, v2.0 `{total_count, links, datasets}`. */
type CatalogReply = Readonly<Record<string, unknown>>;

const OBJECT_KEYS: Record<ApiVersion, readonly string[]> = {
  '2.1': [
    'visibility',
    'fields',
    'dataset_id',
    'dataset_uid',
    'has_records',
    'features',
    'attachments',
    'alternative_exports',
    'data_visible',
    'metas',
  ],
  '2.0': [
    'dataset_id',
    'dataset_uid',
    'attachments',
    'has_records',
    'data_visible',
    'fields',
    'metas',
    'features',
  ],
};

/** The dataset of a route's `:dataset_id`, for this caller (404 when unknown, 401 when restricted). */
export function findDataset(ctx: ServerContext, req: FastifyRequest, datasetId: string): Dataset {
  return readableDataset(ctx.catalog, req, datasetId);
}

/**
 * The dataset object, restricted to the keys a `select` asks (metadata keys come out flat). `explore`
 * gives the usage counts (download_count, api_call_count, popularity_score): an application template,
 * written only when the request says `include_app_metas=true`.
 */
function renderDataset(
  explore: ((datasetId: string) => unknown) | undefined,
  ds: Dataset,
  root: string,
  version: ApiVersion,
  tz: string,
  keys: readonly string[] | undefined,
): Record<string, unknown> {
  const object = datasetObject(ds, root, version, tz);
  if (explore) {
    object.metas = { ...(object.metas as Record<string, unknown>), explore: explore(ds.dataset_id) };
  }
  if (!keys) return object;
  const metas = (object.metas as { default: Record<string, unknown> }).default;
  return pickKeys({ ...metas, ...object }, keys);
}

export function catalogRoutes(ctx: ServerContext, prefix: string, version: ApiVersion) {
  const metaKeys = ctx.catalog.catalogSchema.fields.map((f) => f.name);
  const explore = (datasetId: string): unknown => usageOf(ctx).explore(datasetId);

  const schemas = RESPONSE_SCHEMAS[version];
  return async (app: FastifyInstance): Promise<void> => {
    const linksOnly = { schema: { response: replySchemas(schemas.links) } };
    app.get('/', linksOnly, async (req) => {
      const root = apiRoot(req, prefix);
      return { links: [{ rel: 'catalog', href: `${root}/catalog` }] };
    });

    app.get('/catalog', linksOnly, async (req) => {
      const root = apiRoot(req, prefix);
      const links: Link[] = [
        { rel: 'self', href: `${root}/catalog` },
        { rel: 'datasets', href: `${root}/catalog/datasets` },
        { rel: 'facets', href: `${root}/catalog/facets` },
        { rel: 'exports', href: `${root}/catalog/exports` },
      ];
      return { links };
    });

    app.get(
      '/catalog/datasets',
      { schema: { querystring: CATALOG_QUERY, response: replySchemas(schemas.catalog) } },
      async (req, reply) => listDatasets(req, reply),
    );

    app.get<{ Params: DatasetParams }>(
      '/catalog/datasets/:dataset_id',
      {
        schema: { params: DATASET_PATH, querystring: DATASET_QUERY, response: replySchemas(schemas.dataset) },
      },
      async (req) => {
        const query = req.query as QueryString;
        const ds = datasetIn(findDataset(ctx, req, req.params.dataset_id), metadataLang(query));
        const options = compileOptions(ctx, query, version, ctx.engine);
        const selection = datasetSelection(single(query, 'select'), OBJECT_KEYS[version], metaKeys);
        if (selection.mode === 'sql') {
          throw new ApiError(
            'ODSQLError',
            'ODSQL query is malformed: a dataset read only selects dataset keys and metadata. Clause(s) containing the error(s): select.',
          );
        }
        const root = apiRoot(req, prefix);
        const appMetas = boolean(query, 'include_app_metas', false) ? explore : undefined;
        const object = renderDataset(appMetas, ds, root, version, options.timezone, selection.keys);
        const links = datasetLinks(root, ds.dataset_id);
        const body =
          version === '2.1'
            ? boolean(query, 'include_links', false)
              ? { ...object, _links: links.filter((l) => l.rel !== 'aggregate') }
              : object
            : { links, dataset: object };
        return body;
      },
    );

    app.get<{ Params: DatasetParams }>(
      '/catalog/datasets/:dataset_id/attachments',
      {
        schema: {
          params: DATASET_PATH,
          querystring: ATTACHMENTS_QUERY,
          response: replySchemas(schemas.attachments),
        },
      },
      async (req): Promise<AttachmentsResponse> => {
        const query = req.query as QueryString;
        const ds = datasetIn(findDataset(ctx, req, req.params.dataset_id), metadataLang(query));
        const root = apiRoot(req, prefix);
        const self = `${root}/catalog/datasets/${encodeURIComponent(ds.dataset_id)}`;
        const attachments = ds.attachments.map((a) => {
          const url = attachmentUrl(root, ds.dataset_id, a.id);
          return { href: url, metas: { 'mime-type': a.mimetype, title: a.title, url, id: a.id } };
        });
        const links: Link[] = [
          { rel: 'self', href: `${self}/attachments` },
          { rel: 'dataset', href: self },
        ];
        return { links, attachments };
      },
    );

    app.get<{ Params: DatasetParams & { attachment_id: string } }>(
      '/catalog/datasets/:dataset_id/attachments/:attachment_id',
      { schema: { params: ATTACHMENT_PATH } },
      async (req, reply) => {
        const ds = findDataset(ctx, req, req.params.dataset_id);
        const notFound = new ApiError(
          'NotFoundResource',
          `The requested attachment ${req.params.attachment_id} does not exist in dataset ${ds.dataset_id}.`,
        );
        const attachment = ds.attachments.find((a) => a.id === req.params.attachment_id);
        if (!attachment) throw notFound;
        let file: FileHandle;
        try {
          file = await open(attachment.path);
        } catch {
          // Removed or unreadable since the catalog was loaded: the operator is told, the client gets a 404.
          ctx.log.warn(
            `Attachment ${attachment.id} of dataset ${ds.dataset_id} cannot be read: ${attachment.path}`,
          );
          throw notFound;
        }
        return reply
          .type(attachment.mimetype)
          .header('content-disposition', attachmentDisposition(attachment.title))
          .send(file.createReadStream());
      },
    );
  };

  async function listDatasets(req: FastifyRequest, reply: FastifyReply): Promise<CatalogReply> {
    const query = req.query as QueryString;
    const options = compileOptions(ctx, query, version, ctx.engine);
    const select = single(query, 'select');
    const groupBy = single(query, 'group_by');
    const grouped = groupBy !== undefined && groupBy.trim() !== '';
    const { limit, offset } = page(query, grouped);
    const selection = grouped
      ? { mode: 'sql' as const }
      : datasetSelection(select, OBJECT_KEYS[version], metaKeys);
    const lang = metadataLang(query);
    const usage = usageOf(ctx);
    const view = await usage.catalogView(await catalogTableIn(ctx, req, lang));
    const compiled = compileCatalogQuery(ctx, query, options, {
      table: view.table,
      schema: view.schema,
      ...(selection.mode === 'keys' ? { select: 'dataset_id' } : select !== undefined ? { select } : {}),
      ...(groupBy !== undefined ? { groupBy } : {}),
      limit,
      offset,
    });
    const outcome = await runCompiled(ctx.engine, compiled, clientSignal(reply), ctx.config.sqlTimeLimitMs);
    const root = apiRoot(req, prefix);
    const total = outcome.total;
    const links =
      total === undefined
        ? [{ rel: 'self', href: pageLinks(req, 0, 0, 0)[0]!.href }]
        : pageLinks(req, total, limit, offset);

    if (selection.mode === 'sql') {
      // Rows of an ODSQL select or group_by on the catalog, from the JSON text SQL wrote.
      const items = outcome.rows.map((r) => JSON.parse(r.fields) as Record<string, unknown>);
      const count = total === undefined ? {} : { total_count: total };
      if (version === '2.1') return { ...count, results: items };
      return { ...count, links, datasets: items };
    }
    const datasets = outcome.rows.map((r) => {
      const id = (JSON.parse(r.fields) as { dataset_id: string }).dataset_id;
      return datasetIn(findDataset(ctx, req, id), lang);
    });
    // The counts the list was sorted and filtered on.
    const explore = boolean(query, 'include_app_metas', false) ? view.explore : undefined;
    if (version === '2.1') {
      const includeLinks = boolean(query, 'include_links', false);
      const results = datasets.map((ds) => ({
        ...renderDataset(explore, ds, root, version, options.timezone, selection.keys),
        ...(includeLinks
          ? { _links: datasetLinks(root, ds.dataset_id).filter((l) => l.rel !== 'aggregate') }
          : {}),
      }));
      return { ...(total === undefined ? {} : { total_count: total }), results };
    }
    const wrapped = datasets.map((ds) => ({
      links: linksV20(datasetLinks(root, ds.dataset_id)),
      dataset: renderDataset(explore, ds, root, version, options.timezone, selection.keys),
    }));
    return { ...(total === undefined ? {} : { total_count: total }), links, datasets: wrapped };
  }
}
