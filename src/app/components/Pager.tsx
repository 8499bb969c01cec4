import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
  if (pageCount <= 1) return null;
  const first = page <= 1;
  const last = page >= pageCount;
  return (
    <nav className="pager" aria-label={label}>
      <button type="button" disabled={first} onClick={() => onPage(1)} aria-label={t('pager.first')}>
        «
      </button>
      <button type="button" disabled={first} onClick={() => onPage(page - 1)}>
        {t('pager.previous')}
      </button>
      <span className="pager-position" aria-live="polite">
        {t('pager.position', { page: formatCount(page), total: formatCount(pageCount) })}
      </span>
      <button type="button" disabled={last} onClick={() => onPage(page + 1)}>
        {t('pager.next')}
      </button>
      <button type="button" disabled={last} onClick={() => onPage(pageCount)} aria-label={t('pager.last')}>
        »
      </button>
    </nav>
  );
}
