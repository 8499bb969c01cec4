import type { Transform } from 'node:stream';
import { finished } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Quad } from 'n3';

/**
 * Drives a serialiser written as a Node transform stream (quads in, text out) from batches of quads,
 * yielding its text after each batch, so that the HTTP layer's back-pressure reaches the query.
 */
export async function* serialiseQuads(
  serialiser: Transform,
  batches: AsyncIterable<readonly Quad[]>,
  toChunk: (quad: Quad) => unknown = (q) => q,
  finish: (text: string) => string = (text) => text,
): AsyncIterable<string> {
  const pending: string[] = [];
  let failure: unknown;
  serialiser.on('data', (chunk: unknown) => pending.push(String(chunk)));
  serialiser.on('error', (e) => {
    failure = e;
  });
  const take = (): string => finish(pending.splice(0).join(''));
  try {
    for await (const batch of batches) {
      for (const q of batch) serialiser.write(toChunk(q));
      // The serialisers flush on later ticks.
      await nextTurn();
      if (failure) throw failure;
      if (pending.length > 0) yield take();
    }
    serialiser.end();
    await finished(serialiser);
    if (pending.length > 0) yield take();
  } finally {
    serialiser.destroy();
  }
}
