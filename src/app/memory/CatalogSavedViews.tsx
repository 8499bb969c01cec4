import { useTranslation } from 'react-i18next';
import { formatDate } from '../format/dates';
import { Link } from '../router/Link';
import { removeView, useSavedViews } from './saved-views';

/** The catalog's list of the views saved in this browser, on this portal. */
export function CatalogSavedViews({ portal }: { readonly portal: string }) {
  const { t } = useTranslation();
  const views = useSavedViews().filter((v) => v.portal === portal);
  if (views.length === 0) return null;
  return (
    <section className="catalog-saved-views" aria-labelledby="saved-views-title">
      <h2 id="saved-views-title">{t('memory.catalogViews')}</h2>
      <ul>
        {views.map((view) => (
          <li key={view.id}>
            <Link to={view.href}>{t('memory.viewOf', { dataset: view.datasetTitle, name: view.name })}</Link>{' '}
            <span className="muted">{formatDate(view.savedAt)}</span>{' '}
            <button
              type="button"
              className="link-button"
              aria-label={t('memory.remove', { name: view.name })}
              onClick={() => removeView(view.id)}
            >
              ✕
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
