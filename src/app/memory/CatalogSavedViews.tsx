import { useTranslation } from 'react-i18next';
import { SavedViewsList } from './SavedViewsList';
import { useSavedViews } from './saved-views';

/** The catalog's list of the views saved in this browser, on this portal. */
export function CatalogSavedViews({ portal }: { readonly portal: string }) {
  const { t } = useTranslation();
  const views = useSavedViews().filter((v) => v.portal === portal);
  if (views.length === 0) return null;
  return (
    <section className="catalog-saved-views" aria-labelledby="saved-views-title">
      <h2 id="saved-views-title">{t('memory.catalogViews')}</h2>
      <SavedViewsList
        views={views}
        label={(view) => t('memory.viewOf', { dataset: view.datasetTitle, name: view.name })}
        noteClass="muted"
      />
    </section>
  );
}
