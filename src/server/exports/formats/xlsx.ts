import { once } from 'node:events';
import { PassThrough } from 'node:stream';
import ExcelJS from 'exceljs';
import type { ExportColumn, ExportContext } from '../types';
import { cellText, headers } from './csv';

/** A value as a spreadsheet cell: numbers and booleans keep their type, the rest is CSV text. */
function cellValue(column: ExportColumn, value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'number' || typeof value === 'boolean') return value;
  return cellText(column, value, ',');
}

/**
 * exceljs's streaming writer commits each row to a zip entry as it goes. It does not wait for its
 * reader, so rows are added only while the output has room (back-pressure by hand).
 */
async function* writeXlsx(context: ExportContext) {
  const output = new PassThrough({ highWaterMark: 1 << 20 });
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: output,
    useSharedStrings: false,
    useStyles: false,
  });
  const sheet = workbook.addWorksheet(context.dataset.dataset_id.slice(0, 31));
  let failure: unknown;
  const producing = (async () => {
    sheet.addRow(headers(context)).commit();
    for await (const batch of context.records) {
      for (const r of batch)
        sheet.addRow(context.columns.map((c) => cellValue(c, r.fields[c.name]))).commit();
      while (output.writableNeedDrain && !output.destroyed) await once(output, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => {
    failure = error;
    output.destroy();
  });
  try {
    for await (const chunk of output) yield chunk as Buffer;
  } finally {
    output.destroy();
    await producing;
  }
  if (failure !== undefined) throw failure;
}

export const xlsx = {
  format: 'xlsx',
  extension: 'xlsx',
  mediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  versions: ['2.1'],
  write: writeXlsx,
} as const;
