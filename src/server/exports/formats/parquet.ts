import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import { ApiError } from '../../errors';
import { cellsQuery, engineWritable, typedCell } from '../cells';
import { exportScratchDir } from '../scratch';
import type { EngineExport } from '../types';
import { headers } from './csv';

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
    const query = cellsQuery(
      plan.compiled,
      plan.context.columns,
      (refs) => plan.context.columns.map((c, i) => typedCell(c, refs.values[i]!)),
      headers(plan.context),
    );
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
