import { useCallback, useEffect, useReducer } from 'react';
import { currentEntryAmends, navigate } from '../router/history';
import { SelectionHistory } from './selection-history';

/** One history per dataset of a portal, for the tab's life: going back to a dataset finds its own. */
const histories = new Map<string, SelectionHistory>();

function historyOf(portal: string, datasetId: string): SelectionHistory {
  const key = `${portal}|${datasetId}`;
  let history = histories.get(key);
  if (!history) {
    history = new SelectionHistory();
    histories.set(key, history);
  }
  return history;
}

/** Keys typed into a field (a search box, the query editor) undo the text, not the selection. */
function typing(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    (target.isContentEditable || target.closest('input, textarea, select, [contenteditable="true"]') !== null)
  );
}

/**
 * The dataset page's undo and redo: every state the page goes to is remembered, and Ctrl+Z (⌘Z),
 * Shift+Ctrl+Z and Ctrl+Y go back and forth, outside text fields.
 */
export function useSelectionHistory(portal: string, datasetId: string, href: string) {
  const history = historyOf(portal, datasetId);
  const [, refresh] = useReducer((n: number) => n + 1, 0);
  useEffect(() => {
    history.visit(href, Date.now(), currentEntryAmends());
    refresh();
  }, [history, href]);
  const undo = useCallback(() => {
    const to = history.undo();
    if (to !== undefined) navigate(to);
    refresh();
  }, [history]);
  const redo = useCallback(() => {
    const to = history.redo();
    if (to !== undefined) navigate(to);
    refresh();
  }, [history]);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || typing(event.target)) return;
      const key = event.key.toLowerCase();
      if (key === 'z' || key === 'y') {
        event.preventDefault();
        if (key === 'y' || event.shiftKey) redo();
        else undo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [undo, redo]);
  return { canUndo: history.canUndo, canRedo: history.canRedo, undo, redo };
}
