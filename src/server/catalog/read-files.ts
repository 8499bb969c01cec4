import { readFileSync, type Stats, statSync } from 'node:fs';

/*
 * Reading thousands of small files (descriptors, manifests) at start and at each rescan. Node's
 * asynchronous readFile is four thread-pool round trips a file (open, stat, read, close): at 10,000
 * datasets those trips, not the bytes, took most of the start. Synchronous reads cost a few
 * microseconds each; they are done in chunks, giving the event loop back between chunks, so that
 * requests served meanwhile (rescans of a running server) wait a few milliseconds at most.
 */

const CHUNK = 256;

const yieldToEventLoop = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

/** Each file's text, or the error reading it (a missing file: undefined). */
export async function readTextFiles(paths: readonly string[]): Promise<(string | Error | undefined)[]> {
  const texts: (string | Error | undefined)[] = [];
  for (let i = 0; i < paths.length; i++) {
    if (i > 0 && i % CHUNK === 0) await yieldToEventLoop();
    try {
      texts.push(readFileSync(paths[i]!, 'utf8'));
    } catch (error) {
      const missing = error instanceof Error && 'code' in error && error.code === 'ENOENT';
      texts.push(missing ? undefined : error instanceof Error ? error : new Error(String(error)));
    }
  }
  return texts;
}

/** Each path's stats, or the error (a missing file included). */
export async function statFiles(paths: readonly string[]): Promise<(Stats | Error)[]> {
  const stats: (Stats | Error)[] = [];
  for (let i = 0; i < paths.length; i++) {
    if (i > 0 && i % CHUNK === 0) await yieldToEventLoop();
    try {
      stats.push(statSync(paths[i]!));
    } catch (error) {
      stats.push(error instanceof Error ? error : new Error(String(error)));
    }
  }
  return stats;
}
