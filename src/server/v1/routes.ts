import type { FastifyInstance, FastifyReply } from 'fastify';
import type { DatasetSchema } from '../../odsql';
import { compileRecordsQuery, printName } from '../../odsql';
import { canReadDataset, readableDataset } from '../auth/access';
import { catalogTableIn } from '../catalog/in-language';
import { datasetIn } from '../catalog/localize';
import { filtersInLanguage } from '../catalog/refine-aliases';
import type { ServerContext } from '../context';
import { recordNotFound } from '../errors';
import {
  CATALOG_FACET_FIELDS,
  datasetFacetFields,
  type FacetableField,
  type FacetConfig,
} from '../facets/config';
import { enumerateFacets, type FacetResult } from '../facets/enumerate';
import type { FacetFilter } from '../facets/filters';
import { publicBase } from '../http/gate';
import { apiRoot } from '../http/links';
import { boolean, metadataLang, type QueryString, single } from '../http/params';
import { clientSignal } from '../http/signal';
import { compileOptions } from '../records/options';
import { type QueryOutcome, runCompiled } from '../records/run';
import { usageOf } from '../usage/index';
import { analyzeRoutes } from './analyze';
import { requestedDataset, v1Filters } from './dataset-query';
import { downloadRoutes } from './download';
import { catalogFeed, recordsFeatureCollection, recordsFeed, sendCatalogCsv, sendFeed } from './feeds';
import { geoFieldOf, v1CompileError } from './filter';
import { geoRoutes } from './geo';
import { sendV1, v1Format } from './output';
import { v1Fields, v1Page, v1Sort } from './params';
import {
  DATASET_PATH,
  DATASET_QUERY,
  DATASETS_SEARCH_QUERY,
  RECORD_PATH,
  RECORD_QUERY,
  RECORDS_SEARCH_QUERY,
} from './query-schemas';
import { acceptForms, getAndPost, v1Params } from './request';
import { timestampFormatter, v1Dataset, v1FacetGroups, v1Record } from './shapes';

/*
 * The legacy v1.0 interface: datasets search, dataset lookup, records search and record lookup, on the engine of v2
 * (the same compiler, facets, time limits and paging window). Registered under `/api`.
 */

interface Search {
  readonly table: string;
  readonly schema: DatasetSchema;
  readonly facetFields: readonly FacetableField[];
  /** What every record of the answer shows (the dataset id for the catalog, all fields otherwise). */
  readonly select?: string;
  /** The `format` asked, echoed in `parameters`. */
  readonly format: string;
  /** The catalog's: refines of untranslated themes and keywords, read in the language asked. */
  readonly inLanguage?: (filters: FacetFilter[]) => FacetFilter[];
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
  const engine = ctx.engine;
  const options = {
    ...compileOptions(ctx, query, '2.0', engine),
    version: '2.0' as const,
    // The datasets search sorts titles as people read them, as the v2 catalog does.
    ...(s.select === 'dataset_id' ? { textOrder: 'reading' as const } : {}),
  };
  const { rows, start } = v1Page(query);
  const sort = v1Sort(query, s.schema);
  const parsed = v1Filters(query, s.schema, s.facetFields, s.select === 'dataset_id' ? 'catalog' : 'dataset');
  const { where, facets, set } = parsed;
  const filters = s.inLanguage ? s.inLanguage(parsed.filters) : parsed.filters;
  const compiled = compileRecordsQuery(
    {
      table: s.table,
      ...(s.select !== undefined ? { select: s.select } : {}),
      where,
      ...(sort.orderBy !== undefined ? { orderBy: sort.orderBy } : {}),
      limit: rows,
      offset: start,
      filters,
    },
    s.schema,
    options,
  );
  if (!compiled.ok) throw v1CompileError(compiled.diagnostics);
  const signal = clientSignal(reply);
  const valueless = valuelessFacets(set.enumerated, s.facetFields, facets.echo.facet ?? []);
  const [outcome, enumerated] = await Promise.all([
    runCompiled(engine, compiled.query, signal, ctx.config.sqlTimeLimitMs),
    facets.names.length > 0
      ? enumerateFacets(
          set.enumerated.filter((f) => !valueless.has(f.name)),
          {
            engine,
            table: s.table,
            schema: s.schema,
            where,
            filters,
            options,
            signal,
            timeLimitMs: ctx.config.sqlTimeLimitMs,
          },
        )
      : Promise.resolve(undefined),
  ]);
  const facetResults = enumerated && withValueless(set.enumerated, enumerated, valueless);
  const q = single(query, 'q');
  const lang = single(query, 'lang');
  const { facet, ...filterEcho } = facets.echo;
  const startGiven = (single(query, 'start') ?? '').trim() !== '';
  // As the captures echo them (40, 42, 43): `start` only when the request gave it, the filters before
  // `format` and the requested facets after it.
  const echo: Record<string, unknown> = {
    ...(q !== undefined && q.trim() !== '' ? { q } : {}),
    timezone: options.timezone,
    rows,
    ...(startGiven ? { start } : {}),
    ...(sort.echo.length > 0 ? { sort: sort.echo } : {}),
    ...filterEcho,
    ...(lang ? { lang: options.lang } : {}),
    format: s.format,
    ...(facet ? { facet } : {}),
  };
  return { ...outcome, ...(facetResults ? { facets: facetResults } : {}), echo };
}

