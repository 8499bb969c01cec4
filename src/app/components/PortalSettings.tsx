import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { parsePortalUrl } from '../../api';
import { readApiKey, saveApiKey } from '../hooks/useApiKey';
import { choosePortal } from '../hooks/usePortal';
import { t } from '../i18n/setup';

interface PortalSettingsProps {
  /** '' is the server that serves the explorer. */
  readonly portal: string;
}

function portalName(portal: string): string {
  if (portal === '') return t('portal.thisServer');
  return portal.replace(/^https?:\/\//, '');
}

/** Chooses the Explore API portal the explorer reads: this server or any Opendatasoft portal. */
export function PortalSettings({ portal }: PortalSettingsProps) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState(portal);
  const [keyDraft, setKeyDraft] = useState('');
  const [problem, setProblem] = useState<string | undefined>();
  const panelId = useId();
  const inputId = useId();
  const keyId = useId();
  const keyHintId = useId();
  const problemId = useId();
  const input = useRef<HTMLInputElement>(null);
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return;
    setDraft(portal);
    setKeyDraft(readApiKey(portal));
    setProblem(undefined);
    input.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    const onPointer = (event: PointerEvent) => {
      if (!container.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [open, portal]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const parsed = draft.trim() === '' ? ({ ok: true, url: '' } as const) : parsePortalUrl(draft);
    if (!parsed.ok) {
      setProblem(parsed.reason);
      input.current?.focus();
      return;
    }
    setOpen(false);
    // An empty address field means this server, like the portal button's "This server".
    const target = draft.trim() === '' ? '' : parsed.url;
    saveApiKey(target, keyDraft);
    if (target !== portal) choosePortal(target);
  };

  return (
    <div className="portal-settings" ref={container}>
      <button
        type="button"
        className="portal-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <span className="portal-button-label">{t('portal.label')}</span>
        <span className="portal-button-name">{portalName(portal)}</span>
      </button>
      {open && (
        <div id={panelId} className="portal-panel">
          <form onSubmit={submit} noValidate>
            <label htmlFor={inputId}>{t('portal.address')}</label>
            <p className="hint">
              Any Opendatasoft portal, for example https://data.opendatasoft.com; empty for this server.
            </p>
            <div className="portal-input-row">
              <input
                ref={input}
                id={inputId}
                type="url"
                inputMode="url"
                value={draft}
                placeholder="https://data.example.org"
                aria-invalid={problem !== undefined}
                aria-describedby={problem ? problemId : undefined}
                onChange={(event) => {
                  setDraft(event.target.value);
                  setProblem(undefined);
                }}
              />
              <button type="submit" className="button button-primary">
                Use portal
              </button>
            </div>
            {problem && (
              <p id={problemId} className="field-error" role="alert">
                {problem}
              </p>
            )}
            <label htmlFor={keyId} className="portal-key-label">
              API key (optional)
            </label>
            <p id={keyHintId} className="hint">
              Sent as an <code>Authorization</code> header and kept in this browser only, never in links.
            </p>
            <div className="portal-input-row">
              <input
                id={keyId}
                type="password"
                autoComplete="off"
                spellCheck={false}
                value={keyDraft}
                aria-describedby={keyHintId}
                onChange={(event) => setKeyDraft(event.target.value)}
              />
            </div>
          </form>
          {portal !== '' && (
            <button
              type="button"
              className="link-button"
              onClick={() => {
                setOpen(false);
                choosePortal('');
              }}
            >
              Go back to this server’s datasets
            </button>
          )}
        </div>
      )}
    </div>
  );
}
