import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { SqlQuery } from '../../../odsql';
import { cellsQuery, engineWritable } from '../../../odsql';
import { ApiError } from '../../errors';
import { exportScratchDir } from '../scratch';
import type { EngineExport, ExportColumn, ExportContext } from '../types';
import { headers } from './csv';

/** The JSON type name `from_json` reads a column's value as (the Parquet column's type). */
function structureType(column: ExportColumn): unknown {
  if (column.multivalued) return ['VARCHAR'];
  switch (column.type) {
    case 'int':
      return 'BIGINT';
    case 'double':
      return 'DOUBLE';
    case 'boolean':
      return 'BOOLEAN';
    case 'date':
      return 'DATE';
    case 'datetime':
      return 'TIMESTAMPTZ';
    case 'geo_point_2d':
      return { lon: 'DOUBLE', lat: 'DOUBLE' };
    default:
      return 'VARCHAR';
  }
}

/** A column's value in the row object: the compiled JSON text, or a shape's geometry as a JSON string. */
function objectValue(column: ExportColumn, ref: string): string {
  if (column.type === 'geo_shape' && !column.multivalued) {
    return `to_json(CAST(${ref} -> '$.geometry' AS VARCHAR))`;
  }
  return `coalesce(${ref}, 'null')`;
}

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
  const structure: Record<string, unknown> = {};
  context.columns.forEach((c, i) => {
    structure[names[i]!] = structureType(c);
  });
  return cellsQuery(compiled, context.columns, (refs, bind) => {
    const parts = context.columns.map(
      (c, i) =>
        `${bind(`${i === 0 ? '{' : ','}${JSON.stringify(names[i])}:`)}, ${objectValue(c, refs.values[i]!)}`,
    );
    const object = parts.length === 0 ? `'{}'` : `concat(${parts.join(', ')}, '}')`;
    return [`unnest(from_json(${object}, ${bind(JSON.stringify(structure))}))`];
  });
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