/**
 * Requested facets on number fields that are not annotated as facets: v1 answers their group with no
 * values (conformance capture 40: `facet=name` on an int field gives `{"name": "name", "facets": []}`).
 */
function valuelessFacets(
  enumerated: readonly FacetConfig[],
  fields: readonly FacetableField[],
  requested: readonly string[],
): Set<string> {
  const annotated = new Set(fields.filter((f) => f.facet).map((f) => f.name));
  const asked = new Set(requested.map((r) => r.toLowerCase()));
  return new Set(
    enumerated
      .filter((f) => (f.type === 'int' || f.type === 'double') && !annotated.has(f.name))
      .filter((f) => asked.has(f.name.toLowerCase()))
      .map((f) => f.name),
  );
}

/** The facet groups in the enumeration's order, the valueless ones empty. */
function withValueless(
  order: readonly FacetConfig[],
  results: readonly FacetResult[],
  valueless: ReadonlySet<string>,
): FacetResult[] {
  return order.flatMap((f) => {
    if (valueless.has(f.name)) return [{ name: f.name, facets: [] }];
    const result = results.find((r) => r.name === f.name);
    return result ? [result] : [];
  });
}

const DATASETS_FORMATS = ['json', 'jsonp', 'csv', 'rss', 'atom'] as const;
const RECORDS_FORMATS = ['json', 'jsonp', 'geojson', 'geojsonp', 'rss', 'atom'] as const;
const JSON_FORMATS = ['json', 'jsonp'] as const;

