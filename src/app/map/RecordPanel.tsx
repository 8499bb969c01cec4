import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { DatasetField, RecordsParams } from '../../api';
import { CellValue } from '../components/CellValue';
import { ErrorPanel } from '../components/StatusMessages';
import type { CellFormat } from '../format/cells';
import { formatCount } from '../format/numbers';
import { t } from '../i18n/setup';
import { useExploreClient } from '../queries/client-context';
import { recordsQuery } from '../queries/options';
import { RECORDS_WINDOW } from '../routes/dataset-search';

/** Records under the pointer: held by the map (features), or asked for one at a time (a cluster's cell). */
export type PanelRecords =
  | { readonly kind: 'local'; readonly records: readonly Record<string, unknown>[] }
  | { readonly kind: 'remote'; readonly params: RecordsParams; readonly total: number };

interface RecordPanelProps {
  readonly datasetId: string;
  readonly fields: readonly DatasetField[];
  readonly selection: PanelRecords;
  readonly page: number;
  readonly onPage: (page: number) => void;
  readonly onClose: () => void;
  /** Locale and time zone of the values, as the table shows them. */
  readonly format: CellFormat;
}

const GEO_TYPES = new Set(['geo_point_2d', 'geo_shape']);

function RecordFields({
  fields,
  record,
  format,
}: {
  fields: readonly DatasetField[];
  record: Record<string, unknown>;
  format: CellFormat;
}) {
  return (
    <dl className="map-record-fields">
      {fields
        .filter((f) => !GEO_TYPES.has(f.type))
        .map((field) => (
          <div key={field.name} className="map-record-field">
            <dt>{field.label || field.name}</dt>
            <dd>
              {record[field.name] === null || record[field.name] === undefined ? (
                <span className="muted">—</span>
              ) : (
                <CellValue value={record[field.name]} field={field} format={format} />
              )}
            </dd>
          </div>
        ))}
    </dl>
  );
}

/** The fields of one record at a time, with paging through every record at the spot. */
export function RecordPanel({
  datasetId,
  fields,
  selection,
  page,
  onPage,
  onClose,
  format,
}: RecordPanelProps) {
  const client = useExploreClient();
  const total =
    selection.kind === 'local' ? selection.records.length : Math.min(selection.total, RECORDS_WINDOW - 1);
  const remote = useQuery({
    ...recordsQuery(
      client,
      datasetId,
      selection.kind === 'remote' ? { ...selection.params, limit: 1, offset: page } : { limit: 0 },
    ),
    enabled: selection.kind === 'remote',
    placeholderData: keepPreviousData,
  });
  const record = selection.kind === 'local' ? selection.records[page] : remote.data?.results[0];
  const shownTotal = selection.kind === 'remote' ? selection.total : total;

  return (
    <aside className="map-panel" aria-label={t('map.panel')}>
      <div className="map-panel-head">
        <p className="map-panel-count" aria-live="polite">
          {shownTotal === 1
            ? t('map.oneHere')
            : t('map.nthHere', { n: formatCount(page + 1), total: formatCount(shownTotal) })}
        </p>
        <button type="button" className="chip-remove" aria-label={t('map.closeRecord')} onClick={onClose}>
          ×
        </button>
      </div>
      {total > 1 && (
        <div className="map-panel-pager">
          <button type="button" className="button" disabled={page <= 0} onClick={() => onPage(page - 1)}>
            {t('map.previous')}
          </button>
          <button
            type="button"
            className="button"
            disabled={page >= total - 1}
            onClick={() => onPage(page + 1)}
          >
            {t('map.next')}
          </button>
        </div>
      )}
      {remote.isError ? (
        <ErrorPanel compact title={t('map.recordFailed')} error={remote.error} />
      ) : record ? (
        <RecordFields fields={fields} record={record} format={format} />
      ) : (
        <p className="muted">{t('map.recordLoading')}</p>
      )}
    </aside>
  );
}
