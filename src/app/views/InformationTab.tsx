import { useQuery } from '@tanstack/react-query';
import type { Dataset } from '../../api';
import { AttachmentsList } from '../components/AttachmentsList';
import { FieldsTable } from '../components/FieldsTable';
import { MetadataTable } from '../components/MetadataTable';
import { RichText } from '../components/RichText';
import { ErrorPanel, Loading } from '../components/StatusMessages';
import { t } from '../i18n/setup';
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
          <h2 id="description-title">{t('info.description')}</h2>
          {description ? (
            <RichText text={description} className="description" />
          ) : (
            <p className="muted">{t('info.noDescription')}</p>
          )}
        </section>
        <section aria-labelledby="metadata-title" className="panel">
          <h2 id="metadata-title">{t('info.metadata')}</h2>
          <MetadataTable dataset={dataset} />
        </section>
      </div>
      <section aria-labelledby="fields-title" className="panel">
        <h2 id="fields-title">{t('info.fields', { count: fields.length })}</h2>
        <FieldsTable fields={fields} />
      </section>
      <section aria-labelledby="attachments-title" className="panel">
        <h2 id="attachments-title">{t('info.attachments')}</h2>
        {attachments.isError ? (
          <ErrorPanel
            title={t('info.attachmentsFailed')}
            error={attachments.error}
            onRetry={() => attachments.refetch()}
          />
        ) : attachments.data ? (
          <AttachmentsList attachments={attachments.data.attachments} />
        ) : (
          <Loading>{t('info.loadingAttachments')}</Loading>
        )}
      </section>
    </main>
  );
}
