import { useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { FacetPanel } from '../components/FacetPanel';
import { FilterChips } from '../components/FilterChips';
import { Pager } from '../components/Pager';
import { PageTitle } from '../components/PageTitle';
import { SearchBox } from '../components/SearchBox';
import { DatasetCardSkeletons } from '../components/Skeletons';
import { ErrorPanel } from '../components/StatusMessages';
import { type FilterChip, filterChips, withoutChip } from '../filters/chips';
import { catalogFacetSource } from '../filters/facet-enumeration';
import { catalogFacetLabeler } from '../filters/facet-labels';
import { useCatalogChipRemovals } from '../filters/useChipRemovals';
import { useChunk } from '../hooks/chunks';
import { useCatalogSearch } from '../hooks/useCatalogSearch';
import { choosePortal, usePortal } from '../hooks/usePortal';
import { CatalogSavedViews } from '../memory/CatalogSavedViews';
import { useExploreClient } from '../queries/client-context';
import { catalogFacetsQuery, datasetsQuery } from '../queries/options';
import { CATALOG_FACETS, catalogFacetsParams, catalogParams } from '../queries/request-params';
import {
  CATALOG_PAGE_SIZE,
  CATALOG_SORTS,
  type CatalogSort,
  catalogSearchParams,
  isCatalogSort,
} from '../routes/catalog-search';
import { catalogPath } from '../routes/paths';
import { NO_FILTERS } from '../routes/search-params';
import { DATASET_CARD } from './catalog-chunks';

/** The catalog: search, facets, active filters and one page of dataset cards. */
export function CatalogView() {
  const client = useExploreClient();
  const { t } = useTranslation();
  const { state, setFilters, setPage, setSort } = useCatalogSearch();
  const sortId = useId();
  const { portal } = usePortal();
  const datasets = useQuery(datasetsQuery(client, catalogParams(state)));
  const facets = useQuery(catalogFacetsQuery(client, catalogFacetsParams(state)));
  const cards = useChunk(DATASET_CARD);
  const DatasetCard = cards.module;

  const chips = useMemo(() => filterChips(state, catalogFacetLabeler), [state]);
  const removals = useCatalogChipRemovals(client, state, chips);
  const { q, where, refine, exclude, disjunctive } = state;
  const facetSource = useMemo(
    () =>
      catalogFacetSource(client, {
        q,
        refine,
        exclude,
        ...(where ? { where } : {}),
        ...(disjunctive ? { disjunctive } : {}),
      }),
    [client, q, where, refine, exclude, disjunctive],
  );
  const removeChip = (chip: FilterChip) => setFilters(withoutChip(state, chip));
  const keywordHref = (keyword: string) =>
    catalogPath(
      catalogSearchParams({
        ...NO_FILTERS,
        refine: [{ facet: 'keyword', value: keyword }],
        page: 1,
        sort: state.sort,
      }),
    );

  const total = datasets.data?.total_count ?? 0;
  const pageCount = Math.ceil(total / CATALOG_PAGE_SIZE);

  return (
    <div className="layout-with-sidebar">
      <FacetPanel
        title={t('catalog.filter')}
        facets={facets}
        labels={catalogFacetLabeler}
        order={CATALOG_FACETS}
        filters={state}
        onFilters={setFilters}
        source={facetSource}
        viewError={datasets.error}
      />
      <main className="content" id="main">
        <PageTitle>{t('catalog.title')}</PageTitle>
        <h1 className="page-title">{t('catalog.title')}</h1>
        <SearchBox
          value={state.q}
          label={t('catalog.search')}
          placeholder={t('catalog.searchPlaceholder')}
          onSearch={(q) => setFilters({ ...state, q }, true)}
        />
        <FilterChips
          chips={chips}
          onRemove={removeChip}
          onClearAll={() => setFilters(NO_FILTERS)}
          removals={removals}
          unit="datasets"
        />
        <CatalogSavedViews portal={portal} />
        {datasets.isError ? (
          <ErrorPanel title={t('catalog.failed')} error={datasets.error} onRetry={() => datasets.refetch()}>
            {portal !== '' && (
              <p>
                <button type="button" className="link-button" onClick={() => choosePortal('')}>
                  {t('catalog.backToServer')}
                </button>
              </p>
            )}
          </ErrorPanel>
        ) : cards.failed !== undefined ? (
          <ErrorPanel title={t('catalog.failed')} error={cards.failed} onRetry={cards.retry} />
        ) : datasets.data && DatasetCard ? (
          <>
            <div className="catalog-toolbar">
              <p className="result-count" aria-live="polite">
                {t('count.datasets', { count: total })}
              </p>
              <div className="sort-control">
                <label htmlFor={sortId}>{t('catalog.sortBy')}</label>
                <select
                  id={sortId}
                  value={state.sort}
                  onChange={(event) => {
                    if (isCatalogSort(event.target.value)) setSort(event.target.value);
                  }}
                >
                  {(Object.keys(CATALOG_SORTS) as CatalogSort[]).map((sort) => (
                    <option key={sort} value={sort}>
                      {t(`catalog.sorts.${sort}`)}
                    </option>
                  ))}
                </select>
              </div>
            </div>
            {datasets.data.results.length === 0 ? (
              <div className="empty-state">
                <p>{t('catalog.none')}</p>
                {chips.length > 0 && (
                  <button type="button" className="button" onClick={() => setFilters(NO_FILTERS)}>
                    {t('filters.clearAll')}
                  </button>
                )}
              </div>
            ) : (
              <div className={datasets.isPlaceholderData ? 'dataset-list is-busy' : 'dataset-list'}>
                {datasets.data.results.map((dataset) => (
                  <DatasetCard
                    key={dataset.dataset_id}
                    dataset={dataset}
                    portal={portal}
                    keywordHref={keywordHref}
                  />
                ))}
              </div>
            )}
            <Pager page={state.page} pageCount={pageCount} onPage={setPage} label={t('catalog.pages')} />
          </>
        ) : (
          <DatasetCardSkeletons />
        )}
      </main>
    </div>
  );
}
