import { formatCount } from '../format/numbers';

interface PagerProps {
  /** 1-based. */
  readonly page: number;
  readonly pageCount: number;
  readonly onPage: (page: number) => void;
  readonly label: string;
}

/** Previous/next paging with the position; hidden when everything fits on one page. */
export function Pager({ page, pageCount, onPage, label }: PagerProps) {
  if (pageCount <= 1) return null;
  const first = page <= 1;
  const last = page >= pageCount;
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" disabled={first} onClick={() => onPage(1)} aria-label="First page">
        «
      </button>
      <button type="button" disabled={first} onClick={() => onPage(page - 1)}>
        ‹ Previous
      </button>
      <span className="pager-position" aria-live="polite">
        Page {formatCount(page)} of {formatCount(pageCount)}
      </span>
      <button type="button" disabled={last} onClick={() => onPage(page + 1)}>
        Next ›
      </button>
      <button type="button" disabled={last} onClick={() => onPage(pageCount)} aria-label="Last page">
        »
      </button>
    </nav>
  );
}
