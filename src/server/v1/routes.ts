import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { compileRecordsQuery } from '../../odsql/compile/query';
import { quoteIdent, RECORD_ID_COLUMN } from '../../odsql/compile/storage';
import { printName } from '../../odsql/print';
import type { DatasetSchema } from '../../odsql/schema';
import { canReadDataset, catalogTableFor } from '../auth/access';
import type { Dataset } from '../catalog/types';
import type { ServerContext } from '../context';
import { ApiError, datasetNotFound, invalidParameter, recordNotFound } from '../errors';
import { CATALOG_FACET_FIELDS, datasetFacetFields, type FacetableField, facetSet } from '../facets/config';
import { enumerateFacets, type FacetResult } from '../facets/enumerate';
import { facetFilters, filterConditions } from '../facets/filters';
import { apiRoot } from '../http/links';
import { type QueryString, single } from '../http/params';
import { sendJson } from '../http/reply';
import { clientSignal } from '../http/signal';
import { compileOptions } from '../records/options';
import { type QueryOutcome, runCompiled } from '../records/run';
import { geoField, v1CompileError, v1Where } from './filter';
import { checkFacetValues, checkFormat, v1Facets, v1Fields, v1Page, v1Sort } from './params';
import { timestampFormatter, v1Dataset, v1FacetGroups, v1Record } from './shapes';

/*
 * The legacy v1.0 interface: datasets search, dataset lookup, records search and record lookup, on the engine of v2
 * (the same compiler, facets, time limits and paging window). Registered under `/api`.
 */

function unauthorized(datasetId: string): ApiError {
  return new ApiError(
    'Unauthorized',
    `The dataset ${datasetId} is restricted: call with an API key that may read it.`,
  );
}

/** A dataset the caller may read: 404 when unknown, 401 when restricted to other keys. */
function readableDataset(ctx: ServerContext, req: FastifyRequest, datasetId: string): Dataset {
  const ds = ctx.catalog.get(datasetId);
  if (!ds) throw datasetNotFound(datasetId);
  if (!canReadDataset(req, ds.dataset_id)) throw unauthorized(ds.dataset_id);
  return ds;
}

/** The field giving records their `geometry`, if the dataset has one. */
function geoFieldOf(schema: DatasetSchema): string | undefined {
  return schema.fields.some((f) => f.type === 'geo_point_2d' || f.type === 'geo_shape')
    ? geoField(schema, 'fields')
    : undefined;
}

interface Search {
  readonly table: string;
  readonly schema: DatasetSchema;
  readonly facetFields: readonly FacetableField[];
  /** What every record of the answer shows (the dataset id for the catalog, all fields otherwise). */
  readonly select?: string;
}

interface SearchOutcome extends QueryOutcome {
  readonly facets?: FacetResult[];
  readonly echo: Record<string, unknown>;
}

/**
 * What datasets search and records search share: `q` and geofilters, sort, paging, refine and exclude,
 * then the page, its count and the facets, run concurrently.
 */
async function search(
  ctx: ServerContext,
  reply: FastifyReply,
  query: QueryString,
  s: Search,
): Promise<SearchOutcome> {
  checkFormat(query);
  const options = { ...compileOptions(ctx, query, '2.0'), version: '2.0' as const };
  const { rows, start } = v1Page(query);
  const where = v1Where(query, s.schema);
  const sort = v1Sort(query, s.schema);
  const facets = v1Facets(query);
  for (const [name, parameter] of facets.sources) {
    if (!s.facetFields.some((f) => f.name.toLowerCase() === name.toLowerCase()))
      throw invalidParameter(
        parameter,
        name,
        `a field of the ${s.select === 'dataset_id' ? 'catalog' : 'dataset'} (${s.facetFields.map((f) => f.name).join(', ')})`,
      );
  }
  const set = facetSet(s.facetFields, facets.v2);
  checkFacetValues(facets, set.usable);
  const filters = facetFilters(set.usable, facets.v2);
  const compiled = compileRecordsQuery(
    {
      table: s.table,
      ...(s.select !== undefined ? { select: s.select } : {}),
      where,
      ...(sort.orderBy !== undefined ? { orderBy: sort.orderBy } : {}),
      limit: rows,
      offset: start,
      conditions: filterConditions(filters),
    },
    s.schema,
    options,
  );
  if (!compiled.ok) throw v1CompileError(compiled.diagnostics);
  const signal = clientSignal(reply);
  const [outcome, facetResults] = await Promise.all([
    runCompiled(ctx.engine, compiled.query, signal, ctx.config.sqlTimeLimitMs),
    facets.names.length > 0
      ? enumerateFacets(set.enumerated, {
          engine: ctx.engine,
          table: s.table,
          schema: s.schema,
          where,
          filters,
          options,
          signal,
          timeLimitMs: ctx.config.sqlTimeLimitMs,
        })
      : Promise.resolve(undefined),
  ]);
  const q = single(query, 'q');
  const lang = single(query, 'lang');
  const echo: Record<string, unknown> = {
    ...(q !== undefined && q.trim() !== '' ? { q } : {}),
    timezone: options.timezone,
    rows,
    start,
    ...(sort.echo.length > 0 ? { sort: sort.echo } : {}),
    ...facets.echo,
    ...(lang ? { lang: options.lang } : {}),
    format: 'json',
  };
  return { ...outcome, ...(facetResults ? { facets: facetResults } : {}), echo };
}

