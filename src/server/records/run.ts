import type { CompiledQuery, CompiledSql, Geometry, OutputColumn, Position } from '../../odsql';
import { bboxPolygon, convexHull } from '../../odsql';
import { admissionOf } from '../admission/request';
import { QueryCancelledError } from '../engine/errors';
import type { Engine, Row } from '../engine/types';
import { ApiError, engineFailure } from '../errors';
import { checkOutputNames, codePoint } from '../http/text';

/** One result of a records query: its JSON object text, and for records their technical data. */
export interface ResultRow {
  /** `{"field": value, …}` as JSON text, keys in output order. */
  readonly fields: string;
  readonly id?: string;
  readonly timestamp?: string;
  readonly size?: number;
}

export interface QueryOutcome {
  readonly total?: number;
  readonly rows: readonly ResultRow[];
}

/**
 * Runs a query under the request's signal, mapping engine failures to the interface's errors. The
 * request's admission (found from its signal) answers from its result cache when it can, else picks the
 * lane: heavy queries never take the connections cheap ones run on, and a client at its limit of heavy
 * requests gets a 429 before anything runs.
 */
export async function runSql(
  engine: Engine,
  query: CompiledSql,
  signal: AbortSignal,
  timeLimitMs: number,
): Promise<Row[]> {
  const admission = admissionOf(signal);
  const timeout = AbortSignal.timeout(timeLimitMs);
  const limited = AbortSignal.any([signal, timeout]);
  try {
    // Requests go through their admission (result cache, lanes, limits); internal queries run cheap.
    return await (admission
      ? admission.rows(engine, query, limited)
      : engine.rows(query, { signal: limited, lane: 'cheap' }));
  } catch (e) {
    throw queryFailure(e, timeout.aborted ? timeLimitMs : undefined);
  }
}

function queryFailure(e: unknown, timedOutAfterMs: number | undefined): unknown {
  if (e instanceof QueryCancelledError && timedOutAfterMs !== undefined) {
    return new ApiError(
      'QueryTimeout',
      `The query took longer than ${timedOutAfterMs / 1000} s and was cancelled: narrow it with filters or simplify it.`,
    );
  }
  return engineFailure(e);
}

/** A 400 for an output name (alias) holding a control character (see http/text.ts). */
export function checkNames(compiled: CompiledQuery): void {
  checkOutputNames(
    compiled.columns.map((c) => c.key),
    (_name, char) => {
      throw new ApiError(
        'ODSQLError',
        `ODSQL query is malformed: an output name holds the control character ${codePoint(char)}.`,
      );
    },
  );
}

/** Runs a compiled query: its page, and its total count when it has one, concurrently. */
export async function runCompiled(
  engine: Engine,
  compiled: CompiledQuery,
  signal: AbortSignal,
  timeLimitMs: number,
): Promise<QueryOutcome> {
  checkNames(compiled);
  const count = compiled.count;
  const [pageRows, total] = await Promise.all([
    runPage(engine, compiled, signal, timeLimitMs),
    typeof count === 'object'
      ? runSql(engine, count, signal, timeLimitMs).then((r) => Number(r[0]?.[0] ?? 0))
      : Promise.resolve(count),
  ]);
  const rows = pageRows.map((row) => toResultRow(compiled, row));
  return total === undefined ? { rows } : { rows, total };
}

/**
 * The page's rows: from the first of its probes (odsql PageProbes) that fills the page, else from the
 * page itself (each under the time limit: a probe reads a sixteenth of the records before the next).
 */
async function runPage(
  engine: Engine,
  compiled: CompiledQuery,
  signal: AbortSignal,
  timeLimitMs: number,
): Promise<Row[]> {
  for (const probe of compiled.probes?.pages ?? []) {
    const rows = await runSql(engine, probe, signal, timeLimitMs);
    if (rows.length >= compiled.probes!.rows) return rows;
  }
  return runSql(engine, compiled.page, signal, timeLimitMs);
}

function toResultRow(compiled: CompiledQuery, row: Row): ResultRow {
  const fields = objectJson(compiled.columns, row);
  if (compiled.kind !== 'records') return { fields };
  const n = compiled.columns.length;
  return {
    fields,
    id: String(row[n]),
    timestamp: trimMillis(String(row[n + 1])),
    size: Number(row[n + 2]),
  };
}

/** `{"key": <json>, …}` from the JSON texts SQL produced, finishing post-processed values. */
export function objectJson(columns: readonly OutputColumn[], row: Row): string {
  const parts = columns.map((c, i) => {
    const raw = row[i];
    const value =
      raw === null || raw === undefined ? 'null' : c.post ? finish(c.post, String(raw)) : String(raw);
    return `${JSON.stringify(c.key)}:${value}`;
  });
  return `{${parts.join(',')}}`;
}

function finish(post: NonNullable<OutputColumn['post']>, raw: string): string {
  const value: unknown = JSON.parse(raw);
  let geometry: Geometry | null = null;
  if (post === 'envelope' && Array.isArray(value)) geometry = convexHull(value as Position[]);
  if (post === 'bbox' && Array.isArray(value) && value.length === 4) {
    const [minx, miny, maxx, maxy] = value as [number, number, number, number];
    geometry = bboxPolygon(minx, miny, maxx, maxy);
  }
  return geometry ? JSON.stringify({ type: 'Feature', geometry, properties: {} }) : 'null';
}

/** `2021-01-04T11:22:14.440Z` → `2021-01-04T11:22:14.44Z`, as the service writes record timestamps. */
function trimMillis(iso: string): string {
  return iso.replace(/\.(\d*?)0+Z$/, (_, digits: string) => (digits === '' ? 'Z' : `.${digits}Z`));
}
