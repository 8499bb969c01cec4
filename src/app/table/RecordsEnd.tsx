import { ErrorPanel } from '../components/StatusMessages';
import { formatCount } from '../format/numbers';

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
        <ErrorPanel title="More records could not be loaded" error={failure} onRetry={onRetry} compact />
      </div>
    );
  }
  if (hasMore) return null;
  if (loaded < total) {
    return (
      <div className="records-end is-window" role="note">
        <p>
          <strong>
            The table stops at record {formatCount(loaded)} of {formatCount(total)}.
          </strong>{' '}
          The Explore API pages through the first 10,000 records of a query only. Search or filter to reach
          other records, or <a href={exportUrl}>export all {formatCount(total)} records as CSV</a>.
        </p>
      </div>
    );
  }
  return (
    <div className="records-end">
      <p className="muted">End of the {total === 1 ? 'record' : `${formatCount(total)} records`}.</p>
    </div>
  );
}
