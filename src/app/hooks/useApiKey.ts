import { useSyncExternalStore } from 'react';

/*
 * The API key of each portal, kept in this browser only (local storage), never in an address: a shared
 * link must not hand over someone's key. '' is the server that serves the explorer.
 */

const PREFIX = 'odexplorer.apikey:';
const listeners = new Set<() => void>();

export function apiKeyStorageKey(portal: string): string {
  return `${PREFIX}${portal === '' ? 'this-server' : portal}`;
}

export function readApiKey(portal: string): string {
  try {
    return window.localStorage.getItem(apiKeyStorageKey(portal)) ?? '';
  } catch {
    return '';
  }
}

/** Saves (or, when blank, forgets) the key of a portal. */
export function saveApiKey(portal: string, key: string): void {
  try {
    const trimmed = key.trim();
    if (trimmed === '') window.localStorage.removeItem(apiKeyStorageKey(portal));
    else window.localStorage.setItem(apiKeyStorageKey(portal), trimmed);
  } catch {
    // Storage can be disabled: the key then lasts as long as nothing reads it again.
  }
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  // Another tab may change the key too.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

export function useApiKey(portal: string): string {
  return useSyncExternalStore(
    subscribe,
    () => readApiKey(portal),
    () => '',
  );
}
