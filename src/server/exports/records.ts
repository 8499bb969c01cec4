import type { CompiledQuery } from '../../odsql';
import type { Engine } from '../engine/types';
import { objectJson } from '../records/run';
import { rawRenderer } from './raw/render';
import { rawRows } from './raw/rows';
import type { ExportColumn, ExportRecord } from './types';

/**
 * The rows of an export as `ExportRecord` batches, one per engine chunk: SQL renders each value as JSON
 * text in the shape of v2.1 `results`, parsed here; or, where the compiled query carries its raw values
 * (ClickHouse), those rendered here. Pulling the next batch pulls the next chunk, so a
 * slow reader slows the query instead of filling memory.
 */
export async function* exportRecords(
  engine: Engine,
  compiled: CompiledQuery,
  columns: readonly ExportColumn[],
  signal: AbortSignal,
): AsyncIterable<readonly ExportRecord[]> {
  const n = columns.length;
  if (compiled.raw) {
    // Values read raw and rendered here (raw-records.ts): no JSON text per cell.
    const render = rawRenderer(compiled.raw);
    for await (const rows of rawRows(engine, compiled.raw, signal)) {
      yield rows.map((row): ExportRecord => {
        const fields: Record<string, unknown> = {};
        for (let i = 0; i < n; i++) fields[columns[i]!.name] = render.value(i, row[i]);
        return { id: String(row[n]), timestamp: render.timestamp(row[n + 1]), fields };
      });
    }
    return;
  }
  const records = compiled.kind === 'records';
  // Columns computed after the query (envelope, bbox) are finished as on the records endpoint.
  const finished = compiled.columns.some((c) => c.post !== undefined);
  for await (const rows of engine.stream(compiled.page, { signal })) {
    yield rows.map((row): ExportRecord => {
      let fields: Record<string, unknown>;
      if (finished) fields = JSON.parse(objectJson(compiled.columns, row)) as Record<string, unknown>;
      else {
        fields = {};
        for (let i = 0; i < n; i++) {
          const cell = row[i];
          fields[columns[i]!.name] = cell === null || cell === undefined ? null : JSON.parse(String(cell));
        }
      }
      if (!records) return { fields };
      return { id: String(row[n]), timestamp: String(row[n + 1]), fields };
    });
  }
}
