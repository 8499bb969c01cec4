import { PageTitle } from '../components/PageTitle';
import { t } from '../i18n/setup';
import { Link } from '../router/Link';

export function NotFoundView({ pathname }: { readonly pathname: string }) {
  return (
    <main className="content content-narrow" id="main">
      <PageTitle>{t('notFound.title')}</PageTitle>
      <div className="error-panel" role="alert">
        <h1>{t('notFound.title')}</h1>
        <p className="error-message">{t('notFound.message', { path: pathname })}</p>
        <p>
          <Link to="/">{t('notFound.home')}</Link>
        </p>
      </div>
    </main>
  );
}
