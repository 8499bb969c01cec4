import { useEffect, useRef, useState } from 'react';
import { isAbortError } from '../../api';
import { fetchExport, saveFile } from '../export/download';
import { useCalendarT } from './i18n';

type IcsState =
  | { readonly status: 'idle' | 'running' }
  | { readonly status: 'done'; readonly name: string }
  | { readonly status: 'failed' };

interface IcsDownloadProps {
  /** The `ical` export of the selection. */
  readonly url: string;
  readonly fallbackName: string;
  readonly getFile: (url: string, signal: AbortSignal) => Promise<Response>;
}

/** "Add to calendar (.ics)": the selection's events as a file, fetched by the page (an API key goes as a header). */
export function IcsDownload({ url, fallbackName, getFile }: IcsDownloadProps) {
  const t = useCalendarT();
  const [state, setState] = useState<IcsState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);
  // Other filters make another file; leaving the tab abandons the one being made.
  // biome-ignore lint/correctness/useExhaustiveDependencies: url is the trigger, not a value used here.
  useEffect(() => {
    setState({ status: 'idle' });
    return () => controller.current?.abort();
  }, [url]);

  const start = async () => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ status: 'running' });
    try {
      const file = await fetchExport(url, { signal: current.signal, getFile, onProgress: () => {} });
      const name = file.filename ?? fallbackName;
      saveFile(file.blob, name);
      setState({ status: 'done', name });
    } catch (error) {
      if (!isAbortError(error) && !current.signal.aborted) setState({ status: 'failed' });
    }
  };

  return (
    <div className="calendar-ics">
      <button
        type="button"
        className="button"
        onClick={start}
        disabled={state.status === 'running'}
        title={t('icsHint')}
      >
        {t('ics')}
      </button>
      <span role="status" className="muted">
        {state.status === 'running' && t('icsRunning')}
        {state.status === 'done' && t('icsSaved', { name: state.name })}
        {state.status === 'failed' && <span className="calendar-ics-failed">{t('icsFailed')}</span>}
      </span>
    </div>
  );
}
