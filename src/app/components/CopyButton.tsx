import { useEffect, useState } from 'react';
import { t } from '../i18n/setup';

type CopyState = 'idle' | 'copied' | 'failed';

/** Copies a text to the clipboard and says whether it worked. */
export function CopyButton({ text, label }: { readonly text: string; readonly label: string }) {
  const [state, setState] = useState<CopyState>('idle');
  useEffect(() => {
    if (state === 'idle') return;
    const timer = window.setTimeout(() => setState('idle'), 2500);
    return () => window.clearTimeout(timer);
  }, [state]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <>
      <button type="button" className="button" onClick={copy}>
        {label}
      </button>
      <span className="copy-status" role="status">
        {state === 'copied' ? t('api.copied') : state === 'failed' ? t('api.copyFailed') : ''}
      </span>
    </>
  );
}
