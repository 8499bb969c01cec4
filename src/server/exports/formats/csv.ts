import type { CompiledQuery, ExportSql, SqlQuery } from '../../../odsql';
import { engineWritable } from '../../../odsql';
import { copyStream } from '../copy-stream';
import { engineFileWriter } from '../engine-writer';
import type { EngineExport, ExportContext } from '../types';
import { cellText, DEFAULT_CSV, headers } from './csv-text';
import { type CsvWriter, csvWriter } from './csv-writer';
import { doubleText } from './json-cells';
import { rowsCsv } from './rows-csv';

export { cellText, headers };

async function* writeCsv(context: ExportContext) {
  const { listSeparator } = context.csv ?? DEFAULT_CSV;
  const writer = csvWriter(context);
  yield writer.head;
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
        } else if (c.type === 'double' && typeof value === 'number') {
          // As the engine writes doubles (`-50.0`), so that every path gives the same cells.
          return doubleText(value);
        }
        return cellText(c, value, listSeparator);
      }),
    );
    if (rows.length > 0) yield writer.lines(rows);
  }
}

/**
 * The query and COPY options that write an export's CSV rows, as the CSV writer writes them
 * (csv-writer.ts); its `head` goes before them.
 */
export function csvCopy(
  sql: ExportSql,
  compiled: CompiledQuery,
  context: Pick<ExportContext, 'columns' | 'useLabels' | 'csv'>,
): { query: SqlQuery; options: string } {
  const csv = context.csv ?? DEFAULT_CSV;
  const query = sql.cellsQuery(compiled, context.columns, (refs, bind) => {
    const separator = bind(csv.listSeparator);
    return context.columns.map((c, i) => sql.textCell(c, refs.values[i]!, separator));
  });
  // The delimiter is one of four fixed characters (checked in params.ts), never request text.
  return { query, options: sql.csvCopyOptions(csv) };
}

/** `COPY … (FORMAT csv)` into a pipe: see copy-stream.ts for why. */
async function* copyCsv(
  plan: EngineExport,
  file: NonNullable<ReturnType<typeof engineFileWriter>>,
  writer: CsvWriter,
) {
  const { query, options } = csvCopy(file.sql, plan.compiled, plan.context);
  // The BOM and header go out with the first rows (or once the copy ends without any), so that a
  // failure before them is still a JSON error.
  const head = Buffer.from(writer.head);
  let first = true;
  for await (const chunk of copyStream(file.copy, query, options, plan.context.signal)) {
    yield first ? Buffer.concat([head, chunk]) : chunk;
    first = false;
  }
  if (first) yield head;
}

/** The engine's own writer when it has one (DuckDB's COPY), else cells from the streamed rows. */
function engineCsv(plan: EngineExport) {
  const writer = csvWriter(plan.context);
  const file = engineFileWriter(plan);
  return file ? copyCsv(plan, file, writer) : rowsCsv(plan, writer);
}

const hasGeo = (context: Pick<ExportContext, 'columns'>): boolean =>
  context.columns.some((c) => c.type === 'geo_point_2d' || c.type === 'geo_shape' || c.type === 'json');

export const csv = {
  format: 'csv',
  extension: 'csv',
  mediaType: 'text/csv; charset=utf-8',
  versions: ['2.0', '2.1'],
  write: writeCsv,
  // Projected geometries need JavaScript; everything else is written from the engine's rows.
  engineWrite: (plan: EngineExport) =>
    (plan.context.epsg !== 4326 && hasGeo(plan.context)) || !engineWritable(plan.compiled)
      ? undefined
      : engineCsv(plan),
} as const;
