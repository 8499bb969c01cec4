/*
 * A value kept in the browser's local storage as JSON, read defensively (storage may be disabled, full,
 * or hold what an older explorer wrote) and announced to this tab's readers when written; other tabs
 * hear of it through the `storage` event.
 */

export interface LocalValue<T> {
  read(): T;
  write(value: T): void;
  subscribe(listener: () => void): () => void;
}

export function localValue<T>(
  key: string,
  fallback: T,
  accept: (raw: unknown) => T | undefined,
): LocalValue<T> {
  const listeners = new Set<() => void>();
  let cachedText: string | null | undefined;
  let cached = fallback;
  const read = (): T => {
    let text: string | null = null;
    try {
      text = window.localStorage.getItem(key);
    } catch {
      return fallback;
    }
    // The same text gives the same value, so that React sees no change where there is none.
    if (text === cachedText) return cached;
    cachedText = text;
    try {
      cached = text === null ? fallback : (accept(JSON.parse(text)) ?? fallback);
    } catch {
      cached = fallback;
    }
    return cached;
  };
  const onStorage = (event: StorageEvent) => {
    if (event.key === key) for (const listener of listeners) listener();
  };
  return {
    read,
    write(value: T) {
      try {
        window.localStorage.setItem(key, JSON.stringify(value));
      } catch {
        // Storage disabled or full: nothing is remembered, the page works on.
      }
      for (const listener of listeners) listener();
    },
    subscribe(listener: () => void) {
      if (listeners.size === 0) window.addEventListener('storage', onStorage);
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
        if (listeners.size === 0) window.removeEventListener('storage', onStorage);
      };
    },
  };
}
