/*
 * The row under the pointer or the keyboard focus, shared between the table and the map beside it
 * without going through React state: a hover must not re-render the table and its facets, only the map
 * that rings the row's record subscribes (useSyncExternalStore).
 */

export interface RowHover {
  readonly get: () => number | undefined;
  readonly set: (row: number | undefined) => void;
  readonly subscribe: (listener: () => void) => () => void;
}

export function createRowHover(): RowHover {
  let row: number | undefined;
  const listeners = new Set<() => void>();
  return {
    get: () => row,
    set: (next) => {
      if (next === row) return;
      row = next;
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
