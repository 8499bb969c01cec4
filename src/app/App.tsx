import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Header } from './components/Header';
import { usePortal, usePortalMemory } from './hooks/usePortal';
import { currentLanguage } from './i18n/locale';
import { ExploreClientProvider } from './queries/client-context';
import { useLocation } from './router/useLocation';
import { matchRoute } from './routes/paths';
import { CatalogView } from './views/CatalogView';
import { DatasetView } from './views/DatasetView';
import { NotFoundView } from './views/NotFoundView';

/** The whole explorer in the reader's language; a change of language renders it anew. */
export function App() {
  const { i18n } = useTranslation();
  const language = currentLanguage();
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  return <Explorer key={i18n.language} />;
}

function Explorer() {
  usePortalMemory();
  const { t } = useTranslation();
  const { portal, error, rejected } = usePortal();
  const { pathname } = useLocation();
  const route = matchRoute(pathname);
  return (
    <ExploreClientProvider portal={portal}>
      <a href="#main" className="skip-link">
        {t('app.skip')}
      </a>
      <Header portal={portal} />
      {error && (
        <div className="banner" role="alert">
          <strong>{t('app.portalRejected', { portal: rejected })}</strong> {error} {t('app.portalFallback')}
        </div>
      )}
      <div className="page">
        {route.page === 'catalog' && <CatalogView />}
        {route.page === 'dataset' && (
          <DatasetView key={route.datasetId} datasetId={route.datasetId} tab={route.tab} />
        )}
        {route.page === 'not-found' && <NotFoundView pathname={route.pathname} />}
      </div>
    </ExploreClientProvider>
  );
}
