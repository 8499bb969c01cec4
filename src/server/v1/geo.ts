import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Geometry as GeoJsonGeometry } from 'geojson';
import type { DatasetSchema, Geometry } from '../../odsql';
import { compileRecordsQuery, geometryBbox, printName } from '../../odsql';
import type { ServerContext } from '../context';
import { ApiError } from '../errors';
import { datasetFacetFields } from '../facets/config';
import { boolean, integer, type QueryString, single } from '../http/params';
import { clientSignal } from '../http/signal';
import { compileOptions } from '../records/options';
import { runCompiled, runSql } from '../records/run';
import { type Serie, serieExpression, seriesOf } from './analyze-params';
import { requestedDataset, v1Filters } from './dataset-query';
import { SERIES_CLAUSES, v1CompileError } from './filter';
import { sendV1, v1Format } from './output';
import { BOUNDINGBOX_QUERY, GEOCLUSTER_QUERY, GEOPOLYGON_QUERY, GEOPREVIEW_QUERY } from './query-schemas';
import { getAndPost, v1Params } from './request';

/*
 * The map endpoints of v1, answered in the shapes ods-widgets' odsMap reads:
 * - `boundingbox`: `{count, bbox: [minlon, minlat, maxlon, maxlat], geometries: {Point: n, …}}` (of the
 *   first shape field, else the first point field);
 * - `geocluster`: `{clusters: [{cluster_center: [lat, lon], count, cluster, series?}], count: {min, max},
 *   series?: {<serie>: {min, max}}}` (points grouped with ODSQL `geo_cluster`);
 * - `geopreview`: `[{recordid, geometry, geo_digest}]` (shapes, at most `rows`);
 * - `geopolygon`: the records grouped by their shape, `{clusters: [{cluster, geo_digest, count, series?}],
 *   count, series?}`.
 * All take the filters of a records search (q, refine, exclude, geofilter.*).
 */

/** The geo field an endpoint works on: `geo_field` when given, else the first field of the first kind listed. */
function mapField(
  schema: DatasetSchema,
  query: QueryString,
  kinds: readonly string[],
): { name: string; type: string } {
  const asked = single(query, 'geo_field')?.trim();
  const candidates = schema.fields.filter((f) => kinds.includes(f.type));
  const f = asked
    ? candidates.find((c) => c.name === asked)
    : kinds.map((k) => candidates.find((c) => c.type === k)).find((c) => c !== undefined);
  if (!f) {
    throw new ApiError(
      'InvalidRESTParameterError',
      asked
        ? `Invalid value for geo_field API parameter: ${asked} is not a ${kinds.join(' or ')} field of the dataset.`
        : `The dataset has no ${kinds.join(' or ')} field to draw on a map.`,
    );
  }
  return f;
}

/** A `geo_point_2d` value (`{lat, lon}`) as a GeoJSON point. */
function pointGeometry(value: unknown): GeoJsonGeometry {
  const p = value as { lat: number; lon: number };
  return { type: 'Point', coordinates: [p.lon, p.lat] };
}

/** A short stable digest of a geometry, naming a shape in `geopreview` and `geopolygon`. */
export function geoDigest(geometry: unknown): string {
  return createHash('sha1').update(JSON.stringify(geometry)).digest('hex').slice(0, 16);
}

type Values = Record<string, unknown>;

interface Prepared {
  readonly query: QueryString;
  readonly format: 'json' | 'jsonp';
  readonly table: string;
  readonly schema: DatasetSchema;
  readonly where: string[];
  readonly filters: ReturnType<typeof v1Filters>['filters'];
}

function prepare(ctx: ServerContext, req: Parameters<typeof v1Params>[0]): Prepared {
  const query = v1Params(req);
  const format = v1Format(query, ['json', 'jsonp'] as const);
  const ds = requestedDataset(ctx, req, query);
  const schema = ctx.catalog.schema(ds.dataset_id)!;
  const { where, filters } = v1Filters(query, schema, datasetFacetFields(ds), 'dataset');
  return { query, format, table: ds.table, schema, where, filters };
}

