import type { ExportCellColumn } from '../../../odsql';
import { cellOfJson, doubleText } from '../formats/json-cells';
import type { RawRenderer } from './render';

/*
 * CSV cells of raw values (raw-records.ts): the cells cellOfJson makes of the compiled query's JSON
 * texts, taken from the values directly where the text is the value itself. The lines are the export's
 * one CSV writer's (formats/csv-writer.ts).
 */

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
