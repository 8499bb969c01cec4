import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import type { Dataset } from '../../api';
import { formatDateTime } from '../format/dates';
import { formatCount } from '../format/numbers';
import { changesBetween, type DatasetMark, lastVisit, markOf, readVisits, subscribeToVisits } from './visits';

/** What changed, said in a sentence per change: the records' number, then the dates. */
function ChangeList({ before, now }: { readonly before: DatasetMark; readonly now: DatasetMark }) {
  const { t } = useTranslation();
  const changes = changesBetween(before, now);
  const date = (value: string | null) => (value ? formatDateTime(value) : t('memory.noDate'));
  return (
    <ul className="change-list">
      {changes.map((change) => (
        <li key={change}>
          {change === 'records_count'
            ? t('memory.recordsChanged', {
                before: before.records_count === null ? '?' : formatCount(before.records_count),
                now: now.records_count === null ? '?' : formatCount(now.records_count),
              })
            : t(`memory.${change}`, { before: date(before[change]), now: date(now[change]) })}
        </li>
      ))}
    </ul>
  );
}

/** On a dataset page: what changed since the reader's previous visit (given by the page), said once. */
export function ChangedSinceVisit({
  before,
  dataset,
}: {
  readonly before: DatasetMark;
  readonly dataset: Dataset;
}) {
  const { t } = useTranslation();
  return (
    <details className="changed-badge">
      <summary>
        <span className="badge is-changed">{t('memory.changed')}</span>
      </summary>
      <ChangeList before={before} now={markOf(dataset)} />
    </details>
  );
}

/** On a catalog card: a dataset changed since the reader last opened its page in this browser. */
export function CardChangedBadge({
  portal,
  dataset,
}: {
  readonly portal: string;
  readonly dataset: Dataset;
}) {
  const { t } = useTranslation();
  // Re-read when a visit is recorded (in this tab or another).
  useSyncExternalStore(subscribeToVisits, readVisits);
  const before = lastVisit(portal, dataset.dataset_id);
  if (!before || changesBetween(before, markOf(dataset)).length === 0) return null;
  return (
    <p className="badge is-changed" title={t('memory.changedTitle')}>
      {t('memory.changed')}
    </p>
  );
}
