import { useTranslation } from 'react-i18next';
import type { Dataset } from '../../api';
import { themeName } from '../filters/metadata-names';
import { formatDate } from '../format/dates';
import { excerpt } from '../format/markdown';
import { CardChangedBadge } from '../memory/ChangedBadge';
import { Link } from '../router/Link';
import { datasetTabs } from '../routes/dataset-tabs';
import { datasetPath, tabLabel } from '../routes/paths';

interface DatasetCardProps {
  readonly dataset: Dataset;
  /** The portal read: the reader's last visit of this dataset is remembered per portal. */
  readonly portal: string;
  /** The catalog address filtered on one keyword. */
  readonly keywordHref: (keyword: string) => string;
}

export function DatasetCard({ dataset, portal, keywordHref }: DatasetCardProps) {
  const metas = dataset.metas?.default ?? {};
  const title = metas.title || dataset.dataset_id;
  const description = metas.description ? excerpt(metas.description) : '';
  const keywords = metas.keyword ?? [];
  const themes = metas.theme ?? [];
  const { t } = useTranslation();
  const tabs = datasetTabs(dataset);
  return (
    <article className="dataset-card">
      <header className="dataset-card-header">
        <h2 className="dataset-card-title">
          <Link to={datasetPath(dataset.dataset_id)}>{title}</Link>
        </h2>
        {themes.length > 0 && (
          <ul className="themes" aria-label={t('catalog.themes')}>
            {themes.map((theme) => (
              <li key={theme} className="theme">
                {themeName(theme)}
              </li>
            ))}
          </ul>
        )}
      </header>
      <CardChangedBadge portal={portal} dataset={dataset} />
      {description !== '' && <p className="dataset-card-description">{description}</p>}
      <dl className="dataset-card-facts">
        {metas.publisher && (
          <div>
            <dt>{t('catalog.publisher')}</dt>
            <dd>{metas.publisher}</dd>
          </div>
        )}
        {typeof metas.records_count === 'number' && (
          <div>
            <dt className="visually-hidden">{t('catalog.records')}</dt>
            <dd>{t('count.records', { count: metas.records_count })}</dd>
          </div>
        )}
        {metas.license && (
          <div>
            <dt>{t('catalog.license')}</dt>
            <dd>{metas.license}</dd>
          </div>
        )}
        {metas.modified && (
          <div>
            <dt>{t('catalog.modified')}</dt>
            <dd>
              <time dateTime={metas.modified}>{formatDate(metas.modified)}</time>
            </dd>
          </div>
        )}
      </dl>
      <ul className="dataset-card-links" aria-label={t('catalog.open', { title })}>
        {tabs.map((tab) => (
          <li key={tab}>
            <Link to={datasetPath(dataset.dataset_id, tab)}>{tabLabel(tab)}</Link>
          </li>
        ))}
      </ul>
      {keywords.length > 0 && (
        <ul className="keywords" aria-label={t('catalog.keywords')}>
          {keywords.map((keyword) => (
            <li key={keyword}>
              <Link
                className="keyword"
                to={keywordHref(keyword)}
                title={t('catalog.withKeyword', { keyword })}
              >
                {keyword}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}
