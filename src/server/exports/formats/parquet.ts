import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { ExportedQuery, ExportSql, SqlQuery } from '../../../odsql';
import { engineWritable } from '../../../odsql';
import { localFileWriter } from '../../backend/local-engine';
import { ApiError } from '../../errors';
import { engineFileWriter } from '../engine-writer';
import { renderedRows } from '../raw/rows';
import { exportScratchDir } from '../scratch';
import type { EngineExport, ExportContext } from '../types';
import { headers } from './csv-text';

/**
 * The typed rows of a Parquet export, columns named by the export's headers without putting them in
 * SQL: each row becomes a JSON object whose keys are bound values, read back by `from_json` with a
 * bound structure ({header: type}) into a struct, which `unnest` spreads into named, typed columns.
 */
export function parquetQuery(
  sql: ExportSql,
  compiled: ExportedQuery,
  context: Pick<ExportContext, 'columns' | 'useLabels'>,
): SqlQuery {
  const names = headers(context);
  return sql.cellsQuery(compiled, context.columns, (refs, bind) => [
    sql.parquetRow(context.columns, names, refs, bind),
  ]);
}

/**
 * The file, written by the engine's own `COPY … (FORMAT parquet)` (DuckDB); else (ClickHouse) the
 * streamed rows' JSON texts are stored in a DuckDB of the export's own, which writes the file with the
 * same SQL over them: the same columns, types and values.
 */
async function writeParquet(plan: EngineExport, file: string, dir: string): Promise<void> {
  const { signal } = plan.context;
  const writer = engineFileWriter(plan);
  // Without the engine's writer, a DuckDB of the export's own writes the file (below).
  const options = (writer?.sql ?? localFileWriter.sql).parquetCopyOptions(plan.parquetCompression);
  if (writer) {
    await writer.copy(parquetQuery(writer.sql, plan.compiled, plan.context), file, options, { signal });
    return;
  }
  const columns = plan.context.columns.length;
  await localFileWriter.write({
    dir,
    // The JSON texts the compiled query yields (rendered in the server when it carries raw values).
    rows: renderedRows(plan.engine, plan.compiled, signal),
    columns,
    // The stored texts stand for the compiled outputs: a query whose rows are the JSON values only.
    query: (source) => parquetQuery(localFileWriter.sql, { kind: 'aggregate', page: source }, plan.context),
    target: file,
    options,
    signal,
  });
}

/*
 * Parquet's footer is written last, so the file goes to a temporary folder first, is streamed once
 * complete, and is deleted after.
 */
async function* copyParquet(plan: EngineExport) {
  if (!engineWritable(plan.compiled)) {
    throw new ApiError(
      'InvalidRESTParameterError',
      'Parquet exports cannot hold envelope() or bbox() aggregations: export them as json or csv.',
    );
  }
  const dir = await exportScratchDir();
  try {
    const file = join(dir, 'out.parquet');
    await writeParquet(plan, file, dir);
    const stream = createReadStream(file);
    const onAbort = (): void => {
      stream.destroy();
    };
    plan.context.signal.addEventListener('abort', onAbort, { once: true });
    try {
      for await (const chunk of stream) yield chunk as Buffer;
    } finally {
      plan.context.signal.removeEventListener('abort', onAbort);
      stream.destroy();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

export const parquet = {
  format: 'parquet',
  extension: 'parquet',
  mediaType: 'application/vnd.apache.parquet',
  versions: ['2.1'],
  write: (): AsyncIterable<Uint8Array> => {
    // Parquet is written by DuckDB (the engine's, or one of the export's own); the pipeline always
    // takes `engineWrite`.
    throw new Error('Parquet exports are written by the engine');
  },
  engineWrite: copyParquet,
} as const;
