import type { FastifyInstance } from 'fastify';
import { compileRecordsQuery, printName } from '../../odsql';
import type { ServerContext } from '../context';
import { datasetFacetFields } from '../facets/config';
import { clientSignal } from '../http/signal';
import { compileOptions } from '../records/options';
import { runCompiled } from '../records/run';
import { type AnalyzePlan, analyzePlan, type XAxis } from './analyze-params';
import { requestedDataset, v1Filters } from './dataset-query';
import { SERIES_CLAUSES, v1CompileError } from './filter';
import { sendV1, v1Format } from './output';
import { ANALYZE_QUERY } from './query-schemas';
import { getAndPost, v1Params } from './request';

/*
 * `records/1.0/analyze`: groups of records along x axes with aggregated series, answered as the widgets
 * read it — `[{"x": <value or {part: value}>, "<serie>": number}, …]`. Compiled as an ODSQL group_by on
 * the same engine as v2, with the filters of a records search.
 */

/** Groups an analysis may return at most (the engine's group window). */
const MAX_GROUPS = 20_000;

type Values = Record<string, unknown>;

function numberOrNull(v: unknown): number | null {
  if (v === null || v === undefined) return null;
  const n = Number(v);
  return Number.isFinite(n) ? n : null;
}

/** An axis value as the widgets read it: date parts are numbers, weekdays from Monday = 0. */
function axisValue(x: XAxis, v: unknown): unknown {
  if (x.part === 'weekday') return Number(v) - 1;
  if (x.part === 'yearday') return Number(v);
  return v;
}

function xOf(plan: AnalyzePlan, row: Values): unknown {
  const fields = [...new Set(plan.xs.map((x) => x.field))];
  const axisOf = (field: string): unknown => {
    const axes = plan.xs.filter((x) => x.field === field);
    if (axes.length === 1 && axes[0]!.part === undefined) return row[axes[0]!.alias];
    return Object.fromEntries(axes.map((x) => [x.part ?? x.field, row[x.alias]]));
  };
  if (fields.length === 1) return axisOf(fields[0]!);
  return Object.fromEntries(fields.map((f) => [f, axisOf(f)]));
}

function serieValue(func: string, aliases: readonly string[], row: Values): number | null {
  if (func === 'STDDEV') {
    const meanOfSquares = numberOrNull(row[aliases[0]!]);
    const mean = numberOrNull(row[aliases[1]!]);
    if (meanOfSquares === null || mean === null) return null;
    return Math.sqrt(Math.max(0, meanOfSquares - mean * mean));
  }
  return numberOrNull(row[aliases[0]!]);
}

/** Compares group keys as the engine cannot when a part is text (weekday and yearday numbers). */
function compareKeys(a: unknown, b: unknown): number {
  if (a === b) return 0;
  if (a === null || a === undefined) return 1;
  if (b === null || b === undefined) return -1;
  const na = Number(a);
  const nb = Number(b);
  if (typeof a !== 'boolean' && Number.isFinite(na) && Number.isFinite(nb) && String(a).trim() !== '')
    return na - nb;
  return String(a) < String(b) ? -1 : 1;
}

export function analyzeRoutes(app: FastifyInstance, ctx: ServerContext): void {
  getAndPost(app, '/records/1.0/analyze', { querystring: ANALYZE_QUERY }, async (req, reply) => {
    const query = v1Params(req);
    const format = v1Format(query, ['json', 'jsonp'] as const);
    const ds = requestedDataset(ctx, req, query);
    const schema = ctx.catalog.schema(ds.dataset_id)!;
    const plan = analyzePlan(query, schema);
    const { where, filters } = v1Filters(query, schema, datasetFacetFields(ds), 'dataset');
    const limit = plan.maxpoints > 0 ? plan.maxpoints : MAX_GROUPS;
    // A record without a value on an axis is in no group: left out before the groups are counted, so
    // that it takes none of the `maxpoints` (ods-widgets showed one group short when it did).
    const onAxes = [...new Set(plan.xs.map((x) => x.field))].map((f) => `${printName(f)} IS NOT NULL`);
    const compiled = compileRecordsQuery(
      {
        table: ds.table,
        select: plan.select,
        where: [...where, ...onAxes],
        ...(plan.groupBy !== undefined ? { groupBy: plan.groupBy } : {}),
        ...(plan.orderBy !== undefined && plan.groupBy !== undefined ? { orderBy: plan.orderBy } : {}),
        limit,
        filters,
      },
      schema,
      compileOptions(ctx, query, '2.1'),
    );
    if (!compiled.ok) throw v1CompileError(compiled.diagnostics, SERIES_CLAUSES);
    const { rows } = await runCompiled(
      ctx.engine,
      compiled.query,
      clientSignal(reply),
      ctx.config.sqlTimeLimitMs,
    );
    const numeric = plan.xs.some((x) => x.part === 'weekday' || x.part === 'yearday');
    const groups = rows
      .map((r) => JSON.parse(r.fields) as Values)
      // A record without a value on an axis is in no group (the null group of v2.1 is left out).
      .filter((row) => plan.xs.every((x) => row[x.alias] !== null && row[x.alias] !== undefined))
      .map((row) => ({
        ...row,
        ...Object.fromEntries(plan.xs.map((x) => [x.alias, axisValue(x, row[x.alias])])),
      }));
    // Weekday and yearday keys were text in the engine: their order is set again on the numbers.
    if (numeric) {
      groups.sort((a, b) => {
        for (const o of plan.order) {
          const c = compareKeys(a[o.alias], b[o.alias]);
          if (c !== 0) return o.desc ? -c : c;
        }
        return 0;
      });
    }
    const running = new Map<string, number>();
    const answer = groups.map((row) => {
      const out: Values = {};
      if (plan.xs.length > 0) {
        out.x = xOf(plan, row);
      }
      for (const s of plan.series) {
        let v = serieValue(s.func, s.aliases, row);
        if (s.cumulative && v !== null) {
          v += running.get(s.name) ?? 0;
          running.set(s.name, v);
        }
        out[s.name] = v;
      }
      return out;
    });
    if (plan.maxpoints === 0 && rows.length >= MAX_GROUPS) reply.header('ODS-Analyze-Truncated', 'true');
    return sendV1(reply, query, { kind: 'analyzePoints', json: answer, padded: format === 'jsonp' });
  });
}
