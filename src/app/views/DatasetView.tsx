import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense } from 'react';
import { PageTitle } from '../components/PageTitle';
import { ErrorPanel, Loading } from '../components/StatusMessages';
import { plural } from '../format/numbers';
import { useExploreClient } from '../queries/client-context';
import { datasetQuery } from '../queries/options';
import { Link } from '../router/Link';
import { useLocation } from '../router/useLocation';
import { DATASET_TABS, type DatasetTab, datasetPath } from '../routes/paths';
import { ApiTab } from './ApiTab';
import { InformationTab } from './InformationTab';
import { TableTab } from './TableTab';

// MapLibre is large: it loads only when the map tab is opened.
const MapTab = lazy(() => import('../map/MapTab'));
const GEO_TYPES = new Set(['geo_point_2d', 'geo_shape']);

const TAB_LABELS: Readonly<Record<DatasetTab, string>> = {
  information: 'Information',
  table: 'Table',
  map: 'Map',
  api: 'API',
};

/** A dataset: its header and the tab named in the address. */
export function DatasetView({ datasetId, tab }: { readonly datasetId: string; readonly tab: DatasetTab }) {
  const client = useExploreClient();
  const dataset = useQuery(datasetQuery(client, datasetId));
  const { search } = useLocation();

  if (dataset.isError) {
    return (
      <main className="content content-narrow" id="main">
        <PageTitle>Dataset not loaded</PageTitle>
        <ErrorPanel
          title="This dataset could not be loaded"
          error={dataset.error}
          onRetry={() => dataset.refetch()}
        >
          <p>
            <Link to="/">Back to the catalog</Link>
          </p>
        </ErrorPanel>
      </main>
    );
  }
  if (!dataset.data) {
    return (
      <main className="content" id="main">
        <Loading>Loading the dataset…</Loading>
      </main>
    );
  }

  const metas = dataset.data.metas?.default ?? {};
  const title = metas.title || dataset.data.dataset_id;
  const hasMap = (dataset.data.fields ?? []).some((f) => GEO_TYPES.has(f.type));
  const tabs = DATASET_TABS.filter((t) => t !== 'map' || hasMap);
  return (
    <div className="dataset-page">
      <PageTitle>{`${title} (${TAB_LABELS[tab]})`}</PageTitle>
      <div className="dataset-header">
        <nav aria-label="Breadcrumb" className="breadcrumb">
          <Link to="/">Datasets</Link>
          <span aria-hidden="true"> / </span>
          <span aria-current="page">{title}</span>
        </nav>
        <h1 className="page-title">{title}</h1>
        <p className="dataset-subtitle">
          {[
            metas.publisher,
            typeof metas.records_count === 'number'
              ? plural(metas.records_count, 'record', 'records')
              : undefined,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        <nav className="tabs" aria-label="Dataset views">
          {tabs.map((t) => (
            <Link
              key={t}
              to={datasetPath(datasetId, t, search)}
              className={t === tab ? 'tab is-active' : 'tab'}
              aria-current={t === tab ? 'page' : undefined}
            >
              {TAB_LABELS[t]}
            </Link>
          ))}
        </nav>
      </div>
      {tab === 'information' && <InformationTab dataset={dataset.data} />}
      {tab === 'table' && <TableTab dataset={dataset.data} />}
      {tab === 'map' && (
        <Suspense
          fallback={
            <main className="content" id="main">
              <Loading>Loading the map…</Loading>
            </main>
          }
        >
          <MapTab dataset={dataset.data} />
        </Suspense>
      )}
      {tab === 'api' && <ApiTab dataset={dataset.data} />}
    </div>
  );
}
