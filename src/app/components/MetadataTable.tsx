import type { ReactNode } from 'react';
import type { Dataset } from '../../api';
import { languageName } from '../filters/facet-labels';
import { themeName } from '../filters/metadata-names';
import { formatDateTime } from '../format/dates';
import { t } from '../i18n/setup';

function MaybeLink({ href, children }: { readonly href: string; readonly children: ReactNode }) {
  if (!/^https?:\/\//.test(href)) return children;
  return (
    <a href={href} target="_blank" rel="noreferrer noopener">
      {children}
    </a>
  );
}

function TagList({
  items,
  name = (item) => item,
}: {
  readonly items: readonly string[];
  /** How an item reads in the reader's language. */
  readonly name?: (item: string) => string;
}) {
  return (
    <ul className="tag-list">
      {items.map((item) => (
        <li key={item} className="tag">
          {name(item)}
        </li>
      ))}
    </ul>
  );
}

/** One metadata row, left out when the portal gave no value. */
function Row({
  label,
  when,
  children,
}: {
  readonly label: string;
  readonly when: unknown;
  readonly children: ReactNode;
}) {
  if (when === undefined || when === null || when === '' || (Array.isArray(when) && when.length === 0))
    return null;
  return (
    <tr>
      <th scope="row">{label}</th>
      <td>{children}</td>
    </tr>
  );
}

export function MetadataTable({ dataset }: { readonly dataset: Dataset }) {
  const metas = dataset.metas?.default ?? {};
  return (
    <table className="meta-table">
      <tbody>
        <Row label={t('info.meta.publisher')} when={metas.publisher}>
          {metas.publisher}
        </Row>
        <Row label={t('info.meta.license')} when={metas.license}>
          {metas.license_url ? (
            <MaybeLink href={metas.license_url}>{metas.license}</MaybeLink>
          ) : (
            metas.license
          )}
        </Row>
        <Row label={t('info.meta.references')} when={metas.references}>
          <MaybeLink href={metas.references ?? ''}>{metas.references}</MaybeLink>
        </Row>
        <Row label={t('info.meta.records')} when={metas.records_count}>
          {t('count.records', { count: metas.records_count ?? 0 })}
        </Row>
        <Row label={t('info.meta.modified')} when={metas.modified}>
          <time dateTime={metas.modified ?? ''}>{formatDateTime(metas.modified ?? '')} UTC</time>
        </Row>
        <Row label={t('info.meta.language')} when={metas.language}>
          {languageName(metas.language ?? '')}
        </Row>
        <Row label={t('info.meta.themes')} when={metas.theme}>
          <TagList items={metas.theme ?? []} name={themeName} />
        </Row>
        <Row label={t('info.meta.keywords')} when={metas.keyword}>
          <TagList items={metas.keyword ?? []} />
        </Row>
        <Row label={t('info.meta.timeZone')} when={metas.timezone}>
          {metas.timezone}
        </Row>
        <Row label={t('info.meta.identifier')} when={dataset.dataset_id}>
          <code>{dataset.dataset_id}</code>
        </Row>
      </tbody>
    </table>
  );
}
