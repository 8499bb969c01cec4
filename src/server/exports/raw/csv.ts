import type { ExportCellColumn } from '../../../odsql';
import { cellOfJson, doubleText } from '../formats/json-cells';
import type { CsvOptions } from '../params';
import type { RawRenderer } from './render';

/*
 * CSV rows of raw values (raw-records.ts): the cells cellOfJson makes of the compiled query's JSON
 * texts, taken from the values directly where the text is the value itself, and quoted as csv-stringify
 * quotes them with the export's options (csv-text.ts), which csv.test.ts checks. The rows are joined
 * here rather than by csv-stringify: for millions of records its per-cell work took 1.4-3.2 s per
 * million rows against 0.3 s, most of an export's time.
 */

/** A row's cells as one CSV line (with its `\r\n`), quoted as csv-stringify quotes them. */
export function csvLine(csv: CsvOptions): (cells: readonly (string | null)[]) => string {
  const { delimiter, quoteAll } = csv;
  // csv-stringify quotes a cell holding the delimiter, the quote or a line break, and our options add
  // `#` and the empty text (csv-text.ts stringifyOptions).
  const special = new RegExp(`[${delimiter.replace(/[\\\]^-]/g, '\\$&')}"\\r\\n#]`);
  const cellText = (cell: string | null): string => {
    if (cell === null) return '';
    if (cell === '' || quoteAll || special.test(cell)) return `"${cell.replaceAll('"', '""')}"`;
    return cell;
  };
  return (cells) => {
    let line = cellText(cells[0] ?? null);
    for (let i = 1; i < cells.length; i++) line += delimiter + cellText(cells[i]!);
    return `${line}\r\n`;
  };
}

/** The CSV cell of column `i`'s raw value: what cellOfJson gives for its JSON text. */
export function rawCsvCell(
  column: ExportCellColumn,
  render: RawRenderer,
  i: number,
  raw: unknown,
  listSeparator: string,
): string | null {
  if (raw === null || raw === undefined) return null;
  const type = column.type;
  const plain = type === 'json' || type === 'text' || type === 'date' || type === 'datetime';
  if (!column.multivalued) {
    switch (render.kinds[i]) {
      case 'text':
        if (plain) return raw as string;
        break;
      case 'date':
      case 'datetime':
        if (plain) return render.value(i, raw) as string;
        break;
      case 'int':
        if (type === 'int' || type === 'json') return raw as string;
        break;
      case 'double':
        if (type === 'double' || type === 'json') return doubleText(raw as number);
        break;
      case 'boolean':
        if (type === 'boolean' || type === 'json') return raw !== 0 ? 'true' : 'false';
        break;
    }
  } else if (render.kinds[i] === 'texts') {
    const list = render.value(i, raw) as string[] | null;
    return list === null ? null : list.join(listSeparator);
  }
  return cellOfJson(column, render.jsonText(i, raw), listSeparator);
}
