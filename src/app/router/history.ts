/*
 * The address bar is the explorer's state. This module is the only writer of browser history: every
 * change goes through `navigate`, and React reads the current address through `useLocation`.
 */

type Listener = () => void;

const listeners = new Set<Listener>();

export function subscribeToLocation(listener: Listener): () => void {
  listeners.add(listener);
  window.addEventListener('popstate', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('popstate', listener);
  };
}

/** The current path and query, which is all the state the views read. */
export function currentHref(): string {
  return `${window.location.pathname}${window.location.search}`;
}

export interface NavigateOptions {
  /** Replace the current history entry (typing in a search box should not add one entry per key). */
  readonly replace?: boolean;
  /**
   * With `replace`: the new address is the same selection said more fully (a default written out), so
   * it also takes the place of the current step of the page's undo history (memory/selection-history).
   */
  readonly amend?: boolean;
}

/** Whether the current history entry was written by a navigation that amends the selection. */
export function currentEntryAmends(): boolean {
  const state: unknown = window.history.state;
  return typeof state === 'object' && state !== null && (state as { amend?: unknown }).amend === true;
}

let everyStepReplaces = false;

/**
 * Every later navigation replaces the current entry. For an embedded view: a frame's history steps are
 * the host page's, whose Back button would otherwise walk back through the embed's sorts and moves.
 */
export function replaceHistoryOnly(): void {
  everyStepReplaces = true;
}

export function navigate(href: string, options: NavigateOptions = {}): void {
  if (href === currentHref()) return;
  const samePage = new URL(href, window.location.origin).pathname === window.location.pathname;
  const state = options.amend ? { amend: true } : null;
  if (options.replace || everyStepReplaces) window.history.replaceState(state, '', href);
  else window.history.pushState(null, '', href);
  for (const listener of listeners) listener();
  // A new page starts at its top; a filter change on the same page keeps the reader where they were.
  // Once the new page is rendered (React flushes a click's render before microtasks run): scrolling
  // first would lay the old page out only to throw it away.
  if (!samePage) queueMicrotask(() => window.scrollTo(0, 0));
}
