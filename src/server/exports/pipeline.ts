import { exportRecords } from './records';
import type { EngineExport, RecordExportFormat } from './types';

/**
 * A dataset export's bytes in one format: the format's engine path when it has one for this request
 * and engine, else its writer over the records streamed from the engine, started once the first batch
 * came (`afterFirstBatch`). The engine paths hold their openings until the first rows themselves.
 */
export async function* exportBytes(
  writer: RecordExportFormat,
  plan: EngineExport,
): AsyncIterable<string | Uint8Array> {
  const { context, engine, compiled } = plan;
  const engineBytes = writer.engineWrite?.(plan);
  if (engineBytes) {
    yield* engineBytes;
    return;
  }
  yield* afterFirstBatch(exportRecords(engine, compiled, context.columns, context.signal), (records) =>
    writer.write({ ...context, records }),
  );
}

/**
 * `write` over `batches`, started only once the first batch came. A writer yields its opening (a CSV
 * header, a GeoJSON collection's head) before it reads a record, and those bytes send the headers: a
 * query that fails at once (an unreachable engine) would be a cut 200 instead of the interface's error.
 */
export async function* afterFirstBatch<T, B>(
  batches: AsyncIterable<T>,
  write: (batches: AsyncIterable<T>) => AsyncIterable<B>,
): AsyncIterable<B> {
  const iterator = batches[Symbol.asyncIterator]();
  try {
    const first = await iterator.next();
    yield* write(resumed(first, iterator));
  } finally {
    // Also when the writer stopped early or failed: the query stops.
    await iterator.return?.();
  }
}

/** The values of `rest` after `first`, which was already read. */
async function* resumed<T>(first: IteratorResult<T>, rest: AsyncIterator<T>): AsyncIterable<T> {
  for (let next = first; !next.done; next = await rest.next()) yield next.value;
}
