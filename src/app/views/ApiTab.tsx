import { useMemo } from 'react';
import type { Dataset } from '../../api';
import { ChartQueries } from '../analyze/ChartQueries';
import { CopyButton } from '../components/CopyButton';
import { DEFAULT_EXPORT_OPTIONS, exportParams } from '../export/export-options';
import { formatsFor } from '../export/formats';
import { SnippetPanel } from '../export/SnippetPanel';
import { useDatasetSearch } from '../hooks/useDatasetSearch';
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
        <CopyButton text={url} label="Copy the address" />
        <a className="button" href={url} target="_blank" rel="noreferrer noopener">
          Open the JSON
        </a>
      </div>
      {parameters.length > 0 && (
        <table className="params-table">
          <caption>Parameters</caption>
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
  const formats = formatsFor((fields ?? []).some((f) => f.type === 'geo_point_2d' || f.type === 'geo_shape'));
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
      <ApiUrl
        title="Records query"
        description="The Explore API v2.1 request of the records shown in the Table tab, with its filters, sort and page."
        url={records}
      />
      <ApiUrl
        title="Facets query"
        description="The request of the facet values and counts shown beside the table."
        url={facets}
      />
      <ChartQueries dataset={dataset} />
      <SnippetPanel
        title="Code to fetch these records"
        url={records}
        options={{ apiKey: client.authenticated }}
      />
      <section className="panel" aria-labelledby="api-exports-title">
        <h2 id="api-exports-title">Exports of the selection</h2>
        <p>
          Every record matching the table's filters, query and sort (an export has no 10,000-record window),
          in each format.
        </p>
        <table className="params-table export-urls">
          <tbody>
            {exports.map(({ format, url }) => (
              <tr key={format.format}>
                <th scope="row">{format.label}</th>
                <td>
                  <code>{url}</code>
                </td>
                <td>
                  <CopyButton text={url} label={`Copy the ${format.label} URL`} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      <SnippetPanel
        title="Code to download the CSV export"
        url={csv.url}
        options={{ saveAs: `${dataset.dataset_id}.${csv.format.extension}`, apiKey: client.authenticated }}
      />
    </main>
  );
}
