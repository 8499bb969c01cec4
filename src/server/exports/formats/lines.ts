import type { Bind, CompiledQuery, ExportSql, Geometry, RowRefs, SqlQuery } from '../../../odsql';
import { engineWritable } from '../../../odsql';
import { spacedJson } from '../../http/python-json';
import { copyStream } from '../copy-stream';
import { type EngineFileWriter, engineFileWriter } from '../engine-writer';
import type { EngineExport, ExportColumn, ExportContext, ExportRecord } from '../types';

/*
 * JSON and JSON Lines. SQL builds each record's line from the JSON texts the compiler renders, so the
 * engine path needs no JavaScript object per record; `write` does the same from `ExportRecord`s.
 */

/** The first geo column gives a v2.0 record its `geometry` (as recordLineSql does in SQL). */
function geometryColumn(columns: readonly ExportColumn[]): number {
  return columns.findIndex((c) => c.type === 'geo_point_2d' || c.type === 'geo_shape');
}

function lineSql(sql: ExportSql, plan: EngineExport, refs: RowRefs, bind: Bind): string {
  const { columns, version, dataset } = plan.context;
  return version === '2.0'
    ? sql.recordLine(columns, refs, bind, dataset.dataset_id)
    : sql.flatLine(columns, refs, bind);
}

function recordObject(context: Omit<ExportContext, 'records'>, record: ExportRecord): unknown {
  if (context.version === '2.1' || record.id === undefined) return record.fields;
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(record.fields)) if (value !== null) fields[key] = value;
  const g = geometryColumn(context.columns);
  const value = g >= 0 ? record.fields[context.columns[g]!.name] : null;
  let geometry: Geometry | undefined;
  if (value !== null && value !== undefined) {
    geometry =
      context.columns[g]!.type === 'geo_point_2d'
        ? { type: 'Point', coordinates: [(value as { lon: number }).lon, (value as { lat: number }).lat] }
        : (value as { geometry: Geometry }).geometry;
  }
  return {
    datasetid: context.dataset.dataset_id,
    recordid: record.id,
    fields,
    ...(geometry ? { geometry } : {}),
    record_timestamp: record.timestamp,
  };
}

async function* engineLines(
  sql: ExportSql,
  plan: EngineExport,
  open: string,
  separator: string,
  close: string,
) {
  const query = sql.cellsQuery(plan.compiled, plan.context.columns, (refs, bind) => [
    lineSql(sql, plan, refs, bind),
  ]);
  let first = true;
  for await (const rows of plan.engine.stream(query, { signal: plan.context.signal })) {
    if (rows.length === 0) continue;
    const body = rows.map((r) => String(r[0])).join(separator);
    yield first ? `${open}${body}` : `${separator}${body}`;
    first = false;
  }
  yield first ? (open === '' ? '' : `${open}${close}`) : close;
}

/** A v2.1 line spaced as the engine writes it (flatLine); v2.0 lines stay compact. */
function lineText(context: Omit<ExportContext, 'records'>, record: ExportRecord): string {
  const text = JSON.stringify(recordObject(context, record));
  return context.version === '2.1' ? spacedJson(text) : text;
}

async function* jsLines(context: ExportContext, open: string, separator: string, close: string) {
  let first = true;
  for await (const batch of context.records) {
    if (batch.length === 0) continue;
    const body = batch.map((r) => lineText(context, r)).join(separator);
    yield first ? `${open}${body}` : `${separator}${body}`;
    first = false;
  }
  yield first ? (open === '' ? '' : `${open}${close}`) : close;
}

/**
 * v2.1 (flat objects): each line built by SQL (keys are bound values, never SQL text), written by
 * DuckDB's CSV writer as one unquoted column through a pipe like CSV (see copy-stream.ts). JSON text
 * holds no raw control character, so the lines pass through unchanged; the JSON array's brackets and
 * commas are added around them as they stream (`jsonArray`).
 */
export function jsonCopy(
  sql: ExportSql,
  compiled: CompiledQuery,
  columns: readonly ExportColumn[],
): { query: SqlQuery; options: string } {
  const query = sql.cellsQuery(compiled, columns, (refs, bind) => [sql.flatLine(columns, refs, bind)]);
  return { query, options: sql.linesCopyOptions() };
}

const NEWLINE = 0x0a;

/**
 * JSON lines (`{…}\n{…}\n`) as one JSON array, chunk by chunk, framed as the service frames it: no
 * space nor line break between items (`[{…},{…}]`, conformance capture 04).
 */
export async function* jsonArray(lines: AsyncIterable<Buffer>): AsyncIterable<Buffer> {
  let started = false;
  // A line ended: its comma is written once another line follows.
  let ended = false;
  for await (const chunk of lines) {
    const parts: Buffer[] = [];
    let from = 0;
    while (from <= chunk.length) {
      const end = chunk.indexOf(NEWLINE, from);
      const segment = chunk.subarray(from, end < 0 ? chunk.length : end);
      if (segment.length > 0) {
        if (!started) parts.push(Buffer.from('['));
        else if (ended) parts.push(Buffer.from(','));
        started = true;
        ended = false;
        parts.push(segment);
      }
      if (end < 0) break;
      ended = true;
      from = end + 1;
    }
    if (parts.length > 0) yield Buffer.concat(parts);
  }
  yield Buffer.from(started ? ']' : '[]');
}

function copyJson(writer: EngineFileWriter, plan: EngineExport, array: boolean) {
  const { query, options } = jsonCopy(writer.sql, plan.compiled, plan.context.columns);
  const lines = copyStream(writer.copy, query, options, plan.context.signal);
  return array ? jsonArray(lines) : lines;
}

/**
 * The engine path of JSON and JSON Lines, or none when a column is finished in JavaScript or the engine
 * writes no lines itself (then `write` makes them from the streamed rows).
 */
function engineJson(plan: EngineExport, array: boolean) {
  const writer = engineFileWriter(plan);
  if (!writer || !engineWritable(plan.compiled)) return undefined;
  if (plan.context.version === '2.1' || plan.compiled.kind !== 'records') {
    return plan.context.columns.length > 0 ? copyJson(writer, plan, array) : undefined;
  }
  return array ? engineLines(writer.sql, plan, '[', ',', ']') : engineLines(writer.sql, plan, '', '\n', '\n');
}

export const json = {
  format: 'json',
  extension: 'json',
  mediaType: 'application/json; charset=utf-8',
  versions: ['2.0', '2.1'],
  write: (context: ExportContext) => jsLines(context, '[', ',', ']'),
  engineWrite: (plan: EngineExport) => engineJson(plan, true),
} as const;

export const jsonl = {
  format: 'jsonl',
  extension: 'jsonl',
  mediaType: 'application/jsonl; charset=utf-8',
  versions: ['2.0', '2.1'],
  write: (context: ExportContext) => jsLines(context, '', '\n', '\n'),
  engineWrite: (plan: EngineExport) => engineJson(plan, false),
} as const;
