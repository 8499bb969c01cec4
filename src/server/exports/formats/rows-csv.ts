import { stringify } from 'csv-stringify/sync';
import { csvLine, rawCsvCell } from '../raw/csv';
import { rawRenderer } from '../raw/render';
import { rawRows } from '../raw/rows';
import type { EngineExport } from '../types';
import { DEFAULT_CSV, stringifyOptions } from './csv-text';
import { cellOfJson } from './json-cells';

/**
 * CSV written in the server from the streamed rows, for an engine without its own writer (ClickHouse):
 * each row's JSON texts become the cells DuckDB's COPY writes (json-cells.ts), quoted alike
 * (csv-text.ts). Pulling the next chunk only when the previous one is sent keeps the query at the
 * client's pace; the signal cancels it.
 */
export async function* rowsCsv(plan: EngineExport, head: string): AsyncIterable<string> {
  const { columns, signal } = plan.context;
  const { listSeparator } = plan.context.csv ?? DEFAULT_CSV;
  const options = stringifyOptions(plan.context.csv);
  let first = true;
  const raw = plan.compiled.raw;
  if (raw) {
    // Values read raw and rendered here (raw-records.ts), the lines joined without csv-stringify.
    const render = rawRenderer(raw);
    const line = csvLine(plan.context.csv ?? DEFAULT_CSV);
    const n = columns.length;
    const cells = new Array<string | null>(n);
    for await (const rows of rawRows(plan.engine, raw, signal)) {
      if (rows.length === 0) continue;
      let text = first ? head : '';
      for (const row of rows) {
        for (let i = 0; i < n; i++) cells[i] = rawCsvCell(columns[i]!, render, i, row[i], listSeparator);
        text += line(cells);
      }
      yield text;
      first = false;
    }
    if (first) yield head;
    return;
  }
  for await (const rows of plan.engine.stream(plan.compiled.page, { signal })) {
    if (rows.length === 0) continue;
    const cells = rows.map((row) => columns.map((c, i) => cellOfJson(c, row[i], listSeparator)));
    const text = stringify(cells, options);
    yield first ? `${head}${text}` : text;
    first = false;
  }
  // The header goes out with the first rows (or alone at the end), so that a failure before them is
  // still a JSON error.
  if (first) yield head;
}
