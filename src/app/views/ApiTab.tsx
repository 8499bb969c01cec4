import { useMemo } from 'react';
import type { Dataset } from '../../api';
import { CopyButton } from '../components/CopyButton';
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
    </main>
  );
}
