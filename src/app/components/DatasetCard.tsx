import type { Dataset } from '../../api';
import { formatDate } from '../format/dates';
import { plural } from '../format/numbers';
import { excerpt } from '../format/text';
import { Link } from '../router/Link';
import { DATASET_TABS, datasetPath, TAB_LABELS } from '../routes/paths';

interface DatasetCardProps {
  readonly dataset: Dataset;
  /** The catalog address filtered on one keyword. */
  readonly keywordHref: (keyword: string) => string;
}

export function DatasetCard({ dataset, keywordHref }: DatasetCardProps) {
  const metas = dataset.metas?.default ?? {};
  const title = metas.title || dataset.dataset_id;
  const description = metas.description ? excerpt(metas.description) : '';
  const keywords = metas.keyword ?? [];
  const themes = metas.theme ?? [];
  return (
    <article className="dataset-card">
      <header className="dataset-card-header">
        <h2 className="dataset-card-title">
          <Link to={datasetPath(dataset.dataset_id)}>{title}</Link>
        </h2>
        {themes.length > 0 && (
          <ul className="themes" aria-label="Themes">
            {themes.map((theme) => (
              <li key={theme} className="theme">
                {theme}
              </li>
            ))}
          </ul>
        )}
      </header>
      {description !== '' && <p className="dataset-card-description">{description}</p>}
      <dl className="dataset-card-facts">
        {metas.publisher && (
          <div>
            <dt>Publisher</dt>
            <dd>{metas.publisher}</dd>
          </div>
        )}
        {typeof metas.records_count === 'number' && (
          <div>
            <dt className="visually-hidden">Records</dt>
            <dd>{plural(metas.records_count, 'record', 'records')}</dd>
          </div>
        )}
        {metas.license && (
          <div>
            <dt>License</dt>
            <dd>{metas.license}</dd>
          </div>
        )}
        {metas.modified && (
          <div>
            <dt>Modified</dt>
            <dd>
              <time dateTime={metas.modified}>{formatDate(metas.modified)}</time>
            </dd>
          </div>
        )}
      </dl>
      <ul className="dataset-card-links" aria-label={`Open ${title}`}>
        {DATASET_TABS.map((tab) => (
          <li key={tab}>
            <Link to={datasetPath(dataset.dataset_id, tab)}>{TAB_LABELS[tab]}</Link>
          </li>
        ))}
      </ul>
      {keywords.length > 0 && (
        <ul className="keywords" aria-label="Keywords">
          {keywords.map((keyword) => (
            <li key={keyword}>
              <Link
                className="keyword"
                to={keywordHref(keyword)}
                title={`Datasets with the keyword ${keyword}`}
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