async function run(
  ctx: ServerContext,
  reply: FastifyReply,
  p: Prepared,
  parts: { select: string; groupBy?: string; orderBy?: string; limit?: number },
): Promise<Values[]> {
  const compiled = compileRecordsQuery(
    {
      table: p.table,
      select: parts.select,
      where: p.where,
      ...(parts.groupBy !== undefined ? { groupBy: parts.groupBy } : {}),
      ...(parts.orderBy !== undefined ? { orderBy: parts.orderBy } : {}),
      ...(parts.limit !== undefined ? { limit: parts.limit } : {}),
      filters: p.filters,
    },
    p.schema,
    compileOptions(ctx, p.query, '2.1'),
  );
  if (!compiled.ok) throw v1CompileError(compiled.diagnostics, SERIES_CLAUSES);
  const { rows } = await runCompiled(
    ctx.engine,
    compiled.query,
    clientSignal(reply),
    ctx.config.sqlTimeLimitMs,
  );
  return rows.map((r) => JSON.parse(r.fields) as Values);
}

const GROUPS = 20_000;

/** `{min, max}` of the values, or undefined when there are none. */
function range(values: readonly (number | null)[]): { min: number; max: number } | undefined {
  const numbers = values.filter((v): v is number => v !== null);
  if (numbers.length === 0) return undefined;
  return { min: Math.min(...numbers), max: Math.max(...numbers) };
}

function serieOf(s: Serie, row: Values): number | null {
  const n = (v: unknown): number | null =>
    v === null || v === undefined || !Number.isFinite(Number(v)) ? null : Number(v);
  if (s.func === 'STDDEV') {
    const q = n(row[s.aliases[0]!]);
    const m = n(row[s.aliases[1]!]);
    return q === null || m === null ? null : Math.sqrt(Math.max(0, q - m * m));
  }
  return n(row[s.aliases[0]!]);
}

function seriesSummary(
  series: readonly Serie[],
  clusters: readonly { series?: Record<string, number | null> }[],
) {
  if (series.length === 0) return {};
  return {
    series: Object.fromEntries(
      series.map((s) => [
        s.name,
        range(clusters.map((c) => c.series?.[s.name] ?? null)) ?? { min: 0, max: 0 },
      ]),
    ),
  };
}

