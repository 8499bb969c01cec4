import { type FormEvent, type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../format/dates';
import { currentHref } from '../router/history';
import { SavedViewsList } from './SavedViewsList';
import { saveView, useSavedViews } from './saved-views';
import { useSelectionHistory } from './useSelectionHistory';

interface SelectionToolsProps {
  readonly portal: string;
  readonly datasetId: string;
  readonly title: string;
  /** The page's address: each new one is a step of the history. */
  readonly href: string;
  /** Further actions on the view, at the end of the row (Share). */
  readonly children?: ReactNode;
}

/** A dataset page's undo and redo, and its views saved in this browser. */
export function SelectionTools({ portal, datasetId, title, href, children }: SelectionToolsProps) {
  const { t } = useTranslation();
  const history = useSelectionHistory(portal, datasetId, href);
  const views = useSavedViews().filter((v) => v.portal === portal && v.datasetId === datasetId);
  const [naming, setNaming] = useState(false);
  const [name, setName] = useState('');
  const [said, setSaid] = useState('');
  const nameId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen =
      name.trim() || t('memory.defaultName', { title, date: formatDate(new Date().toISOString()) });
    saveView({ name: chosen, portal, datasetId, datasetTitle: title, href: currentHref() });
    setNaming(false);
    setName('');
    setSaid(t('memory.saved', { name: chosen }));
  };
  return (
    <div className="selection-tools">
      <div className="history-buttons">
        <button
          type="button"
          className="button"
          disabled={!history.canUndo}
          onClick={history.undo}
          aria-keyshortcuts="Control+Z Meta+Z"
          title={t('memory.undoTitle')}
        >
          <span aria-hidden="true">↶</span> <span className="button-label">{t('memory.undo')}</span>
        </button>
        <button
          type="button"
          className="button"
          disabled={!history.canRedo}
          onClick={history.redo}
          aria-keyshortcuts="Control+Shift+Z Meta+Shift+Z Control+Y"
          title={t('memory.redoTitle')}
        >
          <span aria-hidden="true">↷</span> <span className="button-label">{t('memory.redo')}</span>
        </button>
      </div>
      {naming ? (
        <form className="save-view" onSubmit={submit}>
          <label htmlFor={nameId}>{t('memory.viewName')}</label>
          <input
            id={nameId}
            value={name}
            // biome-ignore lint/a11y/noAutofocus: the field the reader just asked for
            autoFocus
            placeholder={title}
            onChange={(event) => setName(event.target.value)}
            onKeyDown={(event) => event.key === 'Escape' && setNaming(false)}
          />
          <button type="submit" className="button is-primary">
            {t('memory.save')}
          </button>
          <button type="button" className="button" onClick={() => setNaming(false)}>
            {t('memory.cancel')}
          </button>
        </form>
      ) : (
        <button type="button" className="button" onClick={() => setNaming(true)}>
          {t('memory.saveView')}
        </button>
      )}
      {children}
      {/* Listed once there is one: an empty list is a line of the page for nothing. */}
      {views.length > 0 && (
        <details className="saved-views">
          <summary>{t('memory.views', { count: views.length })}</summary>
          <SavedViewsList views={views} label={(view) => view.name} noteClass="saved-view-note" />
        </details>
      )}
      {/* Live without being a status: the page's statuses are its tabs' own. */}
      <p className="visually-hidden" aria-live="polite">
        {said}
      </p>
    </div>
  );
}
