import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { Dataset } from '../../api';
import { ErrorPanel, Loading } from '../components/StatusMessages';
import { useChunk } from '../hooks/chunks';
import { useNavigate } from '../hooks/useNavigate';
import { usePortal } from '../hooks/usePortal';
import { currentLanguage } from '../i18n/locale';
import { ExploreClientProvider, useExploreClient } from '../queries/client-context';
import { datasetQuery, recordsQuery } from '../queries/options';
import { datasetFilterParams } from '../queries/request-params';
import { useLocation } from '../router/useLocation';
import { parseDatasetSearch } from '../routes/dataset-search';
import { datasetPath, EMBED_VIEWS, type EmbedView, matchRoute } from '../routes/paths';
import { type ViewPath, ViewPathContext } from '../routes/view-path';
import { type EmbedOptions, embedPath, readEmbedOptions, viewState } from './embed-address';
import { EMBED_VIEW_CHUNKS } from './embed-views';
import { useEmbedT } from './i18n';

/** An embedded view, alone in its page: no header, sidebar or tabs; a card and a link to the explorer. */
export function EmbedApp() {
  const language = currentLanguage();
  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  const { portal } = usePortal();
  const { pathname } = useLocation();
  const route = matchRoute(pathname);
  // The entry renders this app for embed addresses only; a view that writes its state stays on one.
  if (route.page !== 'embed') return null;
  return (
    <ExploreClientProvider portal={portal}>
      <EmbedPage key={`${route.datasetId}/${route.view}`} datasetId={route.datasetId} view={route.view} />
    </ExploreClientProvider>
  );
}

function EmbedPage({ datasetId, view }: { readonly datasetId: string; readonly view: EmbedView }) {
  const { t } = useTranslation();
  const et = useEmbedT();
  const client = useExploreClient();
  const dataset = useQuery(datasetQuery(client, datasetId));
  const { search } = useLocation();
  const { hrefFor } = useNavigate();
  const options = useMemo(() => readEmbedOptions(search), [search]);
  // A sort, a map move or a chart change is written in this embed's own address, options kept.
  const viewPath = useCallback<ViewPath>(
    (id, tab, params) => embedPath(id, EMBED_VIEWS.find((v) => v === tab) ?? view, params, options),
    [view, options],
  );
  // The same view in the explorer, as it is now (the reader may have moved the map or sorted).
  const explorer = new URL(hrefFor(datasetPath(datasetId, view, viewState(search))), window.location.origin)
    .href;
  const title = dataset.data?.metas?.default?.title || datasetId;
  useEffect(() => {
    document.title = `${title} (${et(`views.${view}`)})`;
  }, [title, view, et]);

  return (
    <ViewPathContext value={viewPath}>
      <div className={options.card ? 'embed' : 'embed is-bare'}>
        {options.card && <EmbedCard dataset={dataset.data} title={title} explorer={explorer} />}
        <main className="embed-view" id="main">
          {dataset.isError ? (
            <ErrorPanel title={t('dataset.failed')} error={dataset.error} onRetry={() => dataset.refetch()} />
          ) : dataset.data ? (
            <EmbeddedView view={view} dataset={dataset.data} options={options} />
          ) : (
            <Loading>{t('table.loading')}</Loading>
          )}
        </main>
        {!options.card && (
          // Without the card, a line under the view still leads to the explorer.
          <p className="embed-foot">
            <a href={explorer} target="_blank" rel="noopener">
              {et('open')} <span aria-hidden="true">↗</span>
              <span className="visually-hidden">{et('newTab')}</span>
            </a>
          </p>
        )}
      </div>
    </ViewPathContext>
  );
}

/** The view, drawn as soon as its code is here. */
function EmbeddedView({
  view,
  dataset,
  options,
}: {
  readonly view: EmbedView;
  readonly dataset: Dataset;
  readonly options: EmbedOptions;
}) {
  const { t } = useTranslation();
  const chunk = useChunk(EMBED_VIEW_CHUNKS[view]);
  if (chunk.failed !== undefined) {
    return <ErrorPanel title={t('dataset.failed')} error={chunk.failed} onRetry={chunk.retry} />;
  }
  if (!chunk.module) return <Loading>{t('table.loading')}</Loading>;
  const View = chunk.module;
  return <View dataset={dataset} options={options} />;
}

/** The dataset card: its title, the records the view shows, and the way to the explorer. */
function EmbedCard({
  dataset,
  title,
  explorer,
}: {
  readonly dataset: Dataset | undefined;
  readonly title: string;
  readonly explorer: string;
}) {
  const { t } = useTranslation();
  const et = useEmbedT();
  const client = useExploreClient();
  const { search } = useLocation();
  const filters = useMemo(() => datasetFilterParams(parseDatasetSearch(search)), [search]);
  // The map's own count (the same request): the records the view shows, filters applied.
  const count = useQuery({
    ...recordsQuery(client, dataset?.dataset_id ?? '', { ...filters, limit: 0 }),
    enabled: dataset !== undefined,
  });
  const total = count.data?.total_count;
  return (
    <header className="embed-card">
      <div className="embed-card-text">
        <h1 className="embed-title">{title}</h1>
        <p className="embed-count muted">
          {[
            dataset?.metas?.default?.publisher,
            total !== undefined ? t('count.records', { count: total }) : '',
          ]
            .filter(Boolean)
            .join(' · ')}
        </p>
      </div>
      <a className="button embed-open" href={explorer} target="_blank" rel="noopener">
        {et('open')} <span aria-hidden="true">↗</span>
        <span className="visually-hidden">{et('newTab')}</span>
      </a>
    </header>
  );
}
