import { Header } from './components/Header';
import { usePortal, usePortalMemory } from './hooks/usePortal';
import { ExploreClientProvider } from './queries/client-context';
import { useLocation } from './router/useLocation';
import { matchRoute } from './routes/paths';
import { CatalogView } from './views/CatalogView';
import { DatasetView } from './views/DatasetView';
import { NotFoundView } from './views/NotFoundView';

export function App() {
  usePortalMemory();
  const { portal, error, rejected } = usePortal();
  const { pathname } = useLocation();
  const route = matchRoute(pathname);
  return (
    <ExploreClientProvider portal={portal}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header portal={portal} />
      {error && (
        <div className="banner" role="alert">
          <strong>The portal address “{rejected}” was not used.</strong> {error} The explorer shows this
          server’s datasets instead.
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
