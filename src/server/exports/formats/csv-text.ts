import type { Options } from 'csv-stringify/sync';
import type { CsvOptions } from '../params';
import type { ExportColumn, ExportContext } from '../types';

/*
 * What every CSV writer of an export shares (DuckDB's COPY, the rows writer, the records writer): the
 * header, the dialect's defaults and the quoting rules, so that the three write the same bytes.
 */

export const BOM = '\uFEFF';

/** The interface's defaults, for a context that does not say. */
export const DEFAULT_CSV: CsvOptions = {
  delimiter: ';',
  listSeparator: ',',
  quoteAll: false,
  withBom: false,
};

/** The header of a file that lists fields: labels with `use_labels=true`, names otherwise. */
export function headers(context: Pick<ExportContext, 'columns' | 'useLabels'>): string[] {
  return context.columns.map((c) => (context.useLabels ? c.label : c.name));
}

/** A value as the CSV cell text of the records writer (parsed values, see `cellOfJson` for texts). */
export function cellText(column: ExportColumn, value: unknown, listSeparator: string): string | null {
  if (value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.join(listSeparator);
  if (column.type === 'geo_point_2d' && typeof value === 'object') {
    const p = value as { lat: number; lon: number };
    return `${p.lat}, ${p.lon}`;
  }
  if (typeof value === 'object') {
    const feature = value as { type?: string; geometry?: unknown };
    return JSON.stringify(feature.type === 'Feature' ? feature.geometry : value);
  }
  return String(value);
}

/**
 * csv-stringify's options for a CSV dialect, quoting as DuckDB's COPY does (measured, csv-rows.test.ts):
 * a cell holding the delimiter, a quote, a line break or `#`, and an empty text (`""`, so that it differs
 * from no value, written as nothing even with `quote_all`).
 */
export function stringifyOptions(csv: CsvOptions | undefined): Options {
  const { delimiter, quoteAll } = csv ?? DEFAULT_CSV;
  return {
    delimiter,
    quote: '"',
    escape: '"',
    quoted: quoteAll,
    quoted_match: /^$|[\r\n#]/,
    record_delimiter: '\r\n',
  };
}
