import { Readable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { RESPONSE_SCHEMAS, replySchemas } from '../../../api/schemas';
import type { Link } from '../../../api/types';
import type { ApiVersion } from '../../../api/version';
import type {} from '../../../odsql';
import { catalogTableIn } from '../../catalog/in-language';
import { datasetIn } from '../../catalog/localize';
import { compileCatalogQuery } from '../../catalog/query';
import type { Dataset } from '../../catalog/types';
import type { ServerContext } from '../../context';
import { invalidParameter } from '../../errors';
import { apiRoot } from '../../http/links';
import { boolean, integer, metadataLang, type QueryString, single } from '../../http/params';
import { pathParams } from '../../http/query-schema';
import { attachmentDisposition } from '../../http/reply';
import { clientSignal } from '../../http/signal';
import { compileOptions } from '../../records/options';
import { runCompiled } from '../../records/run';
import { availableFormats } from '../formats/index';
import { exportParams } from '../params';
import { CATALOG_EXPORT_QUERY } from '../query-schemas';
import { catalogDataJson } from './data-json';
import { catalogDcat, catalogRdf, catalogTtl } from './dcat';
import { catalogDublinCore } from './dublin-core';
import { catalogRss } from './rss';
import { catalogCsv, catalogJson, catalogXls, catalogXlsx } from './tabular';
import type { CatalogExportContext, CatalogExportFormat } from './types';

/*
 * Endpoints 2 and 3: the catalog as a file (`GET …/catalog/exports/{format}`), with the catalog list's
 * query parameters, and the list of formats (`GET …/catalog/exports`). Files are named `datasets.<ext>`
 * as the real service names its CSV (`data.json` keeps its conventional name).
 */

/** Catalog formats of each version, in the interface's order (spec 4.2; odsql.md §11). */
const CATALOG_FORMATS: Readonly<Record<ApiVersion, readonly CatalogExportFormat[]>> = {
  '2.0': [
    catalogJson,
    catalogCsv,
    catalogXls,
    catalogRdf,
    catalogTtl,
    catalogDataJson,
    catalogRss,
    catalogDcat,
  ],
  '2.1': [
    catalogCsv,
    catalogDataJson,
    catalogDcat,
    catalogDublinCore,
    catalogJson,
    catalogRdf,
    catalogRss,
    catalogTtl,
    catalogXlsx,
  ],
};

/** `include_exports`: dataset formats listed as distributions; every format of the version by default. */
function includedExports(query: QueryString, version: ApiVersion): string[] {
  const known = availableFormats(version);
  const raw = single(query, 'include_exports');
  if (raw === undefined || raw.trim() === '') return known;
  const asked = raw
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '');
  for (const name of asked) {
    if (!known.includes(name)) throw invalidParameter('include_exports', name, `one of ${known.join(', ')}`);
  }
  return asked;
}

/**
 * The datasets a catalog export selects, in order (where, order_by, refine, exclude, limit, offset),
 * in the language asked.
 */
async function selectedDatasets(
  ctx: ServerContext,
  table: string,
  query: QueryString,
  version: ApiVersion,
  signal: AbortSignal,
): Promise<Dataset[]> {
  const options = compileOptions(ctx, query, version, ctx.engine);
  const limit = integer(query, 'limit', -1);
  const offset = integer(query, 'offset', 0);
  const compiled = compileCatalogQuery(ctx, query, options, {
    table,
    select: 'dataset_id',
    ...(limit === -1 ? {} : { limit }),
    offset,
  });
  const outcome = await runCompiled(ctx.engine, compiled, signal, ctx.config.sqlTimeLimitMs);
  const lang = metadataLang(query);
  return outcome.rows.flatMap((row) => {
    const dataset = ctx.catalog.get((JSON.parse(row.fields) as { dataset_id: string }).dataset_id);
    return dataset ? [datasetIn(dataset, lang)] : [];
  });
}

export function catalogExportRoutes(ctx: ServerContext, prefix: string, version: ApiVersion) {
  const formats = CATALOG_FORMATS[version];
  return async (app: FastifyInstance): Promise<void> => {
    const linksOnly = { schema: { response: replySchemas(RESPONSE_SCHEMAS[version].links) } };
    app.get('/catalog/exports', linksOnly, async (req) => {
      const base = `${apiRoot(req, prefix)}/catalog/exports`;
      const links: Link[] = [
        { rel: 'self', href: base },
        ...formats.map((f) => ({ rel: f.format, href: `${base}/${f.format}` })),
      ];
      return { links };
    });

    const schema = { params: pathParams('format'), querystring: CATALOG_EXPORT_QUERY };
    app.get<{ Params: { format: string } }>('/catalog/exports/:format', { schema }, async (req, reply) => {
      const format = formats.find((f) => f.format === req.params.format);
      if (!format) {
        const names = formats.map((f) => f.format).join(', ');
        throw invalidParameter('format', req.params.format, `one of ${names}`);
      }
      const query = req.query as QueryString;
      const params = exportParams(query, version);
      const includeExports = includedExports(query, version);
      const useLabelsInExports = boolean(query, 'use_labels_in_exports', true);
      const signal = clientSignal(reply);
      const context: CatalogExportContext = {
        version,
        datasets: await selectedDatasets(
          ctx,
          await catalogTableIn(ctx, req, metadataLang(query)),
          query,
          version,
          signal,
        ),
        root: apiRoot(req, prefix),
        timezone: compileOptions(ctx, query, version).timezone,
        csv: params.csv,
        includeExports,
        useLabelsInExports,
        signal,
      };
      const body = Readable.from(
        (async function* () {
          for await (const chunk of format.write(context))
            yield typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
        })(),
        { objectMode: false },
      );
      return reply
        .type(format.mediaType)
        .header('content-disposition', attachmentDisposition(format.fileName))
        .send(body);
    });
  };
}
