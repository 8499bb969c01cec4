/*
 * One lazily fetched chunk, remembered once it has arrived. Kept apart from the tab's loaders so that the
 * chart component, which is part of the tab, can ask for ECharts without importing the tab back.
 */

type EChartsModule = typeof import('./echarts');

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

export const echartsChunk = loader<EChartsModule>(() => import('./echarts'));
