import type { FastifyInstance } from 'fastify';
import type { ApiVersion } from '../../odsql';
import { compileRecordsQuery } from '../../odsql';
import type { ServerContext } from '../context';
import { odsqlError, recordNotFound, selectError } from '../errors';
import { datasetFacetFields, facetSet } from '../facets/config';
import { facetFilters } from '../facets/filters';
import { apiRoot, type Link, pageLinks, withQuery } from '../http/links';
import { boolean, page, type QueryString, repeated, single } from '../http/params';
import { sendJson } from '../http/reply';
import { clientSignal } from '../http/signal';
import { compileOptions } from '../records/options';
import { type ResultRow, runCompiled } from '../records/run';
import { qv1Where } from '../v1/qv1';
import { findDataset } from './catalog';

interface RecordParams {
  dataset_id: string;
  record_id: string;
}

export function recordsRoutes(ctx: ServerContext, prefix: string, version: ApiVersion) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get<{ Params: { dataset_id: string } }>(
      '/catalog/datasets/:dataset_id/records',
      async (req, reply) => {
        const ds = findDataset(ctx, req.params.dataset_id);
        const query = req.query as QueryString;
        const options = compileOptions(ctx, query, version);
        const groupBy = single(query, 'group_by');
        const select = single(query, 'select');
        const orderBy = single(query, 'order_by');
        const { limit, offset } = page(query, groupBy !== undefined && groupBy.trim() !== '');
        const includeLinks = boolean(query, 'include_links', false);
        const filters = facetFilters(facetSet(datasetFacetFields(ds), query).usable, query);
        const compiled = compileRecordsQuery(
          {
            table: ds.table,
            ...(select !== undefined ? { select } : {}),
            where: [...repeated(query, 'where'), ...qv1Where(query, ctx.catalog.schema(ds.dataset_id)!)],
            ...(groupBy !== undefined ? { groupBy } : {}),
            ...(orderBy !== undefined ? { orderBy } : {}),
            limit,
            offset,
            filters,
          },
          ctx.catalog.schema(ds.dataset_id)!,
          options,
        );
        if (!compiled.ok) throw odsqlError(compiled.diagnostics);
        const { rows, total } = await runCompiled(
          ctx.engine,
          compiled.query,
          clientSignal(reply),
          ctx.config.sqlTimeLimitMs,
        );
        const root = apiRoot(req, prefix);
        const datasetUrl = `${root}/catalog/datasets/${encodeURIComponent(ds.dataset_id)}`;
        const records = compiled.query.kind === 'records';

        if (version === '2.1') {
          const items = rows.map((r) => (records && includeLinks ? withTechnical(r, datasetUrl) : r.fields));
          const count = total === undefined ? '' : `"total_count":${total},`;
          const links = includeLinks
            ? `"links":${JSON.stringify(listLinks(req, total, limit, offset))},`
            : '';
          return sendJson(reply, `{${count}${links}"results":[${items.join(',')}]}`);
        }
        if (!records) {
          // v2.0 aggregations: `{"record": {"fields": …}}`, links to self, dataset and catalog only.
          const links: Link[] = [
            { rel: 'self', href: withQuery(req, {}) },
            { rel: 'dataset', href: datasetUrl },
            { rel: 'datasets', href: `${root}/catalog/datasets` },
          ];
          const items = rows.map((r) => `{"record":{"fields":${r.fields}}}`).join(',');
          const count = total === undefined ? '' : `"total_count":${total},`;
          return sendJson(reply, `{${count}"links":${JSON.stringify(links)},"records":[${items}]}`);
        }
        const items = rows.map((r) => recordWrapper(r, datasetUrl, root)).join(',');
        const links = listLinks(req, total, limit, offset);
        return sendJson(
          reply,
          `{"total_count":${total ?? 0},"links":${JSON.stringify(links)},"records":[${items}]}`,
        );
      },
    );

    app.get<{ Params: RecordParams }>(
      '/catalog/datasets/:dataset_id/records/:record_id',
      async (req, reply) => {
        const ds = findDataset(ctx, req.params.dataset_id);
        const query = req.query as QueryString;
        const options = compileOptions(ctx, query, version);
        const select = single(query, 'select');
        const recordId = req.params.record_id;
        const compiled = compileRecordsQuery(
          {
            table: ds.table,
            ...(select !== undefined ? { select } : {}),
            limit: 1,
            recordId,
          },
          ctx.catalog.schema(ds.dataset_id)!,
          options,
        );
        if (!compiled.ok) throw odsqlError(compiled.diagnostics);
        if (compiled.query.kind !== 'records') {
          throw selectError('A record read cannot select aggregations', select);
        }
        const { rows } = await runCompiled(
          ctx.engine,
          compiled.query,
          clientSignal(reply),
          ctx.config.sqlTimeLimitMs,
        );
        const row = rows[0];
        if (!row) throw recordNotFound(ds.dataset_id, recordId);
        const root = apiRoot(req, prefix);
        const datasetUrl = `${root}/catalog/datasets/${encodeURIComponent(ds.dataset_id)}`;
        if (version === '2.1') return sendJson(reply, row.fields);
        return sendJson(reply, recordWrapper(row, datasetUrl, root));
      },
    );
  };
}

function recordLinks(row: ResultRow, datasetUrl: string, root: string): Link[] {
  return [
    { rel: 'self', href: `${datasetUrl}/records/${encodeURIComponent(row.id ?? '')}` },
    { rel: 'dataset', href: datasetUrl },
    { rel: 'datasets', href: `${root}/catalog/datasets` },
  ];
}

/** v2.0: `{"links": […], "record": {"id", "timestamp", "size", "fields"}}`. */
function recordWrapper(row: ResultRow, datasetUrl: string, root: string): string {
  const head = JSON.stringify({ id: row.id, timestamp: row.timestamp, size: row.size });
  return `{"links":${JSON.stringify(recordLinks(row, datasetUrl, root))},"record":${head.slice(0, -1)},"fields":${row.fields}}}`;
}

/** v2.1 with include_links: the record's fields plus `_id`, `_timestamp`, `_size` and `_links`. */
function withTechnical(row: ResultRow, datasetUrl: string): string {
  const technical = JSON.stringify({
    _id: row.id,
    _timestamp: row.timestamp,
    _size: row.size,
    _links: [
      { rel: 'self', href: `${datasetUrl}/records/${encodeURIComponent(row.id ?? '')}` },
      { rel: 'dataset', href: datasetUrl },
    ],
  }).slice(1, -1);
  return row.fields === '{}' ? `{${technical}}` : `${row.fields.slice(0, -1)},${technical}}`;
}

/** Links of a records list, as captured (34): the paging links only. */
function listLinks(
  req: Parameters<typeof pageLinks>[0],
  total: number | undefined,
  limit: number,
  offset: number,
): Link[] {
  return total === undefined
    ? [{ rel: 'self', href: withQuery(req, {}) }]
    : pageLinks(req, total, limit, offset);
}
