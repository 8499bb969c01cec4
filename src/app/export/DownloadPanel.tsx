import { useEffect, useRef, useState } from 'react';
import { isAbortError } from '../../api';
import { ErrorPanel } from '../components/StatusMessages';
import { t } from '../i18n/setup';
import { type DownloadProgress, fetchExport, formatBytes, saveFile } from './download';

type DownloadState =
  | { readonly status: 'idle' }
  | { readonly status: 'running'; readonly progress: DownloadProgress }
  | { readonly status: 'done'; readonly filename: string; readonly bytes: number }
  | { readonly status: 'cancelled' }
  | { readonly status: 'failed'; readonly error: unknown };

interface DownloadPanelProps {
  readonly url: string;
  /** The name to save under when the server gives none. */
  readonly fallbackName: string;
  /** Number of records the file will hold, when known. */
  readonly records: number | undefined;
  readonly disabled: boolean;
  readonly getFile: (url: string, signal: AbortSignal) => Promise<Response>;
}

/** Starts the download from the page, shows its progress, and lets it be cancelled. */
export function DownloadPanel({ url, fallbackName, records, disabled, getFile }: DownloadPanelProps) {
  const [state, setState] = useState<DownloadState>({ status: 'idle' });
  const controller = useRef<AbortController | null>(null);

  // Leaving the tab, or changing what is exported, abandons a running download.
  // biome-ignore lint/correctness/useExhaustiveDependencies: url is the trigger, not a value used here.
  useEffect(() => {
    setState((s) => (s.status === 'running' ? s : { status: 'idle' }));
    return () => controller.current?.abort();
  }, [url]);

  const start = async () => {
    controller.current?.abort();
    const current = new AbortController();
    controller.current = current;
    setState({ status: 'running', progress: { bytes: 0 } });
    try {
      const file = await fetchExport(url, {
        signal: current.signal,
        onProgress: (progress) => {
          if (!current.signal.aborted) setState({ status: 'running', progress });
        },
        getFile,
      });
      const filename = file.filename ?? fallbackName;
      saveFile(file.blob, filename);
      setState({ status: 'done', filename, bytes: file.blob.size });
    } catch (error) {
      if (isAbortError(error) || current.signal.aborted) setState({ status: 'cancelled' });
      else setState({ status: 'failed', error });
    }
  };

  const cancel = () => controller.current?.abort();
  const recordsText = records === undefined ? '' : ` · ${t('count.records', { count: records })}`;

  return (
    <div className="download-panel">
      <div className="api-actions">
        {state.status === 'running' ? (
          <button type="button" className="button" onClick={cancel}>
            {t('export.cancel')}
          </button>
        ) : (
          <button type="button" className="button button-primary" onClick={start} disabled={disabled}>
            {t('export.start')}
          </button>
        )}
        {!disabled && (
          <a className="button" href={url} target="_blank" rel="noreferrer noopener">
            {t('export.openUrl')}
          </a>
        )}
      </div>
      <div className="download-status" role="status" aria-live="polite">
        {state.status === 'running' && (
          <>
            <progress
              max={state.progress.totalBytes}
              value={state.progress.totalBytes === undefined ? undefined : state.progress.bytes}
              aria-label={t('export.progress')}
            />
            <span>
              {state.progress.totalBytes !== undefined
                ? t('export.receivedOf', {
                    bytes: formatBytes(state.progress.bytes),
                    total: formatBytes(state.progress.totalBytes),
                  })
                : t('export.received', { bytes: formatBytes(state.progress.bytes) })}
              {recordsText}
            </span>
          </>
        )}
        {state.status === 'done' && (
          <span>
            {t('export.saved')} <strong>{state.filename}</strong> ({formatBytes(state.bytes)}
            {recordsText})
          </span>
        )}
        {state.status === 'cancelled' && <span>{t('export.cancelled')}</span>}
      </div>
      {state.status === 'failed' && (
        <ErrorPanel title={t('export.failed')} error={state.error} onRetry={start} />
      )}
    </div>
  );
}