export function v1Routes(ctx: ServerContext) {
  return async (app: FastifyInstance): Promise<void> => {
    app.get('/datasets/1.0/search', async (req, reply) => {
      const query = req.query as QueryString;
      const outcome = await search(ctx, reply, query, {
        table: catalogTableFor(req),
        schema: ctx.catalog.catalogSchema,
        facetFields: CATALOG_FACET_FIELDS,
        select: 'dataset_id',
      });
      const root = apiRoot(req, '/api/explore/v2.1');
      const tz = outcome.echo.timezone as string;
      const datasets = outcome.rows.flatMap((r) => {
        const id = (JSON.parse(r.fields) as { dataset_id: string }).dataset_id;
        const ds = ctx.catalog.get(id);
        return ds && canReadDataset(req, id) ? [v1Dataset(ds, root, tz)] : [];
      });
      return sendJson(
        reply,
        JSON.stringify({
          nhits: outcome.total ?? 0,
          parameters: outcome.echo,
          datasets,
          ...(outcome.facets ? { facet_groups: v1FacetGroups(outcome.facets) } : {}),
        }),
      );
    });

    app.get<{ Params: { dataset_id: string } }>('/datasets/1.0/:dataset_id', async (req, reply) => {
      const ds = readableDataset(ctx, req, req.params.dataset_id);
      const query = req.query as QueryString;
      checkFormat(query);
      const { timezone } = compileOptions(ctx, query, '2.0');
      return sendJson(reply, JSON.stringify(v1Dataset(ds, apiRoot(req, '/api/explore/v2.1'), timezone)));
    });

    app.get<{ Params: { dataset_id: string; record_id: string } }>(
      '/datasets/1.0/:dataset_id/records/:record_id',
      async (req, reply) => {
        const ds = readableDataset(ctx, req, req.params.dataset_id);
        const query = req.query as QueryString;
        checkFormat(query);
        const options = { ...compileOptions(ctx, query, '2.0'), version: '2.0' as const };
        const schema = ctx.catalog.schema(ds.dataset_id)!;
        const recordId = req.params.record_id;
        const compiled = compileRecordsQuery(
          {
            table: ds.table,
            limit: 1,
            conditions: (params) => [`${quoteIdent(RECORD_ID_COLUMN)} = ${params.text(recordId)}`],
          },
          schema,
          options,
        );
        if (!compiled.ok) throw v1CompileError(compiled.diagnostics);
        const { rows } = await runCompiled(
          ctx.engine,
          compiled.query,
          clientSignal(reply),
          ctx.config.sqlTimeLimitMs,
        );
        const row = rows[0];
        if (!row) throw recordNotFound(ds.dataset_id, recordId);
        const geo = geoFieldOf(schema);
        return sendJson(
          reply,
          JSON.stringify(
            v1Record(row, ds.dataset_id, schema, timestampFormatter(options.timezone), undefined, geo),
          ),
        );
      },
    );

    app.get('/records/1.0/search', async (req, reply) => {
      const query = req.query as QueryString;
      const datasetId = single(query, 'dataset');
      if (datasetId === undefined || datasetId.trim() === '') {
        throw new ApiError(
          'InvalidRESTParameterError',
          'The dataset API parameter is missing: name the dataset to search, as in dataset=penguins.',
        );
      }
      const ds = readableDataset(ctx, req, datasetId.trim());
      const schema = ctx.catalog.schema(ds.dataset_id)!;
      const fields = v1Fields(query, schema);
      const geo = geoFieldOf(schema);
      // The geo field gives `geometry` even when `fields` leaves it out.
      const selected = fields && geo && !fields.includes(geo) ? [...fields, geo] : fields;
      const outcome = await search(ctx, reply, query, {
        table: ds.table,
        schema,
        facetFields: datasetFacetFields(ds),
        ...(selected ? { select: selected.map(printName).join(', ') } : {}),
      });
      const tz = outcome.echo.timezone as string;
      const shown = fields ? new Set(fields) : undefined;
      const timestamp = timestampFormatter(tz);
      const records = outcome.rows.map((r) => v1Record(r, ds.dataset_id, schema, timestamp, shown, geo));
      return sendJson(
        reply,
        JSON.stringify({
          nhits: outcome.total ?? 0,
          parameters: {
            dataset: ds.dataset_id,
            ...outcome.echo,
            ...(fields ? { fields: fields.join(',') } : {}),
          },
          records,
          ...(outcome.facets ? { facet_groups: v1FacetGroups(outcome.facets) } : {}),
        }),
      );
    });
  };
}
