import { exportRecords } from './records';
import type { EngineExport, RecordExportFormat } from './types';

/**
 * A dataset export's bytes in one format: the format's engine path when it has one for this request
 * and engine, else its writer over the records streamed from the engine.
 */
export function exportBytes(
  writer: RecordExportFormat,
  plan: EngineExport,
): AsyncIterable<string | Uint8Array> {
  const { context, engine, compiled } = plan;
  return (
    writer.engineWrite?.(plan) ??
    writer.write({ ...context, records: exportRecords(engine, compiled, context.columns, context.signal) })
  );
}