export function geoRoutes(app: FastifyInstance, ctx: ServerContext): void {
  getAndPost(app, '/records/1.0/boundingbox', { querystring: BOUNDINGBOX_QUERY }, async (req, reply) => {
    const p = prepare(ctx, req);
    // The shapes when the dataset has some: odsMap reads `geometries` to choose between drawing shapes
    // and clustering points.
    const field = mapField(p.schema, p.query, ['geo_shape', 'geo_point_2d']);
    const name = printName(field.name);
    const [row] = await run(ctx, reply, p, { select: `count(${name}) AS c, bbox(${name}) AS b` });
    const count = Number(row?.c ?? 0);
    const box = row?.b ? geometryBbox((row.b as { geometry: Geometry }).geometry) : null;
    let geometries: Record<string, number> = {};
    if (count > 0 && field.type === 'geo_point_2d') geometries = { Point: count };
    else if (count > 0) {
      // Shape kinds from a sample of the shapes, scaled to the count: the widgets only compare shares.
      const sample = await run(ctx, reply, p, { select: name, limit: 1000 });
      const kinds = new Map<string, number>();
      for (const r of sample) {
        const type = (r[field.name] as { geometry?: { type?: string } } | null)?.geometry?.type;
        if (type) kinds.set(type, (kinds.get(type) ?? 0) + 1);
      }
      const total = [...kinds.values()].reduce((a, b) => a + b, 0);
      geometries = Object.fromEntries([...kinds].map(([k, n]) => [k, Math.round((n / total) * count)]));
    }
    return sendV1(reply, p.query, {
      kind: 'boundingBox',
      json: { count, geometries, ...(box ? { bbox: [box[0], box[1], box[2], box[3]] } : {}) },
      padded: p.format === 'jsonp',
    });
  });

  getAndPost(app, '/records/1.0/geocluster', { querystring: GEOCLUSTER_QUERY }, async (req, reply) => {
    const p = prepare(ctx, req);
    const field = mapField(p.schema, p.query, ['geo_point_2d']);
    const name = printName(field.name);
    // `shapeprecision` is accepted (its schema) and left: cluster shapes are kept exact.
    const zoom = integer(p.query, 'clusterprecision', 3);
    const distance = integer(p.query, 'clusterdistance', 50);
    const polygons = boolean(p.query, 'return_polygons', false);
    const { series, select } = seriesOf(p.query);
    const rows = await run(ctx, reply, p, {
      select: [`count(*) AS c`, ...(polygons ? [`envelope(${name}) AS e`] : []), ...select].join(', '),
      groupBy: `geo_cluster(${name}, ${zoom}, radius=${distance}) AS g`,
      limit: GROUPS,
    });
    const clusters = rows.map((row) => {
      const centre = (row.g as { cluster_centroid: { lat: number; lon: number } }).cluster_centroid;
      const hull = (row.e as { geometry?: GeoJsonGeometry } | null | undefined)?.geometry;
      const values = Object.fromEntries(series.map((s) => [s.name, serieOf(s, row)]));
      return {
        cluster_center: [centre.lat, centre.lon] as const,
        count: Number(row.c),
        cluster: hull ?? ({ type: 'Point', coordinates: [centre.lon, centre.lat] } satisfies GeoJsonGeometry),
        ...(series.length > 0 ? { series: values } : {}),
      };
    });
    return sendV1(reply, p.query, {
      kind: 'geoClusters',
      json: {
        clusters,
        count: range(clusters.map((c) => c.count)) ?? { min: 0, max: 0 },
        ...seriesSummary(series, clusters),
        clusterprecision: zoom,
      },
      padded: p.format === 'jsonp',
    });
  });

  getAndPost(app, '/records/1.0/geopreview', { querystring: GEOPREVIEW_QUERY }, async (req, reply) => {
    const p = prepare(ctx, req);
    const field = mapField(p.schema, p.query, ['geo_shape', 'geo_point_2d']);
    // `clusterprecision` is accepted (its schema) and left: shapes are sent exact.
    const rows = integer(p.query, 'rows', 1000);
    const found = await run(ctx, reply, p, { select: printName(field.name), limit: rows });
    const shapes = found.flatMap((row) => {
      const v = row[field.name];
      if (v === null || v === undefined) return [];
      const geometry =
        field.type === 'geo_point_2d' ? pointGeometry(v) : (v as { geometry: GeoJsonGeometry }).geometry;
      return [{ geometry, geo_digest: geoDigest(geometry) }];
    });
    return sendV1(reply, p.query, { kind: 'geoPreview', json: shapes, padded: p.format === 'jsonp' });
  });

  getAndPost(app, '/records/1.0/geopolygon', { querystring: GEOPOLYGON_QUERY }, async (req, reply) => {
    const p = prepare(ctx, req);
    const field = mapField(p.schema, p.query, ['geo_shape', 'geo_point_2d']);
    const name = printName(field.name);
    const { series } = seriesOf(p.query);
    const values = series.map((s, i) =>
      s.func === 'COUNT'
        ? 'NULL'
        : `${serieExpression(s.name, single(p.query, `y.${s.name}.expr`))} AS v${i}`,
    );
    const found = await streamValues(ctx, reply, p, [name, ...values.filter((v) => v !== 'NULL')].join(', '));
    const groups = new Map<string, { cluster: GeoJsonGeometry; count: number; acc: Accumulator[] }>();
    for (const row of found.rows) {
      const v = row[field.name];
      if (v === null || v === undefined) continue;
      const geometry =
        field.type === 'geo_point_2d' ? pointGeometry(v) : (v as { geometry: GeoJsonGeometry }).geometry;
      const digest = geoDigest(geometry);
      let g = groups.get(digest);
      if (!g) {
        g = { cluster: geometry, count: 0, acc: series.map(() => new Accumulator()) };
        groups.set(digest, g);
      }
      g.count++;
      series.forEach((s, i) => {
        if (s.func !== 'COUNT') g!.acc[i]!.add(row[`v${i}`]);
      });
    }
    const clusters = [...groups].map(([digest, g]) => ({
      cluster: g.cluster,
      geo_digest: digest,
      count: g.count,
      ...(series.length > 0
        ? {
            series: Object.fromEntries(
              series.map((s, i) => [s.name, s.func === 'COUNT' ? g.count : g.acc[i]!.value(s.func)]),
            ),
          }
        : {}),
    }));
    if (found.truncated) reply.header('ODS-Analyze-Truncated', 'true');
    return sendV1(reply, p.query, {
      kind: 'geoPolygons',
      json: {
        clusters,
        count: range(clusters.map((c) => c.count)) ?? { min: 0, max: 0 },
        ...seriesSummary(series, clusters),
      },
      padded: p.format === 'jsonp',
    });
  });
}

