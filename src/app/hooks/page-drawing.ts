import { useSyncExternalStore } from 'react';

/*
 * Work the page still does to show itself, beside its requests: a map drawing its first picture (its
 * worker cutting tiles, its frames drawn in software where there is no GPU). Speculative work, such as
 * fetching and compiling the Analyze tab's code, waits for it to end as it waits for requests, so that
 * it never competes with what the visitor is looking at.
 */

/** However it goes, a drawing stops holding speculative work back after this long. */
const LONGEST_DRAWING_MS = 10_000;

let drawing = 0;
const listeners = new Set<() => void>();

function changed(): void {
  for (const listener of listeners) listener();
}

/** Marks the page as drawing; the function returned ends it (once, however often it is called). */
export function startDrawing(): () => void {
  drawing += 1;
  changed();
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    clearTimeout(timer);
    drawing -= 1;
    changed();
  };
  const timer = setTimeout(end, LONGEST_DRAWING_MS);
  return end;
}

export function isPageDrawing(): boolean {
  return drawing > 0;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether the page is still drawing, re-rendering the component when that changes. */
export function usePageDrawing(): boolean {
  return useSyncExternalStore(subscribe, isPageDrawing);
}
