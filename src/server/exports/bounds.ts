import { engineFailure } from '../errors';
import type { EngineExport, RecordExportFormat } from './types';

/*
 * A format that holds a bounded number of records (the shapefile) refuses a larger export before its
 * first byte: the records are counted first (the compiled query's count, a number when the dataset is
 * not filtered), instead of streaming up to the bound and then failing (200,000 rows streamed took
 * 70-90 s on a loaded cluster before the 400).
 */

/** Throws the format's 400 when the export would hold more records than the format takes. */
export async function checkRecordBound(
  writer: RecordExportFormat,
  plan: Pick<EngineExport, 'engine' | 'compiled'>,
  limit: number | undefined,
  signal: AbortSignal,
): Promise<void> {
  const bound = writer.maxRecords;
  if (bound === undefined || (limit !== undefined && limit <= bound.records)) return;
  const { count } = plan.compiled;
  if (count === undefined) return;
  let records: number;
  try {
    records = typeof count === 'number' ? count : Number((await plan.engine.rows(count, { signal }))[0]?.[0]);
  } catch (error) {
    throw engineFailure(error);
  }
  if (Math.min(records, limit ?? records) > bound.records) throw bound.error();
}
