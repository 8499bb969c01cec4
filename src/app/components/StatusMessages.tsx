import type { ReactNode } from 'react';
import { ApiError } from '../../api';
import { appLocale } from '../i18n/locale';
import { t } from '../i18n/setup';

export function Loading({ children }: { readonly children: string }) {
  return (
    <p className="loading" role="status">
      <span className="spinner" aria-hidden="true" />
      {children}
    </p>
  );
}

/** Asking again helps when nothing answered or the portal failed (5xx), not when it refused the request. */
export function isRetryable(error: unknown): boolean {
  return !(error instanceof ApiError) || error.status === 0 || error.status >= 500;
}

interface ErrorPanelProps {
  readonly title: string;
  readonly error: unknown;
  readonly onRetry?: () => void;
  /** A smaller panel, for the sidebar. */
  readonly compact?: boolean;
  readonly children?: ReactNode;
}

/**
 * The portal refused both requests for the same reason (a filter both carry): the same message, which
 * one place is enough to show.
 */
export function sameRefusal(error: unknown, other: unknown): boolean {
  return (
    error instanceof ApiError &&
    other instanceof ApiError &&
    error.kind === 'bad-request' &&
    other.kind === 'bad-request' &&
    error.errorCode === other.errorCode &&
    error.message === other.message
  );
}

/** What the reader can do about an error of each kind, in words. */
export function errorAdvice(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  switch (error.kind) {
    case 'bad-request':
      return error.isQueryError ? t('status.badQuery') : t('status.badRequest');
    case 'unauthorized':
      return t('status.unauthorized');
    case 'not-found':
      return t('status.notFound');
    case 'quota': {
      const reset = error.quota?.resetTime;
      const when = reset ? new Date(reset) : undefined;
      return when && !Number.isNaN(when.getTime())
        ? t('status.quotaUntil', { when: when.toLocaleString(appLocale()) })
        : t('status.quota');
    }
    case 'network':
      return t('status.network');
    case 'server':
      return t('status.server');
    case 'unexpected':
      return undefined;
  }
}

/** A failed request: what failed, the portal's own message, and a way out. */
export function ErrorPanel({ title, error, onRetry, compact, children }: ErrorPanelProps) {
  const message = error instanceof Error ? error.message : String(error);
  const advice = errorAdvice(error);
  const detail =
    error instanceof ApiError
      ? [error.errorCode, error.status > 0 ? `HTTP ${error.status}` : undefined].filter(Boolean).join(' · ')
      : undefined;
  return (
    <div className={compact ? 'error-panel is-compact' : 'error-panel'} role="alert">
      <h2>{title}</h2>
      <p className="error-message">{message}</p>
      {advice && <p className="error-advice">{advice}</p>}
      {detail && !compact && <p className="error-detail">{detail}</p>}
      {children}
      {onRetry && isRetryable(error) && (
        <button type="button" className="button" onClick={onRetry}>
          {t('status.retry')}
        </button>
      )}
    </div>
  );
}
