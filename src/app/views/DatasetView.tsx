import { useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { AnalyzePreloader, AnalyzeTabEntry, useAnalyzeLink } from '../analyze/AnalyzeEntry';
import { analyzeTabChunk, preloadAnalyze } from '../analyze/loaders';
import { PageTitle } from '../components/PageTitle';
import { DatasetPageSkeleton } from '../components/Skeletons';
import { ErrorPanel } from '../components/StatusMessages';
import { useExploreClient } from '../queries/client-context';
import { datasetFacetsQuery, datasetQuery } from '../queries/options';
import { datasetFacetsParams, recordsParams } from '../queries/request-params';
import { Link } from '../router/Link';
import { useLocation } from '../router/useLocation';
import { parseDatasetSearch } from '../routes/dataset-search';
import { DATASET_TABS, type DatasetTab, datasetPath, tabLabel } from '../routes/paths';
import { recordPagesQuery } from '../table/queries';

// Each tab is its own chunk: the catalog and the Information tab never load the table's, map's or
// editor's code.
const TAB_MODULES = {
  information: () => import('./InformationTab'),
  table: () => import('./TableTab'),
  map: () => import('../map/MapTab'),
  // With ECharts and the chart's prefetch, all at once (see analyze/loaders.ts).
  analyze: () => {
    preloadAnalyze();
    return analyzeTabChunk.load();
  },
  export: () => import('./ExportTab'),
  api: () => import('./ApiTab'),
} as const satisfies Record<DatasetTab, () => Promise<unknown>>;
const InformationTab = lazy(() => TAB_MODULES.information().then((m) => ({ default: m.InformationTab })));
const TableTab = lazy(() => TAB_MODULES.table().then((m) => ({ default: m.TableTab })));
// MapLibre is large: it loads only when the map tab is opened.
const MapTab = lazy(() => TAB_MODULES.map());
const GEO_TYPES = new Set(['geo_point_2d', 'geo_shape']);
const ExportTab = lazy(() => TAB_MODULES.export().then((m) => ({ default: m.ExportTab })));
const ApiTab = lazy(() => TAB_MODULES.api().then((m) => ({ default: m.ApiTab })));

/** A dataset: its header and the tab named in the address. */
export function DatasetView({ datasetId, tab }: { readonly datasetId: string; readonly tab: DatasetTab }) {
  const client = useExploreClient();
  const { t } = useTranslation();
  const dataset = useQuery(datasetQuery(client, datasetId));
  // Fetch the tab's code while the dataset loads, not after: the two requests then overlap.
  useEffect(() => {
    void TAB_MODULES[tab]();
  }, [tab]);
  const { search } = useLocation();
  const queryClient = useQueryClient();
  const analyzeLink = useAnalyzeLink(dataset.data, search);
  // The table's first rows and its facets are asked for at once, beside the dataset's metadata, rather
  // than after it: the same requests the table makes when the dataset is on UTC (most are), so the
  // table finds them answered. A dataset on another clock asks again with its time zone.
  const opening = useRef(search);
  useEffect(() => {
    if (tab !== 'table') return;
    const state = parseDatasetSearch(opening.current);
    // A sort names a field not checked yet (a bad one would be refused): the table asks for itself.
    if (state.query.select || state.query.group_by || state.sort) return;
    void queryClient.prefetchInfiniteQuery(recordPagesQuery(client, datasetId, recordsParams(state)));
    void queryClient.prefetchQuery(datasetFacetsQuery(client, datasetId, datasetFacetsParams(state)));
  }, [queryClient, client, datasetId, tab]);

  if (dataset.isError) {
    return (
      <main className="content content-narrow" id="main">
        <PageTitle>{t('dataset.notLoaded')}</PageTitle>
        <ErrorPanel title={t('dataset.failed')} error={dataset.error} onRetry={() => dataset.refetch()}>
          <p>
            <Link to="/">{t('dataset.backToCatalog')}</Link>
          </p>
        </ErrorPanel>
      </main>
    );
  }
  if (!dataset.data) {
    return (
      <main className="content" id="main">
        <DatasetPageSkeleton />
      </main>
    );
  }

  const metas = dataset.data.metas?.default ?? {};
  const title = metas.title || dataset.data.dataset_id;
  // Tabs by content: the map only for a dataset with a geo_point_2d or geo_shape field.
  const hasMap = (dataset.data.fields ?? []).some((f) => GEO_TYPES.has(f.type));
  // The Analyze tab on a dataset whose metadata has the `analyze` feature.
  const canAnalyze = (dataset.data.features ?? []).includes('analyze');
  const tabs = DATASET_TABS.filter((t) => (t !== 'map' || hasMap) && (t !== 'analyze' || canAnalyze));
  return (
    <div className="dataset-page">
      <PageTitle>{`${title} (${tabLabel(tab)})`}</PageTitle>
      <div className="dataset-header">
        <nav aria-label={t('tabs.breadcrumb')} className="breadcrumb">
          <Link to="/">{t('catalog.title')}</Link>
          <span aria-hidden="true"> / </span>
          <span aria-current="page">{title}</span>
        </nav>
        <h1 className="page-title">{title}</h1>
        <p className="dataset-subtitle">
          {[
            metas.publisher,
            typeof metas.records_count === 'number'
              ? t('count.records', { count: metas.records_count })
              : undefined,
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
        <nav className="tabs" aria-label={t('tabs.views')}>
          {tabs.map((other) => (
            <Link
              key={other}
              to={datasetPath(datasetId, other, search)}
              className={other === tab ? 'tab is-active' : 'tab'}
              aria-current={other === tab ? 'page' : undefined}
              {...(other === 'analyze' ? analyzeLink : {})}
            >
              {tabLabel(other)}
            </Link>
          ))}
        </nav>
      </div>
      {/*
        One boundary per tab (keyed): the tab left is unmounted at once. Without the key, React keeps the
        old tab mounted but hidden while the new one's code loads; a hidden map resizes to nothing,
        reports a move and wrote its own address back over the one just clicked.
      */}
      <Suspense key={tab} fallback={<DatasetPageSkeleton />}>
        {tab === 'information' && <InformationTab dataset={dataset.data} />}
        {tab === 'table' && <TableTab dataset={dataset.data} />}
        {tab === 'map' && <MapTab dataset={dataset.data} />}
        {tab === 'analyze' && <AnalyzeTabEntry dataset={dataset.data} />}
        {tab === 'export' && <ExportTab dataset={dataset.data} />}
        {tab === 'api' && <ApiTab dataset={dataset.data} />}
      </Suspense>
      {canAnalyze && tab !== 'analyze' && <AnalyzePreloader />}
    </div>
  );
}
