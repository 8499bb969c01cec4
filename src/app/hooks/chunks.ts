import { useEffect, useState } from 'react';

/*
 * Lazily fetched chunks, each fetched once and remembered, and rendered without Suspense: React
 * throttles the reveal of a suspended boundary to 300 ms after its fallback showed, so a tab whose code
 * arrives after its skeleton would wait for that, even with its data already there.
 */

export interface Loader<T> {
  readonly load: () => Promise<T>;
  /** The module once it has arrived, else undefined. */
  readonly loaded: () => T | undefined;
}

export function loader<T>(importer: () => Promise<T>): Loader<T> {
  let promise: Promise<T> | undefined;
  let module: T | undefined;
  return {
    load: () => {
      promise ??= importer().then(
        (m) => {
          module = m;
          return m;
        },
        (error: unknown) => {
          // A failed chunk (the network went away) may be asked for again later.
          promise = undefined;
          throw error;
        },
      );
      return promise;
    },
    loaded: () => module,
  };
}

export type ChunkState<T> =
  | { readonly module: T; readonly failed?: undefined }
  | { readonly module?: undefined; readonly failed: unknown; readonly retry: () => void }
  | { readonly module?: undefined; readonly failed?: undefined };

/** A chunk's module, rendered at once when it is already here, else once it arrives (or fails). */
export function useChunk<T>(chunk: Loader<T>): ChunkState<T> {
  const [module, setModule] = useState(chunk.loaded);
  const [failed, setFailed] = useState<unknown>();
  useEffect(() => {
    if (module !== undefined || failed !== undefined) return;
    let gone = false;
    chunk.load().then(
      (m) => !gone && setModule(() => m),
      (error: unknown) => !gone && setFailed(error ?? new Error('chunk')),
    );
    return () => {
      gone = true;
    };
  }, [chunk, module, failed]);
  if (module !== undefined) return { module };
  if (failed !== undefined) return { failed, retry: () => setFailed(undefined) };
  return {};
}
