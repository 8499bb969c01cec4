import type { FastifyInstance } from 'fastify';
import { RESPONSE_SCHEMAS, replySchemas } from '../../api/schemas';
import type { DatasetRecord, Link, RecordsResponse } from '../../api/types';
import type { RecordsResponseV20, RecordWrapperV20 } from '../../api/types-v20';
import type { ApiVersion } from '../../api/version';
import { compileRecordsQuery, diagnosticMessage, parseGroupBy } from '../../odsql';
import type { ServerContext } from '../context';
import { odsqlError, recordNotFound, selectError } from '../errors';
import { datasetFacetFields, facetSet } from '../facets/config';
import { facetFilters } from '../facets/filters';
import { apiRoot, pageLinks, withQuery } from '../http/links';
import { boolean, page, type QueryString, repeated, single } from '../http/params';
import { clientSignal } from '../http/signal';
import { compileOptions } from '../records/options';
import { type ResultRow, runCompiled } from '../records/run';
import { qv1Where } from '../v1/qv1';
import { findDataset } from './catalog';
import { DATASET_PATH, RECORD_PATH, RECORD_QUERY, RECORDS_QUERY } from './query-schemas';

interface RecordParams {
  dataset_id: string;
  record_id: string;
}

export function recordsRoutes(ctx: ServerContext, prefix: string, version: ApiVersion) {
  const schemas = RESPONSE_SCHEMAS[version];
  return async (app: FastifyInstance): Promise<void> => {
    app.get<{ Params: { dataset_id: string } }>(
      '/catalog/datasets/:dataset_id/records',
      {
        schema: { params: DATASET_PATH, querystring: RECORDS_QUERY, response: replySchemas(schemas.records) },
      },
      async (req, reply) => {
        const ds = findDataset(ctx, req, req.params.dataset_id);
        const query = req.query as QueryString;
        const options = compileOptions(ctx, query, version);
        const groupBy = single(query, 'group_by');
        const select = single(query, 'select');
        const orderBy = single(query, 'order_by');
        const grouped = groupBy !== undefined && groupBy.trim() !== '';
        const { limit, offset } = page(query, grouped, grouped && groupsClusters(groupBy) ? -1 : 10);
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
          const results = rows.map((r) =>
            records && includeLinks ? withTechnical(r, datasetUrl) : fields(r),
          );
          const body: RecordsResponse = {
            ...(total === undefined ? {} : { total_count: total }),
            ...(includeLinks ? { links: listLinks(req, total, limit, offset) } : {}),
            results,
          };
          return body;
        }
        if (!records) {
          // v2.0 aggregations: `{"record": {"fields": …}}`, links to self, dataset and catalog only.
          const links: Link[] = [
            { rel: 'self', href: withQuery(req, {}) },
            { rel: 'dataset', href: datasetUrl },
            { rel: 'datasets', href: `${root}/catalog/datasets` },
          ];
          const body: RecordsResponseV20 = {
            ...(total === undefined ? {} : { total_count: total }),
            links,
            records: rows.map((r) => ({ record: { fields: fields(r) } })),
          };
          return body;
        }
        const body: RecordsResponseV20 = {
          total_count: total ?? 0,
          links: listLinks(req, total, limit, offset),
          records: rows.map((r) => recordWrapper(r, datasetUrl, root)),
        };
        return body;
      },
    );

    app.get<{ Params: RecordParams }>(
      '/catalog/datasets/:dataset_id/records/:record_id',
      { schema: { params: RECORD_PATH, querystring: RECORD_QUERY, response: replySchemas(schemas.record) } },
      async (req, reply) => {
        const ds = findDataset(ctx, req, req.params.dataset_id);
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
          throw selectError(diagnosticMessage('recordReadAggregations', {}), select);
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
        if (version === '2.1') return fields(row);
        return recordWrapper(row, datasetUrl, root);
      },
    );
  };
}

/**
 * Whether a group_by groups on `geo_cluster`: without a `limit`, the service answers every cluster
 * (conformance capture 26: 14 groups), where other groupings get the default 10.
 */
function groupsClusters(groupBy: string): boolean {
  const parsed = parseGroupBy(groupBy);
  return parsed.ok && parsed.value.items.some((i) => i.expr.kind === 'call' && i.expr.name === 'geo_cluster');
}

function recordLinks(row: ResultRow, datasetUrl: string, root: string): Link[] {
  return [
    { rel: 'self', href: `${datasetUrl}/records/${encodeURIComponent(row.id ?? '')}` },
    { rel: 'dataset', href: datasetUrl },
    { rel: 'datasets', href: `${root}/catalog/datasets` },
  ];
}

/**
 * The record's fields, from the JSON text SQL wrote. Parsed so Fastify serialises the reply from its
 * schema: values come out as JSON.parse reads them (integers past 2^53 are rounded, as any JSON reader would).
 */
function fields(row: ResultRow): DatasetRecord {
  return JSON.parse(row.fields) as DatasetRecord;
}

/** v2.0: `{"links": […], "record": {"id", "timestamp", "size", "fields"}}`. */
function recordWrapper(row: ResultRow, datasetUrl: string, root: string): RecordWrapperV20 {
  return {
    links: recordLinks(row, datasetUrl, root),
    record: { id: row.id ?? '', timestamp: row.timestamp ?? '', size: row.size ?? 0, fields: fields(row) },
  };
}

/** v2.1 with include_links: the record's fields plus `_id`, `_timestamp`, `_size` and `_links`. */
function withTechnical(row: ResultRow, datasetUrl: string): DatasetRecord {
  return {
    ...fields(row),
    _id: row.id,
    _timestamp: row.timestamp,
    _size: row.size,
    _links: [
      { rel: 'self', href: `${datasetUrl}/records/${encodeURIComponent(row.id ?? '')}` },
      { rel: 'dataset', href: datasetUrl },
    ],
  };
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
