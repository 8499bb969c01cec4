import type { ApiVersion } from '../../../api/version';
import {
  type CompiledQuery,
  compileRecordsQuery,
  type DatasetSchema,
  type Dialect,
  type RecordsQuery,
} from '../../../odsql';
import type { Engine } from '../../engine/types';
import { calendarColumns } from '../calendar';
import { recordExportFormat } from '../formats/index';
import { exportParams } from '../params';
import { exportBytes } from '../pipeline';
import { projection } from '../projection';
import type { ExportColumn } from '../types';

/*
 * A dataset export run through the server's own pipeline (format choice, engine path or writer over the
 * records) against any engine, without an HTTP server: for tests that compare engines, or an engine with
 * and without its own file writer.
 */

/** A records query of a dataset compiled for a dialect, and its export columns (as exports/query.ts). */
export function exportQueryOf(
  schema: DatasetSchema,
  query: RecordsQuery,
  dialect: Dialect,
  version: ApiVersion = '2.1',
): { compiled: CompiledQuery; columns: ExportColumn[] } {
  const result = compileRecordsQuery(query, schema, {
    version,
    timezone: 'UTC',
    lang: 'en',
    now: Date.UTC(2025, 0, 1),
    dialect,
  });
  if (!result.ok) throw new Error(`does not compile: ${result.diagnostics.map((d) => d.message).join('; ')}`);
  const columns = result.query.columns.map((c): ExportColumn => {
    const field = schema.fields.find((f) => f.name === c.key);
    if (!field) return { name: c.key, label: c.key, type: c.post ? 'geo_shape' : 'json' };
    return {
      name: field.name,
      label: `${field.name} label`,
      type: field.type,
      ...(field.multivalued ? { multivalued: true } : {}),
    };
  });
  return { compiled: result.query, columns };
}

/** The whole file of an export in `format`; `params` are the request's export parameters. */
export async function exportFile(
  engine: Engine,
  query: { compiled: CompiledQuery; columns: readonly ExportColumn[] },
  format: string,
  options: { version?: ApiVersion; params?: Readonly<Record<string, string>>; signal?: AbortSignal } = {},
): Promise<Buffer> {
  const version = options.version ?? '2.1';
  const writer = recordExportFormat(format, version);
  if (!writer) throw new Error(`no ${format} export on v${version}`);
  const params = exportParams(options.params ?? {}, version);
  // The fixture's fields as the dataset's: its columns are its fields, or expressions.
  const calendar =
    format === 'ical'
      ? calendarColumns(
          query.columns.flatMap((c) => (c.type === 'json' ? [] : [{ name: c.name, type: c.type }])),
          query.columns,
          params.calendar,
        )
      : undefined;
  const bytes = exportBytes(writer, {
    context: {
      version,
      dataset: { dataset_id: 'fixture', title: 'Fixture', description: 'Every field type' },
      columns: query.columns,
      useLabels: params.useLabels,
      epsg: params.epsg,
      project: projection(params.epsg),
      datasetUrl: 'http://127.0.0.1/api/explore/v2.1/catalog/datasets/fixture',
      gpx: params.gpx,
      ...(calendar ? { calendar } : {}),
      csv: params.csv,
      signal: options.signal ?? new AbortController().signal,
    },
    engine,
    compiled: query.compiled,
    parquetCompression: params.parquetCompression,
  });
  const chunks: Buffer[] = [];
  for await (const chunk of bytes)
    chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk));
  return Buffer.concat(chunks);
}
