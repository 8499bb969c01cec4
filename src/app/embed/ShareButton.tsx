import { lazy, Suspense, useRef, useState } from 'react';
import { t } from '../i18n/setup';
import type { EmbedView } from '../routes/paths';

// The dialog (and its text) loads when pointed at or opened: most visits never share.
const loadDialog = () => import('./ShareDialog');
const ShareDialog = lazy(loadDialog);
const preload = () => void loadDialog().catch(() => undefined);

/** The Share button of a dataset view, and its dialog (link and embed code) once opened. */
export function ShareButton({
  datasetId,
  title,
  view,
}: {
  readonly datasetId: string;
  readonly title: string;
  readonly view: EmbedView;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="button share-button"
        aria-haspopup="dialog"
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 20 20" aria-hidden="true" className="share-icon">
          <circle cx="15" cy="4.5" r="2.5" />
          <circle cx="5" cy="10" r="2.5" />
          <circle cx="15" cy="15.5" r="2.5" />
          <path d="M7.2 8.8 12.8 5.7M7.2 11.2l5.6 3.1" />
        </svg>
        <span className="share-label">{t('tabs.share')}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <ShareDialog
            datasetId={datasetId}
            title={title}
            view={view}
            onClose={() => {
              setOpen(false);
              button.current?.focus();
            }}
          />
        </Suspense>
      )}
    </>
  );
}
