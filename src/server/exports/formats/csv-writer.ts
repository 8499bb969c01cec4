import type { CsvOptions } from '../params';
import type { ExportContext } from '../types';
import { BOM, DEFAULT_CSV, headers } from './csv-text';

/*
 * The one CSV writer of exports: every path that writes CSV text in the server (records rendered in
 * JavaScript, rows streamed by an engine without a file writer, raw values) writes its lines here, and
 * an engine with a file writer gets the `COPY` options that write the same bytes from its dialect
 * (`ExportSql.csvCopyOptions`).
 * Cells are quoted as csv-stringify quotes them with the export's options (csv-text.ts
 * stringifyOptions), which raw/csv.test.ts checks over generated cells, and as DuckDB's COPY does
 * (rows-paths.test.ts).
 *
 * The lines are joined here rather than by csv-stringify: over a million rows of six short cells,
 * csv-stringify's `stringify` took 1.2–2.4 s against 0.7–1.1 s for this writer, the same 70 MB
 * (2 shared cores, November 2026; 1.4–3.2 s against 0.3 s on an idle machine before), most of an
 * export's time in the server.
 */

/**
 * How lines are written. The export's lines are as DuckDB's COPY writes them; the v1 API's (its
 * download and its datasets list) keep the lines it has always written, csv-stringify's defaults: `\n`
 * line ends, and neither `#` nor the empty text quoted (v1/download.test.ts reads them back).
 */
export interface CsvLineStyle {
  readonly lineEnd: '\r\n' | '\n';
  /** Whether a cell holding `#` and the empty text (`""`, then unlike no value) are quoted. */
  readonly quoteHashAndEmpty: boolean;
}

export const EXPORT_LINES: CsvLineStyle = { lineEnd: '\r\n', quoteHashAndEmpty: true };
export const V1_LINES: CsvLineStyle = { lineEnd: '\n', quoteHashAndEmpty: false };

/** A row's cells as one CSV line (with its line end); a null cell is no value, written as nothing. */
export function csvLine(
  csv: Pick<CsvOptions, 'delimiter' | 'quoteAll'>,
  style: CsvLineStyle = EXPORT_LINES,
): (cells: readonly (string | null)[]) => string {
  const { delimiter, quoteAll } = csv;
  const { lineEnd, quoteHashAndEmpty } = style;
  // A cell holding the delimiter, the quote or a line break is quoted, and in the export's lines so are
  // `#` and the empty text (`""`, so that it differs from no value, written as nothing even with
  // `quote_all`).
  const special = new RegExp(
    `[${delimiter.replace(/[\\\]^-]/g, '\\$&')}"\\r\\n${quoteHashAndEmpty ? '#' : ''}]`,
  );
  const cellText = (cell: string | null): string => {
    if (cell === null) return '';
    if (cell === '') return quoteHashAndEmpty ? '""' : '';
    if (quoteAll || special.test(cell)) return `"${cell.replaceAll('"', '""')}"`;
    return cell;
  };
  return (cells) => {
    let line = cellText(cells[0] ?? null);
    for (let i = 1; i < cells.length; i++) line += delimiter + cellText(cells[i]!);
    return line + lineEnd;
  };
}

/** Rows' cells as CSV lines. */
export function csvLines(
  line: (cells: readonly (string | null)[]) => string,
  rows: readonly (readonly (string | null)[])[],
): string {
  let text = '';
  for (const row of rows) text += line(row);
  return text;
}

/** The CSV text of one export. */
export interface CsvWriter {
  /**
   * The BOM (when asked) and the header line: labels or names, which stay out of SQL. It goes out with
   * the first rows (or alone once none came), so that a failure before them is still a JSON error.
   */
  readonly head: string;
  /** One row's cells as a line. */
  readonly line: (cells: readonly (string | null)[]) => string;
  /** Rows' cells as lines. */
  lines(rows: readonly (readonly (string | null)[])[]): string;
}

export function csvWriter(context: Pick<ExportContext, 'columns' | 'useLabels' | 'csv'>): CsvWriter {
  const csv = context.csv ?? DEFAULT_CSV;
  const line = csvLine(csv);
  return {
    head: `${csv.withBom ? BOM : ''}${line(headers(context))}`,
    line,
    lines: (rows) => csvLines(line, rows),
  };
}
