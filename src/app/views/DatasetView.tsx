import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { Dataset } from '../../api';
import { AnalyzePreloader, AnalyzeTabEntry, useAnalyzeLink } from '../analyze/AnalyzeEntry';
import { PageTitle } from '../components/PageTitle';
import { DatasetPageSkeleton } from '../components/Skeletons';
import { ErrorPanel } from '../components/StatusMessages';
import { ShareButton } from '../embed/ShareButton';
import { useChunk } from '../hooks/chunks';
import { usePortal } from '../hooks/usePortal';
import { ChangedSinceVisit } from '../memory/ChangedBadge';
import { SelectionTools } from '../memory/SelectionTools';
import { useChangedSinceVisit } from '../memory/useChangedSinceVisit';
import { useExploreClient } from '../queries/client-context';
import { datasetQuery } from '../queries/options';
import { prefetchDatasetPage } from '../queries/page-prefetch';
import { Link } from '../router/Link';
import { useLocation } from '../router/useLocation';
import { datasetTabs } from '../routes/dataset-tabs';
import { type DatasetTab, datasetPath, EMBED_VIEWS, tabLabel } from '../routes/paths';
import { TAB_CHUNKS } from './tab-modules';

/** Scrolls the row of tabs, not the page, so that the current tab is whole in it (with its neighbour's edge). */
function revealCurrentTab(strip: HTMLElement): void {
  const active = strip.querySelector<HTMLElement>('[aria-current="page"]');
  if (!active || strip.scrollWidth <= strip.clientWidth) return;
  const margin = 32;
  const left = active.offsetLeft - strip.offsetLeft;
  const right = left + active.offsetWidth;
  if (left - margin < strip.scrollLeft) strip.scrollLeft = Math.max(0, left - margin);
  else if (right + margin > strip.scrollLeft + strip.clientWidth) {
    strip.scrollLeft = right + margin - strip.clientWidth;
  }
}

/** A tab, drawn as soon as its code is here; the page's skeleton until then. */
function LazyTab({
  tab,
  dataset,
}: {
  readonly tab: Exclude<DatasetTab, 'analyze'>;
  readonly dataset: Dataset;
}) {
  const chunk = useChunk(TAB_CHUNKS[tab]);
  if (chunk.failed !== undefined) {
    return (
      <main className="content" id="main">
        <ErrorPanel title={tabLabel(tab)} error={chunk.failed} onRetry={chunk.retry} />
      </main>
    );
  }
  if (!chunk.module) return <DatasetPageSkeleton />;
  const Tab = chunk.module;
  return <Tab dataset={dataset} />;
}

/** A dataset: its header and the tab named in the address. */
export function DatasetView({ datasetId, tab }: { readonly datasetId: string; readonly tab: DatasetTab }) {
  const client = useExploreClient();
  const { t } = useTranslation();
  const dataset = useQuery(datasetQuery(client, datasetId));
  const { search, href } = useLocation();
  const { portal } = usePortal();
  const changedSince = useChangedSinceVisit(portal, datasetId, dataset.data);
  const queryClient = useQueryClient();
  const analyzeLink = useAnalyzeLink(dataset.data, search);
  // A tab opened from another page or tab (the first page was sent for as the app started): its code
  // and first data are asked for now, beside the dataset's metadata, with the filters of the moment.
  const current = useRef(search);
  current.current = search;
  useEffect(() => {
    prefetchDatasetPage(queryClient, client, datasetId, tab, current.current);
  }, [queryClient, client, datasetId, tab]);
  // On a screen narrower than the row of tabs, the current one is scrolled into it.
  const tabStrip = useRef<HTMLElement>(null);
  const loaded = dataset.data !== undefined;
  // biome-ignore lint/correctness/useExhaustiveDependencies: each tab opened is revealed
  useEffect(() => {
    if (loaded && tabStrip.current) revealCurrentTab(tabStrip.current);
  }, [loaded, tab]);

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
  const tabs = datasetTabs(dataset.data);
  const canAnalyze = tabs.includes('analyze');
  // The views a link and an embed can show alone.
  const shareable = EMBED_VIEWS.find((v) => v === tab);
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
          {metas.publisher && <span className="dataset-publisher">{metas.publisher}</span>}
          {typeof metas.records_count === 'number' && (
            <span className="dataset-count">{t('count.records', { count: metas.records_count })}</span>
          )}
        </p>
        {changedSince && <ChangedSinceVisit before={changedSince} dataset={dataset.data} />}
        <SelectionTools portal={portal} datasetId={datasetId} title={title} href={href}>
          {shareable && <ShareButton datasetId={datasetId} title={title} view={shareable} />}
        </SelectionTools>
        <nav className="tabs" aria-label={t('tabs.views')} ref={tabStrip}>
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
        Keyed by tab: the tab left is unmounted at once, not kept while the new one's code loads (a
        hidden map resizes to nothing, reports a move and wrote its own address back over the one just
        clicked).
      */}
      {tab === 'analyze' ? (
        <AnalyzeTabEntry dataset={dataset.data} />
      ) : (
        <LazyTab key={tab} tab={tab} dataset={dataset.data} />
      )}
      {canAnalyze && tab !== 'analyze' && <AnalyzePreloader />}
    </div>
  );
}
