import { useSyncExternalStore } from 'react';
import { localValue } from './local-list';

/*
 * Named views saved in this browser: a dataset page's whole state (tab, filters, query, sort, columns,
 * map position, chart), which is its address. Listed per dataset and on the catalog.
 */

export interface SavedView {
  readonly id: string;
  readonly name: string;
  /** The portal read (empty: this server). */
  readonly portal: string;
  readonly datasetId: string;
  readonly datasetTitle: string;
  /** The page's address, path and query: opening it restores the view. */
  readonly href: string;
  /** ISO time of saving. */
  readonly savedAt: string;
}

const MAX_VIEWS = 200;

function isView(value: unknown): value is SavedView {
  if (typeof value !== 'object' || value === null) return false;
  const v = value as Record<string, unknown>;
  return (
    ['id', 'name', 'portal', 'datasetId', 'datasetTitle', 'href', 'savedAt'].every(
      (k) => typeof v[k] === 'string',
    ) && String(v.href).startsWith('/datasets/')
  );
}

const views = localValue<readonly SavedView[]>('explorer.savedViews.v1', [], (raw) =>
  Array.isArray(raw) ? raw.filter(isView) : undefined,
);

export function savedViews(): readonly SavedView[] {
  return views.read();
}

export function saveView(view: Omit<SavedView, 'id' | 'savedAt'>, now = new Date()): SavedView {
  const saved: SavedView = {
    ...view,
    id: `${now.getTime().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
    savedAt: now.toISOString(),
  };
  // A name saved again for the same dataset replaces the older view of that name.
  const others = views
    .read()
    .filter((v) => !(v.portal === view.portal && v.datasetId === view.datasetId && v.name === view.name));
  views.write([saved, ...others].slice(0, MAX_VIEWS));
  return saved;
}

export function removeView(id: string): void {
  views.write(views.read().filter((v) => v.id !== id));
}

/** Every saved view, newest first (re-rendering when one is saved or removed, in any tab). */
export function useSavedViews(): readonly SavedView[] {
  return useSyncExternalStore(views.subscribe, views.read);
}
