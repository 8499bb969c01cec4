import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { ApiError, type Dataset } from '../../api';
import { CopyButton } from '../components/CopyButton';
import { ErrorPanel } from '../components/StatusMessages';
import { DownloadPanel } from '../export/DownloadPanel';
import { ExportOptionsForm } from '../export/ExportOptionsForm';
import {
  DEFAULT_EXPORT_OPTIONS,
  type ExportOptions,
  epsgError,
  exportParams,
  selectionParams,
} from '../export/export-options';
import { formatsFor } from '../export/formats';
import { filterChips } from '../filters/chips';
import { datasetFacetLabeler } from '../filters/facet-labels';
import { useDatasetSearch } from '../hooks/useDatasetSearch';
import { t } from '../i18n/setup';
import { useExploreClient } from '../queries/client-context';
import { recordsQuery } from '../queries/options';
import { recordsParams } from '../queries/request-params';

function absolute(url: string): string {
  return new URL(url, window.location.href).href;
}

/** Download the records in any format the interface offers: the current selection or everything. */
export function ExportTab({ dataset }: { readonly dataset: Dataset }) {
  const client = useExploreClient();
  const fields = dataset.fields ?? [];
  const fieldNames = useMemo(() => new Set(fields.map((f) => f.name)), [fields]);
  const { state } = useDatasetSearch(dataset.dataset_id, 'export', fieldNames);
  const formats = formatsFor(fields);
  const [formatName, setFormatName] = useState('csv');
  const [options, setOptions] = useState<ExportOptions>(DEFAULT_EXPORT_OPTIONS);
  const format = formats.find((f) => f.format === formatName) ?? formats[0]!;

  const labels = useMemo(() => datasetFacetLabeler(fields), [fields]);
  const chips = useMemo(() => filterChips(state, labels), [state, labels]);
  const records = recordsParams(state);
  const { order_by: _order, ...filters } = selectionParams(records);
  const filtered = Object.keys(filters).length > 0;
  // The number of records of the selection: the same filters, no record returned.
  const count = useQuery(recordsQuery(client, dataset.dataset_id, { ...filters, limit: 0 }));
  const datasetTotal = dataset.metas?.default?.records_count;
  const selectionTotal = count.data?.total_count;
  const size = (n: number | undefined, failed = false) =>
    n !== undefined
      ? t('count.records', { count: n })
      : failed
        ? t('count.notCounted')
        : t('count.countingShort');

  const url = absolute(
    client.urls.recordsExport(dataset.dataset_id, format.format, exportParams(format, options, records)),
  );
  // The portal refused the selection's filters (counting it): its export would be refused alike.
  const refused = count.error instanceof ApiError && count.error.kind === 'bad-request';
  const invalid =
    (format.options.includes('projection') && epsgError(options.epsg) !== undefined) ||
    (refused && options.scope === 'selection');
  const expected = options.scope === 'selection' ? selectionTotal : (datasetTotal ?? undefined);

  return (
    <main className="content export-tab" id="main">
      <section className="panel" aria-labelledby="export-format-title">
        <h2 id="export-format-title">{t('export.format')}</h2>
        <div className="format-list" role="radiogroup" aria-labelledby="export-format-title">
          {formats.map((f) => (
            <label
              key={f.format}
              className={f.format === format.format ? 'format-choice is-selected' : 'format-choice'}
            >
              <input
                type="radio"
                name="format"
                value={f.format}
                checked={f.format === format.format}
                onChange={() => setFormatName(f.format)}
              />
              <span className="format-name">{f.label}</span>
              <span className="format-purpose">
                {t(`export.purposes.${f.format}`, { defaultValue: f.purpose })}
              </span>
            </label>
          ))}
        </div>
      </section>
      <section className="panel" aria-labelledby="export-selection-title">
        <h2 id="export-selection-title">{t('export.selection')}</h2>
        {chips.length === 0 ? (
          <p>{t('export.noFilter')}</p>
        ) : (
          <>
            <p>{t('export.filtersIntro')}</p>
            <ul className="chip-list" aria-label={t('export.filtersApplied')}>
              {chips.map((chip) => (
                <li key={chip.key} className={`chip chip-${chip.kind}`}>
                  <span className="chip-label">{chip.label}</span>
                </li>
              ))}
            </ul>
          </>
        )}
        {refused && <ErrorPanel compact title={t('export.selectionRefused')} error={count.error} />}
      </section>
      <section className="panel" aria-labelledby="export-options-title">
        <h2 id="export-options-title">{t('export.options')}</h2>
        <ExportOptionsForm
          format={format}
          options={options}
          onChange={setOptions}
          fields={fields}
          selectionSize={size(selectionTotal, count.isError && !count.isFetching)}
          datasetSize={size(datasetTotal ?? undefined)}
          filtered={filtered}
        />
      </section>
      <section className="panel" aria-labelledby="export-download-title">
        <h2 id="export-download-title">{t('export.download')}</h2>
        <pre className="url-box">
          <code>{url}</code>
        </pre>
        <div className="api-actions">
          <CopyButton text={url} label={t('export.copyUrl')} />
        </div>
        {refused && options.scope === 'selection' && (
          <p className="notice" role="note">
            {t('export.selectionRefusedDownload')}
          </p>
        )}
        <DownloadPanel
          url={url}
          fallbackName={`${dataset.dataset_id}.${format.extension}`}
          records={expected}
          disabled={invalid}
          getFile={client.getFile}
        />
      </section>
    </main>
  );
}