/** Records a geopolygon request reads at most: shapes are grouped here, not in the engine. */
const POLYGON_RECORDS = 20_000;

async function streamValues(
  ctx: ServerContext,
  reply: FastifyReply,
  p: Prepared,
  select: string,
): Promise<{ rows: Values[]; truncated: boolean }> {
  const compiled = compileRecordsQuery(
    { table: p.table, select, where: p.where, limit: POLYGON_RECORDS + 1, filters: p.filters },
    p.schema,
    compileOptions(ctx, p.query, '2.1'),
  );
  if (!compiled.ok) throw v1CompileError(compiled.diagnostics, SERIES_CLAUSES);
  const raw = await runSql(ctx.engine, compiled.query.page, clientSignal(reply), ctx.config.sqlTimeLimitMs);
  const keys = compiled.query.columns.map((c) => c.key);
  const rows = raw
    .slice(0, POLYGON_RECORDS)
    .map((r) =>
      Object.fromEntries(
        keys.map((k, i) => [k, r[i] === null || r[i] === undefined ? null : JSON.parse(String(r[i]))]),
      ),
    );
  return { rows, truncated: raw.length > POLYGON_RECORDS };
}

/** Sum, sum of squares, count, min and max of a series' values in one group. */
class Accumulator {
  private n = 0;
  private sum = 0;
  private squares = 0;
  private min = Number.POSITIVE_INFINITY;
  private max = Number.NEGATIVE_INFINITY;

  add(v: unknown): void {
    if (v === null || v === undefined) return;
    const x = Number(v);
    if (!Number.isFinite(x)) return;
    this.n++;
    this.sum += x;
    this.squares += x * x;
    this.min = Math.min(this.min, x);
    this.max = Math.max(this.max, x);
  }

  value(func: string): number | null {
    if (this.n === 0) return func === 'SUM' || func === 'SUMSQUARES' ? 0 : null;
    switch (func) {
      case 'AVG':
        return this.sum / this.n;
      case 'SUM':
        return this.sum;
      case 'MIN':
        return this.min;
      case 'MAX':
        return this.max;
      case 'SUMSQUARES':
        return this.squares;
      case 'STDDEV': {
        const mean = this.sum / this.n;
        return Math.sqrt(Math.max(0, this.squares / this.n - mean * mean));
      }
      default:
        return this.n;
    }
  }
}
