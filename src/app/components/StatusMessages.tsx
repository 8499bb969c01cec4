import type { ReactNode } from 'react';
import { ApiError } from '../../api';

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

/** What the reader can do about an error of each kind, in words. */
export function errorAdvice(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  switch (error.kind) {
    case 'bad-request':
      return error.isQueryError
        ? 'The query is not valid ODSQL: correct it or remove the filter that holds it.'
        : 'Remove the filter or parameter the portal refused.';
    case 'unauthorized':
      return 'This portal needs an API key with access to this data: set one in the Portal menu.';
    case 'not-found':
      return 'It may have been removed or renamed, or it belongs to another portal.';
    case 'quota': {
      const reset = error.quota?.resetTime;
      const when = reset ? new Date(reset) : undefined;
      return when && !Number.isNaN(when.getTime())
        ? `The portal allows no more calls until ${when.toLocaleString()}.`
        : 'The portal allows no more calls for now: try again later.';
    }
    case 'network':
      return 'The portal may be down, the address wrong, or the portal may not allow this site (CORS).';
    case 'server':
      return 'The portal failed while answering: trying again may help.';
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
          Try again
        </button>
      )}
    </div>
  );
}
