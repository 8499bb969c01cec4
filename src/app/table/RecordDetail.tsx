import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { ApiError, type DatasetField, type DatasetRecord, type RecordParams } from '../../api';
import { CopyButton } from '../components/CopyButton';
import { ErrorPanel, Loading } from '../components/StatusMessages';
import { type CellFormat, formatCell, fullText } from '../format/cells';
import { t } from '../i18n/setup';
import { useExploreClient } from '../queries/client-context';
import { recordQuery } from '../queries/options';
import { unitOf } from './layout';

interface RecordDetailProps {
  readonly datasetId: string;
  readonly fields: readonly DatasetField[];
  /** The record's id, read with getRecord; undefined for a portal that gives none (the row is shown). */
  readonly recordId: string | undefined;
  /** The loaded row, when the record is one of them. */
  readonly row: DatasetRecord | undefined;
  /** 1-based position in the table, when known. */
  readonly position: number | undefined;
  readonly params: RecordParams;
  readonly format: CellFormat;
  readonly onClose: () => void;
}

/**
 * Every field of one record with its label and its whole value, beside the table. Its address holds the
 * record id, so a pasted link opens it even when the record is far beyond the loaded rows.
 */
export function RecordDetail(props: RecordDetailProps) {
  const { datasetId, fields, recordId, row, position, params, format, onClose } = props;
  const client = useExploreClient();
  const titleId = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const record = useQuery({
    ...recordQuery(client, datasetId, recordId ?? '', params, row),
    enabled: recordId !== undefined,
  });
  const values = recordId === undefined ? row : record.data;

  // Focus goes to the panel when it opens or shows another record, so reading goes on from there.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new record is the reason to move focus
  useEffect(() => {
    heading.current?.focus();
  }, [recordId, position]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) {
        event.preventDefault();
        onClose();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  const title = position !== undefined ? t('record.numbered', { position }) : t('record.title');
  return (
    <aside className="record-detail" role="dialog" aria-modal="false" aria-labelledby={titleId}>
      <div className="record-detail-header">
        <h2 id={titleId} ref={heading} tabIndex={-1}>
          {title}
        </h2>
        <button
          type="button"
          className="button record-detail-close"
          onClick={onClose}
          aria-label={t('record.close')}
        >
          ✕
        </button>
      </div>
      {recordId !== undefined && (
        <p className="record-detail-id">
          <span className="muted">{t('record.id')} </span>
          <code>{recordId}</code>
        </p>
      )}
      {record.isError && !values ? (
        <ErrorPanel title={t('record.failed')} error={record.error} onRetry={() => record.refetch()}>
          {record.error instanceof ApiError && record.error.status === 404 && <p>{t('record.notFound')}</p>}
        </ErrorPanel>
      ) : values ? (
        <dl className={record.isPlaceholderData ? 'record-fields is-busy' : 'record-fields'}>
          {fields.map((field) => (
            <FieldValue key={field.name} field={field} value={values[field.name]} format={format} />
          ))}
        </dl>
      ) : (
        <Loading>{t('record.loading')}</Loading>
      )}
      <div className="record-detail-actions">
        {recordId !== undefined ? (
          <>
            <CopyButton text={window.location.href} label={t('record.copyLink')} />
            <a
              className="button"
              href={client.urls.record(datasetId, recordId, params)}
              target="_blank"
              rel="noreferrer"
            >
              {t('record.inApi')}
            </a>
          </>
        ) : (
          <p className="muted">{t('record.noIds')}</p>
        )}
      </div>
    </aside>
  );
}

function FieldValue({
  field,
  value,
  format,
}: {
  readonly field: DatasetField;
  readonly value: unknown;
  readonly format: CellFormat;
}) {
  const display = formatCell(value, field, format);
  const unit = unitOf(field);
  return (
    <div className="record-field">
      <dt>
        <span className="record-field-label">{field.label || field.name}</span>
        {unit && <span className="unit"> ({unit})</span>}
        <code className="record-field-name">{field.name}</code>
      </dt>
      <dd className={display.kind === 'empty' ? 'is-empty' : undefined}>
        {display.kind === 'empty' ? (
          <span className="muted">{t('record.noValue')}</span>
        ) : display.kind === 'list' ? (
          <ul className="record-list">
            {display.items.map((item, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: values may repeat; the list does not change
              <li key={index}>{item}</li>
            ))}
          </ul>
        ) : display.kind === 'link' ? (
          <a href={display.href} target="_blank" rel="noreferrer noopener">
            {display.text}
          </a>
        ) : display.kind === 'date' ? (
          <>
            <time dateTime={display.raw}>{display.text}</time>
            <code className="muted record-raw">{display.raw}</code>
          </>
        ) : display.kind === 'geo' && field.type === 'geo_shape' ? (
          <ShapeValue summary={display.text} value={value} />
        ) : display.kind === 'text' ? (
          <span className="record-text">{display.text}</span>
        ) : (
          display.text
        )}
      </dd>
    </div>
  );
}

/** A shape's summary, and its GeoJSON on demand (a border can hold thousands of points). */
function ShapeValue({ summary, value }: { readonly summary: string; readonly value: unknown }) {
  const [open, setOpen] = useState(false);
  return (
    <details onToggle={(event) => setOpen(event.currentTarget.open)}>
      <summary>{summary}</summary>
      {open && <pre className="record-json">{fullText(value)}</pre>}
    </details>
  );
}
