import type { Attachment } from '../../api';
import { t } from '../i18n/setup';

export function AttachmentsList({ attachments }: { readonly attachments: readonly Attachment[] }) {
  if (attachments.length === 0) return <p className="muted">{t('info.noAttachments')}</p>;
  return (
    <ul className="attachments">
      {attachments.map((attachment) => {
        const title = attachment.metas.title || attachment.metas.id || attachment.href;
        return (
          <li key={attachment.href}>
            <a href={attachment.href} download>
              {title}
            </a>
            {attachment.metas['mime-type'] && <span className="muted"> {attachment.metas['mime-type']}</span>}
          </li>
        );
      })}
    </ul>
  );
}
