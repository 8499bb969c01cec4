import { useTranslation } from 'react-i18next';
import { formatDate } from '../format/dates';
import { Link } from '../router/Link';
import { removeView, type SavedView } from './saved-views';

/**
 * Saved views as a list: each one's link, when it was saved and its remove button. The dataset page and
 * the catalog name the views their own way (`label`) and style the date their own way (`noteClass`).
 */
export function SavedViewsList({
  views,
  label,
  noteClass,
}: {
  readonly views: readonly SavedView[];
  readonly label: (view: SavedView) => string;
  readonly noteClass: string;
}) {
  const { t } = useTranslation();
  return (
    <ul>
      {views.map((view) => (
        <li key={view.id}>
          <Link to={view.href}>{label(view)}</Link>{' '}
          <span className={noteClass}>{formatDate(view.savedAt)}</span>{' '}
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
  );
}
