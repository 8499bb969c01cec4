import { formatCount } from '../format/numbers';
import { t } from '../i18n/setup';

interface RecordsEndProps {
  /** The rows the table reaches: every record, or the API's window when the order cannot go further. */
  readonly reached: number;
  readonly total: number;
  /** The CSV export of the same records (every one of them). */
  readonly exportUrl: string;
}

/** Under the last row: the end of the records, or of the window the table reaches in this order. */
export function RecordsEnd({ reached, total, exportUrl }: RecordsEndProps) {
  if (reached < total) {
    return (
      <div className="records-end is-window" role="note">
        <p>
          <strong>{t('table.stops', { loaded: formatCount(reached), total: formatCount(total) })}</strong>{' '}
          {t('table.windowBefore')} <a href={exportUrl}>{t('table.exportAll', { count: total })}</a>.
        </p>
      </div>
    );
  }
  return (
    <div className="records-end">
      <p className="muted">{t('table.end', { count: total })}</p>
    </div>
  );
}
