import type { Options } from 'csv-stringify/sync';
import { pythonJson } from '../../http/python-json';
import type { CsvOptions } from '../params';
import type { ExportColumn, ExportContext } from '../types';

/*
 * The cells of CSV exports and their dialect's defaults, which every path to the CSV writer
 * (csv-writer.ts) and DuckDB's COPY share, so that they write the same bytes.
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

/**
 * A geometry's cell text as the service writes it: Python's JSON, coordinates before type, `", "` and
 * `": "` between items (conformance capture 08: `{"coordinates": [-123.06, 49.27], "type": "Point"}`).
 */
export function geometryText(geometry: unknown): string {
  const g = geometry as { type?: unknown; coordinates?: unknown; geometries?: unknown };
  if (g === null || typeof g !== 'object') return JSON.stringify(geometry);
  // A collection is respaced as it is (as the engine's cells are: its only strings are type names).
  if (!('coordinates' in g)) return pythonJson(JSON.stringify(geometry));
  return `{"coordinates": ${coordinatesText(g.coordinates)}, "type": ${JSON.stringify(g.type)}}`;
}

function coordinatesText(coordinates: unknown): string {
  return Array.isArray(coordinates)
    ? `[${coordinates.map(coordinatesText).join(', ')}]`
    : JSON.stringify(coordinates);
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
    if (feature.type === 'Feature') return geometryText(feature.geometry);
    return column.type === 'geo_shape' ? geometryText(value) : JSON.stringify(value);
  }
  return String(value);
}

/**
 * csv-stringify's options for a CSV dialect, quoting as DuckDB's COPY does (measured, rows-paths.test.ts):
 * the reference the export's CSV writer (csv-writer.ts) is checked against (raw/csv.test.ts),
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
