import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { SqlQuery } from '../../../odsql';
import { cellsQuery, engineWritable, parquetRowSql } from '../../../odsql';
import { EngineError } from '../../engine/errors';
import { ApiError } from '../../errors';
import { exportScratchDir } from '../scratch';
import type { EngineExport, ExportContext } from '../types';
import { headers } from './csv';

/**
 * The typed rows of a Parquet export, columns named by the export's headers without putting them in
 * SQL: each row becomes a JSON object whose keys are bound values, read back by `from_json` with a
 * bound structure ({header: type}) into a struct, which `unnest` spreads into named, typed columns.
 */
export function parquetQuery(
  compiled: EngineExport['compiled'],
  context: Pick<ExportContext, 'columns' | 'useLabels'>,
): SqlQuery {
  const names = headers(context);
  return cellsQuery(compiled, context.columns, (refs, bind) => [
    parquetRowSql(context.columns, names, refs, bind),
  ]);
}

/*
 * Parquet is written by the engine (`COPY … (FORMAT parquet)`): its footer is written last, so the file
 * goes to a temporary folder first, is streamed once complete, and is deleted after.
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
    const query = parquetQuery(plan.compiled, plan.context);
    if (!plan.engine.copy)
      throw new EngineError(`The ${plan.engine.dialect.name} engine writes no files (no COPY)`, 'other');
    await plan.engine.copy(query, file, `FORMAT parquet, COMPRESSION ${plan.parquetCompression}`, {
      signal: plan.context.signal,
    });
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
    // Only the engine writes Parquet; the pipeline always takes `engineWrite`.
    throw new Error('Parquet exports are written by the engine');
  },
  engineWrite: copyParquet,
} as const;
