import { ErrorPanel } from '../components/StatusMessages';
import { formatCount } from '../format/numbers';
import { t } from '../i18n/setup';

interface RecordsEndProps {
  readonly loaded: number;
  readonly total: number;
  readonly hasMore: boolean;
  /** The next page failed to load. */
  readonly failure: unknown;
  readonly onRetry: () => void;
  /** The CSV export of the same records (every one of them). */
  readonly exportUrl: string;
}

/** Under the last loaded row: the end of the records, of the reachable window, or a failed page. */
export function RecordsEnd({ loaded, total, hasMore, failure, onRetry, exportUrl }: RecordsEndProps) {
  if (failure !== undefined) {
    return (
      <div className="records-end">
        <ErrorPanel title={t('table.moreFailed')} error={failure} onRetry={onRetry} compact />
      </div>
    );
  }
  if (hasMore) return null;
  if (loaded < total) {
    return (
      <div className="records-end is-window" role="note">
        <p>
          <strong>{t('table.stops', { loaded: formatCount(loaded), total: formatCount(total) })}</strong>{' '}
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
