import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';

interface SidebarProps {
  readonly title: string;
  /** Active filters, shown on the toggle of narrow screens. */
  readonly activeCount: number;
  readonly children: ReactNode;
}

/** The filter column; on narrow screens it folds behind a toggle so results come first. */
export function Sidebar({ title, activeCount, children }: SidebarProps) {
  const [open, setOpen] = useState(false);
  const { t } = useTranslation();
  const bodyId = useId();
  return (
    <aside className={open ? 'sidebar is-open' : 'sidebar'} aria-label={title}>
      {/*
        The facets hold dozens of buttons, each a stop of the Tab key between the dataset's tabs and its
        records: this link moves the keyboard past them, to the view (the next Tab goes on from there).
      */}
      <a href="#main" className="sidebar-skip">
        {t('filters.skip')}
      </a>
      <button
        type="button"
        className="sidebar-toggle button"
        aria-expanded={open}
        aria-controls={bodyId}
        onClick={() => setOpen((o) => !o)}
      >
        {open ? t('filters.hide') : t('filters.show')}
        {activeCount > 0 && <span className="count-badge">{activeCount}</span>}
      </button>
      <h2 className="sidebar-title">{title}</h2>
      <div id={bodyId} className="sidebar-body">
        {children}
      </div>
    </aside>
  );
}
