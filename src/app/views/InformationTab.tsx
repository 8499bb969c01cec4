import { useQuery } from '@tanstack/react-query';
import type { Dataset } from '../../api';
import { AttachmentsList } from '../components/AttachmentsList';
import { FieldsTable } from '../components/FieldsTable';
import { MetadataTable } from '../components/MetadataTable';
import { RichText } from '../components/RichText';
import { ErrorPanel, Loading } from '../components/StatusMessages';
import { useExploreClient } from '../queries/client-context';
import { attachmentsQuery } from '../queries/options';

export function InformationTab({ dataset }: { readonly dataset: Dataset }) {
  const client = useExploreClient();
  const attachments = useQuery(attachmentsQuery(client, dataset.dataset_id));
  const description = dataset.metas?.default?.description;
  const fields = dataset.fields ?? [];
  return (
    <main className="content information" id="main">
      <div className="information-columns">
        <section aria-labelledby="description-title" className="panel">
          <h2 id="description-title">Description</h2>
          {description ? (
            <RichText text={description} className="description" />
          ) : (
            <p className="muted">The publisher gave no description.</p>
          )}
        </section>
        <section aria-labelledby="metadata-title" className="panel">
          <h2 id="metadata-title">Metadata</h2>
          <MetadataTable dataset={dataset} />
        </section>
      </div>
      <section aria-labelledby="fields-title" className="panel">
        <h2 id="fields-title">Fields ({fields.length})</h2>
        <FieldsTable fields={fields} />
      </section>
      <section aria-labelledby="attachments-title" className="panel">
        <h2 id="attachments-title">Attachments</h2>
        {attachments.isError ? (
          <ErrorPanel
            title="Attachments could not be listed"
            error={attachments.error}
            onRetry={() => attachments.refetch()}
          />
        ) : attachments.data ? (
          <AttachmentsList attachments={attachments.data.attachments} />
        ) : (
          <Loading>Loading attachments…</Loading>
        )}
      </section>
    </main>
  );
}
