import { useMemo } from 'react';
import type { Dataset } from '../../api';
import { ChartQueries } from '../analyze/ChartQueries';
import { CopyButton } from '../components/CopyButton';
import { DEFAULT_EXPORT_OPTIONS, exportParams } from '../export/export-options';
import { formatsFor } from '../export/formats';
import { SnippetPanel } from '../export/SnippetPanel';
import { useDatasetSearch } from '../hooks/useDatasetSearch';
import { t } from '../i18n/setup';
import { useExploreClient } from '../queries/client-context';
import { datasetFacetsParams, recordsParams } from '../queries/request-params';

function absolute(url: string): string {
  return new URL(url, window.location.href).href;
}

interface ApiUrlProps {
  readonly title: string;
  readonly description: string;
  readonly url: string;
}

function ApiUrl({ title, description, url }: ApiUrlProps) {
  const parameters = [...new URL(url).searchParams];
  return (
    <section className="panel api-url" aria-label={title}>
      <h2>{title}</h2>
      <p>{description}</p>
      <pre className="url-box">
        <code>{url}</code>
      </pre>
      <div className="api-actions">
        <CopyButton text={url} label={t('api.copyAddress')} />
        <a className="button" href={url} target="_blank" rel="noreferrer noopener">
          {t('api.openJson')}
        </a>
      </div>
      {parameters.length > 0 && (
        <table className="params-table">
          <caption>{t('api.parameters')}</caption>
          <tbody>
            {parameters.map(([name, value]) => (
              // A parameter may repeat (refine, exclude) but never with the same value.
              <tr key={`${name}=${value}`}>
                <th scope="row">
                  <code>{name}</code>
                </th>
                <td>
                  <code>{value}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The Explore API addresses behind the table as it is now: same filters, sort and page. */
export function ApiTab({ dataset }: { readonly dataset: Dataset }) {
  const client = useExploreClient();
  const fields = dataset.fields;
  const fieldNames = useMemo(() => new Set((fields ?? []).map((f) => f.name)), [fields]);
  const { state } = useDatasetSearch(dataset.dataset_id, 'api', fieldNames);
  const records = absolute(client.urls.records(dataset.dataset_id, recordsParams(state)));
  const facets = absolute(client.urls.facets(dataset.dataset_id, datasetFacetsParams(state)));
  const formats = formatsFor(fields ?? []);
  const exports = formats.map((format) => ({
    format,
    url: absolute(
      client.urls.recordsExport(
        dataset.dataset_id,
        format.format,
        exportParams(format, DEFAULT_EXPORT_OPTIONS, recordsParams(state)),
      ),
    ),
  }));
  const csv = exports.find((e) => e.format.format === 'csv')!;
  return (
    <main className="content content-narrow" id="main">
      <ApiUrl title={t('api.recordsTitle')} description={t('api.recordsText')} url={records} />
      <ApiUrl title={t('api.facetsTitle')} description={t('api.facetsText')} url={facets} />
      <ChartQueries dataset={dataset} />
      <SnippetPanel title={t('api.recordsCode')} url={records} options={{ apiKey: client.authenticated }} />
      <section className="panel" aria-labelledby="api-exports-title">
        <h2 id="api-exports-title">{t('api.exportsTitle')}</h2>
        <p>{t('api.exportsText')}</p>
        <table className="params-table export-urls">
          <tbody>
            {exports.map(({ format, url }) => (
              <tr key={format.format}>
                <th scope="row">{format.label}</th>
                <td>
                  <code>{url}</code>
                </td>
                <td>
                  <CopyButton text={url} label={t('api.copyFormat', { format: format.label })} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <SnippetPanel
        title={t('api.csvCode')}
        url={csv.url}
        options={{ saveAs: `${dataset.dataset_id}.${csv.format.extension}`, apiKey: client.authenticated }}
      />
    </main>
  );
}
