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

interface ErrorPanelProps {
  readonly title: string;
  readonly error: unknown;
  readonly onRetry?: () => void;
  readonly children?: ReactNode;
}

/** A failed request: what failed, the portal's own message, and a way to try again. */
export function ErrorPanel({ title, error, onRetry, children }: ErrorPanelProps) {
  const message = error instanceof Error ? error.message : String(error);
  const detail =
    error instanceof ApiError
      ? [error.errorCode, error.status > 0 ? `HTTP ${error.status}` : undefined].filter(Boolean).join(' · ')
      : undefined;
  return (
    <div className="error-panel" role="alert">
      <h2>{title}</h2>
      <p className="error-message">{message}</p>
      {detail && <p className="error-detail">{detail}</p>}
      {children}
      {onRetry && (
        <button type="button" className="button" onClick={onRetry}>
          Try again
        </button>
      )}
    </div>
  );
}
