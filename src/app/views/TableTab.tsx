import { useQuery } from '@tanstack/react-query';
import { useId, useMemo } from 'react';
import type { Dataset, DatasetField } from '../../api';
import { FacetPanel } from '../components/FacetPanel';
import { FilterChips } from '../components/FilterChips';
import { Pager } from '../components/Pager';
import { RecordsTable } from '../components/RecordsTable';
import { SearchBox } from '../components/SearchBox';
import { ErrorPanel, Loading } from '../components/StatusMessages';
import { type FilterChip, filterChips, withoutChip } from '../filters/chips';
import { datasetFacetLabeler } from '../filters/facet-labels';
import { formatCount, plural } from '../format/numbers';
import { useDatasetSearch } from '../hooks/useDatasetSearch';
import { useExploreClient } from '../queries/client-context';
import { datasetFacetsQuery, recordsQuery } from '../queries/options';
import { datasetFacetsParams, recordsParams } from '../queries/request-params';
import { lastReachablePage, PAGE_SIZES, type PageSize, RECORDS_WINDOW } from '../routes/dataset-search';
import { NO_FILTERS } from '../routes/search-params';

const NO_FIELDS: readonly DatasetField[] = [];

/** Records of the dataset: search, facets, active filters, a sortable table and paging. */
export function TableTab({ dataset }: { readonly dataset: Dataset }) {
  const client = useExploreClient();
  const datasetId = dataset.dataset_id;
  const fields = dataset.fields ?? NO_FIELDS;
  const fieldNames = useMemo(() => new Set(fields.map((f) => f.name)), [fields]);
  const { state, setFilters, setSort, setPage, setSize } = useDatasetSearch(datasetId, 'table', fieldNames);
  const records = useQuery(recordsQuery(client, datasetId, recordsParams(state)));
  const facets = useQuery(datasetFacetsQuery(client, datasetId, datasetFacetsParams(state)));
  const labels = useMemo(() => datasetFacetLabeler(fields), [fields]);
  const chips = useMemo(() => filterChips(state, labels), [state, labels]);
  const sizeId = useId();

  const removeChip = (chip: FilterChip) => setFilters(withoutChip(state, chip));
  const total = records.data?.total_count ?? 0;
  const pageCount = Math.min(Math.ceil(total / state.size), lastReachablePage(state.size));
  const hasDateTimes = fields.some((f) => f.type === 'datetime');

  return (
    <div className="layout-with-sidebar">
      <FacetPanel
        title="Filter records"
        facets={facets}
        labels={labels}
        filters={state}
        onFilters={setFilters}
      />
      <main className="content" id="main">
        <SearchBox
          value={state.q}
          label="Search records"
          placeholder="Search in all fields…"
          onSearch={(q) => setFilters({ ...state, q }, true)}
        />
        <FilterChips chips={chips} onRemove={removeChip} onClearAll={() => setFilters(NO_FILTERS)} />
        {records.isError ? (
          <ErrorPanel
            title="Records could not be loaded"
            error={records.error}
            onRetry={() => records.refetch()}
          >
            {chips.length > 0 && <p>Removing a filter above may help.</p>}
          </ErrorPanel>
        ) : records.data ? (
          <>
            <div className="table-toolbar">
              <p className="result-count" aria-live="polite">
                {plural(total, 'record', 'records')}
              </p>
              <label className="page-size" htmlFor={sizeId}>
                Rows per page
                <select
                  id={sizeId}
                  value={state.size}
                  onChange={(event) => setSize(Number(event.target.value) as PageSize)}
                >
                  {PAGE_SIZES.map((size) => (
                    <option key={size} value={size}>
                      {size}
                    </option>
                  ))}
                </select>
              </label>
            </div>
            {records.data.results.length === 0 ? (
              <div className="empty-state">
                {total > 0 ? (
                  <>
                    <p>There are no records on this page.</p>
                    <button type="button" className="button" onClick={() => setPage(1)}>
                      Go to the first page
                    </button>
                  </>
                ) : (
                  <p>No record matches these filters.</p>
                )}
              </div>
            ) : (
              <RecordsTable
                fields={fields}
                records={records.data.results}
                offset={(state.page - 1) * state.size}
                sort={state.sort}
                onSort={setSort}
                busy={records.isPlaceholderData}
                caption={`Records of ${dataset.metas?.default?.title ?? datasetId}`}
              />
            )}
            <div className="table-footer">
              {hasDateTimes && <p className="muted">Times are shown in UTC.</p>}
              {total > RECORDS_WINDOW && (
                <p className="muted">
                  Paging reaches the first {formatCount(RECORDS_WINDOW)} records; search or filter to reach
                  the others.
                </p>
              )}
              <Pager page={state.page} pageCount={pageCount} onPage={setPage} label="Records pages" />
            </div>
          </>
        ) : (
          <Loading>Loading records…</Loading>
        )}
      </main>
    </div>
  );
}
