import { stringify } from 'csv-stringify/sync';
import type { CompiledQuery, SqlQuery } from '../../../odsql';
import { cellsQuery, engineWritable, textCell } from '../../../odsql';
import { copyStream } from '../copy-stream';
import type { CsvOptions } from '../params';
import type { EngineExport, ExportColumn, ExportContext } from '../types';

const BOM = '\uFEFF';

/** The interface's defaults, for a context that does not say. */
const DEFAULT_CSV: CsvOptions = { delimiter: ';', listSeparator: ',', quoteAll: false, withBom: false };

/** The header of a file that lists fields: labels with `use_labels=true`, names otherwise. */
export function headers(context: Pick<ExportContext, 'columns' | 'useLabels'>): string[] {
  return context.columns.map((c) => (context.useLabels ? c.label : c.name));
}

/** A value as the CSV cell text the engine path writes (see `textCell`). */
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

const hasGeo = (context: Pick<ExportContext, 'columns'>): boolean =>
  context.columns.some((c) => c.type === 'geo_point_2d' || c.type === 'geo_shape' || c.type === 'json');

async function* writeCsv(context: ExportContext) {
  const { delimiter, listSeparator, quoteAll, withBom } = context.csv ?? DEFAULT_CSV;
  const options = { delimiter, quoted: quoteAll, record_delimiter: '\r\n' as const };
  yield `${withBom ? BOM : ''}${stringify([headers(context)], options)}`;
  for await (const batch of context.records) {
    const rows = batch.map((r) =>
      context.columns.map((c) => {
        let value = r.fields[c.name];
        if (c.type === 'geo_shape' && value && typeof value === 'object' && 'geometry' in value) {
          value = { ...value, geometry: context.project((value as { geometry: never }).geometry) };
        } else if (c.type === 'geo_point_2d' && value && context.epsg !== 4326) {
          const p = value as { lon: number; lat: number };
          const projected = context.project({ type: 'Point', coordinates: [p.lon, p.lat] });
          const [x, y] = projected.type === 'Point' ? projected.coordinates : [p.lon, p.lat];
          value = { lon: x, lat: y };
        }
        return cellText(c, value, listSeparator) ?? '';
      }),
    );
    if (rows.length > 0) yield stringify(rows, options);
  }
}

/** The header line of a CSV export, quoted as the rows are. */
export function csvHeader(context: Pick<ExportContext, 'columns' | 'useLabels' | 'csv'>): string {
  const { delimiter, quoteAll } = context.csv ?? DEFAULT_CSV;
  return stringify([headers(context)], { delimiter, quoted: quoteAll, record_delimiter: '\r\n' });
}

/**
 * The query and COPY options that write an export's CSV rows. The header is not the engine's: names
 * and labels stay out of SQL, and `csvHeader` writes them.
 */
export function csvCopy(
  compiled: CompiledQuery,
  context: Pick<ExportContext, 'columns' | 'useLabels' | 'csv'>,
): { query: SqlQuery; options: string; header: string } {
  const { delimiter, listSeparator, quoteAll } = context.csv ?? DEFAULT_CSV;
  const query = cellsQuery(compiled, context.columns, (refs, bind) => {
    const separator = bind(listSeparator);
    return context.columns.map((c, i) => textCell(c, refs.values[i]!, separator));
  });
  // The delimiter is one of four fixed characters (checked in params.ts), never request text.
  const options = [
    'FORMAT csv',
    'HEADER false',
    `DELIMITER '${delimiter}'`,
    `QUOTE '"'`,
    `ESCAPE '"'`,
    `NEW_LINE '\r\n'`,
    ...(quoteAll ? ['FORCE_QUOTE *'] : []),
  ].join(', ');
  return { query, options, header: csvHeader(context) };
}

/** `COPY … (FORMAT csv)` into a pipe: see copy-stream.ts for why. */
async function* copyCsv(plan: EngineExport) {
  const { query, options, header } = csvCopy(plan.compiled, plan.context);
  // The BOM and header go out with the first rows (or once the copy ends without any), so that a
  // failure before them is still a JSON error.
  const head = Buffer.from(`${(plan.context.csv ?? DEFAULT_CSV).withBom ? BOM : ''}${header}`);
  let first = true;
  for await (const chunk of copyStream(plan.engine, query, options, plan.context.signal)) {
    yield first ? Buffer.concat([head, chunk]) : chunk;
    first = false;
  }
  if (first) yield head;
}

export const csv = {
  format: 'csv',
  extension: 'csv',
  mediaType: 'text/csv; charset=utf-8',
  versions: ['2.0', '2.1'],
  write: writeCsv,
  // Projected geometries need JavaScript; everything else is written by the engine.
  engineWrite: (plan: EngineExport) =>
    (plan.context.epsg !== 4326 && hasGeo(plan.context)) || !engineWritable(plan.compiled)
      ? undefined
      : copyCsv(plan),
} as const;
