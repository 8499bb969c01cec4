import { rawCsvCell } from '../raw/csv';
import { rawRenderer } from '../raw/render';
import { rawRows } from '../raw/rows';
import type { EngineExport } from '../types';
import { DEFAULT_CSV } from './csv-text';
import type { CsvWriter } from './csv-writer';
import { cellOfJson } from './json-cells';

/**
 * CSV written in the server from the streamed rows, for an engine without its own writer (ClickHouse):
 * each row's JSON texts (or raw values) become the cells DuckDB's COPY writes (json-cells.ts), written
 * by the export's CSV writer. Pulling the next chunk only when the previous one is sent keeps the query
 * at the client's pace; the signal cancels it.
 */
export async function* rowsCsv(plan: EngineExport, writer: CsvWriter): AsyncIterable<string> {
  const { columns, signal } = plan.context;
  const { listSeparator } = plan.context.csv ?? DEFAULT_CSV;
  const n = columns.length;
  const cells = new Array<string | null>(n);
  const raw = plan.compiled.raw;
  // Values read raw and rendered here (raw-records.ts), or the compiled query's JSON texts.
  const render = raw && rawRenderer(raw);
  const chunks = raw ? rawRows(plan.engine, raw, signal) : plan.engine.stream(plan.compiled.page, { signal });
  let first = true;
  for await (const rows of chunks) {
    if (rows.length === 0) continue;
    let text = first ? writer.head : '';
    for (const row of rows) {
      for (let i = 0; i < n; i++)
        cells[i] = render
          ? rawCsvCell(columns[i]!, render, i, row[i], listSeparator)
          : cellOfJson(columns[i]!, row[i], listSeparator);
      text += writer.line(cells);
    }
    yield text;
    first = false;
  }
  // The header goes out with the first rows (or alone at the end), so that a failure before them is
  // still a JSON error.
  if (first) yield writer.head;
}