export function v1Routes(ctx: ServerContext) {
  return async (app: FastifyInstance): Promise<void> => {
    acceptForms(app);

    getAndPost(app, '/datasets/1.0/search', { querystring: DATASETS_SEARCH_QUERY }, async (req, reply) => {
      const query = v1Params(req);
      const format = v1Format(query, DATASETS_FORMATS);
      const root = apiRoot(req, '/api/explore/v2.1');
      const lang = metadataLang(query);
      const catalogView = await usageOf(ctx).catalogView(await catalogTableIn(ctx, req, lang));
      const outcome = await search(ctx, reply, query, {
        table: catalogView.table,
        schema: catalogView.schema,
        facetFields: CATALOG_FACET_FIELDS,
        select: 'dataset_id',
        format,
        inLanguage: (filters) => filtersInLanguage(filters, ctx.catalog.list(), lang),
      });
      const tz = outcome.echo.timezone as string;
      const found = outcome.rows.flatMap((r) => {
        const id = (JSON.parse(r.fields) as { dataset_id: string }).dataset_id;
        const ds = ctx.catalog.get(id);
        return ds && canReadDataset(req, id) ? [datasetIn(ds, lang)] : [];
      });
      if (format === 'rss' || format === 'atom') {
        return sendFeed(reply, format, catalogFeed(found, publicBase(req), tz));
      }
      if (format === 'csv') return sendCatalogCsv(reply, found);
      const extra = boolean(query, 'extrametas', false);
      const datasets = found.map((ds) => ({
        ...v1Dataset(ds, root, tz),
        ...(extra ? { extra_metas: { explore: catalogView.explore(ds.dataset_id) } } : {}),
      }));
      return sendV1(reply, query, {
        kind: 'datasetsSearch',
        json: {
          nhits: outcome.total ?? 0,
          parameters: outcome.echo,
          datasets,
          ...(outcome.facets ? { facet_groups: v1FacetGroups(outcome.facets) } : {}),
        },
        padded: format === 'jsonp',
      });
    });

    getAndPost(
      app,
      '/datasets/1.0/:dataset_id',
      { params: DATASET_PATH, querystring: DATASET_QUERY },
      async (req, reply) => {
        const { dataset_id } = req.params as { dataset_id: string };
        const query = v1Params(req);
        const ds = datasetIn(readableDataset(ctx.catalog, req, dataset_id), metadataLang(query));
        const format = v1Format(query, JSON_FORMATS);
        const { timezone } = compileOptions(ctx, query, '2.0');
        const extra = boolean(query, 'extrametas', false);
        return sendV1(reply, query, {
          kind: 'dataset',
          json: {
            ...v1Dataset(ds, apiRoot(req, '/api/explore/v2.1'), timezone),
            ...(extra ? { extra_metas: { explore: usageOf(ctx).explore(ds.dataset_id) } } : {}),
          },
          padded: format === 'jsonp',
        });
      },
    );

    getAndPost(
      app,
      '/datasets/1.0/:dataset_id/records/:record_id',
      { params: RECORD_PATH, querystring: RECORD_QUERY },
      async (req, reply) => {
        const params = req.params as { dataset_id: string; record_id: string };
        const ds = readableDataset(ctx.catalog, req, params.dataset_id);
        const query = v1Params(req);
        const format = v1Format(query, JSON_FORMATS);
        const options = { ...compileOptions(ctx, query, '2.0'), version: '2.0' as const };
        const schema = ctx.catalog.schema(ds.dataset_id)!;
        const recordId = params.record_id;
        const compiled = compileRecordsQuery(
          {
            table: ds.table,
            limit: 1,
            recordId,
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
        return sendV1(reply, query, {
          kind: 'record',
          json: v1Record(row, ds.dataset_id, schema, timestampFormatter(options.timezone), undefined, geo),
          padded: format === 'jsonp',
        });
      },
    );

    getAndPost(app, '/records/1.0/search', { querystring: RECORDS_SEARCH_QUERY }, async (req, reply) => {
      const query = v1Params(req);
      const format = v1Format(query, RECORDS_FORMATS);
      const ds = requestedDataset(ctx, req, query);
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
        format,
      });
      const tz = outcome.echo.timezone as string;
      const shown = fields ? new Set(fields) : undefined;
      const timestamp = timestampFormatter(tz);
      const records = outcome.rows.map((r) => v1Record(r, ds.dataset_id, schema, timestamp, shown, geo));
      if (format === 'rss' || format === 'atom') {
        return sendFeed(reply, format, recordsFeed(ds, records, publicBase(req)));
      }
      if (format === 'geojson' || format === 'geojsonp') {
        return sendV1(reply, query, {
          kind: 'featureCollection',
          json: recordsFeatureCollection(records),
          padded: format === 'geojsonp',
          mediaType: 'application/geo+json; charset=utf-8',
        });
      }
      return sendV1(reply, query, {
        kind: 'recordsSearch',
        json: {
          nhits: outcome.total ?? 0,
          parameters: {
            dataset: ds.dataset_id,
            ...outcome.echo,
            ...(fields ? { fields: fields.join(',') } : {}),
          },
          records,
          ...(outcome.facets ? { facet_groups: v1FacetGroups(outcome.facets) } : {}),
        },
        padded: format === 'jsonp',
      });
    });

    analyzeRoutes(app, ctx);
    geoRoutes(app, ctx);
    downloadRoutes(app, ctx);
  };
}
