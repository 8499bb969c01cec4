import type { ExportColumn, ExportContext } from '../types';
import { cellText, headers } from './csv';

/*
 * v2.0 `xls`: Excel 2003 XML (SpreadsheetML), the format the interface names xls. No maintained
 * library writes it as a stream; it is a small, documented XML vocabulary, written row by row here.
 */

/** Characters XML 1.0 cannot carry, dropped. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters XML 1.0 forbids
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

function xml(text: string): string {
  return text
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/\r?\n/g, '&#10;');
}

function cell(column: ExportColumn, value: unknown): string {
  if (value === null || value === undefined) return '<Cell/>';
  if (typeof value === 'number' && Number.isFinite(value))
    return `<Cell><Data ss:Type="Number">${value}</Data></Cell>`;
  if (typeof value === 'boolean') return `<Cell><Data ss:Type="Boolean">${value ? 1 : 0}</Data></Cell>`;
  return `<Cell><Data ss:Type="String">${xml(cellText(column, value, ',') ?? '')}</Data></Cell>`;
}

async function* writeXls(context: ExportContext) {
  const header = headers(context)
    .map((h) => `<Cell ss:StyleID="h"><Data ss:Type="String">${xml(h)}</Data></Cell>`)
    .join('');
  yield '<?xml version="1.0" encoding="UTF-8"?>\n<?mso-application progid="Excel.Sheet"?>\n' +
    '<Workbook xmlns="urn:schemas-microsoft-com:office:spreadsheet" xmlns:ss="urn:schemas-microsoft-com:office:spreadsheet">\n' +
    '<Styles><Style ss:ID="h"><Font ss:Bold="1"/></Style></Styles>\n' +
    `<Worksheet ss:Name="${xml(context.dataset.dataset_id.slice(0, 31))}"><Table>\n<Row>${header}</Row>\n`;
  for await (const batch of context.records) {
    if (batch.length === 0) continue;
    yield batch
      .map((r) => `<Row>${context.columns.map((c) => cell(c, r.fields[c.name])).join('')}</Row>\n`)
      .join('');
  }
  yield '</Table></Worksheet>\n</Workbook>\n';
}

export const xls = {
  format: 'xls',
  extension: 'xls',
  mediaType: 'application/vnd.ms-excel',
  versions: ['2.0'],
  write: writeXls,
} as const;
