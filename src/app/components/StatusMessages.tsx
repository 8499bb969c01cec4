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

/** A failed request: what failed, the portal's own message, and a way out. */
export function ErrorPanel({ title, error, onRetry, compact, children }: ErrorPanelProps) {
  const message = error instanceof Error ? error.message : String(error);
  const detail =
    error instanceof ApiError
      ? [error.errorCode, error.status > 0 ? `HTTP ${error.status}` : undefined].filter(Boolean).join(' · ')
      : undefined;
  return (
    <div className={compact ? 'error-panel is-compact' : 'error-panel'} role="alert">
      <h2>{title}</h2>
      <p className="error-message">{message}</p>
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
