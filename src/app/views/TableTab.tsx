import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useId, useMemo, useRef, useState } from 'react';
import { ApiError, type Dataset, type DatasetField } from '../../api';
import { useColumnStats } from '../column-stats/useColumnStats';
import { FilterChips } from '../components/FilterChips';
import { RangePanel } from '../components/RangePanel';
import { RecordsLayout } from '../components/RecordsLayout';
import { RecordsTable } from '../components/RecordsTable';
import { ErrorPanel, Loading } from '../components/StatusMessages';
import { ResultsTable } from '../editor/ResultsTable';
import { type FilterChip, filterChips, withoutChip } from '../filters/chips';
import { datasetFacetSource } from '../filters/facet-enumeration';
import { datasetFacetLabeler } from '../filters/facet-labels';
import { type QueryChip, queryChip } from '../filters/query-chip';
import { useDatasetChipRemovals } from '../filters/useChipRemovals';
import type { CellFormat } from '../format/cells';
import { useAfterPaint } from '../hooks/useAfterPaint';
import { useDatasetSearch } from '../hooks/useDatasetSearch';
import { t } from '../i18n/setup';
import { useExploreClient } from '../queries/client-context';
import { datasetFacetsQuery, recordsQuery } from '../queries/options';
import { datasetFacetsParams, datasetFilters, recordsParams } from '../queries/request-params';
import { useLocation } from '../router/useLocation';
import { hasQuery, parseDatasetSearch } from '../routes/dataset-search';
import { NO_FILTERS } from '../routes/search-params';
import { ColumnsMenu } from '../table/ColumnsMenu';
import { visibleColumns } from '../table/columns';
import { GoToRecord } from '../table/GoToRecord';
import { datasetTimeZone, recordId } from '../table/queries';
import { RecordDetail } from '../table/RecordDetail';
import { RecordsEnd } from '../table/RecordsEnd';
import { TableMapPanel, useTableMap } from '../table/TableMapPanel';
import { tableKeys } from '../table/table-order';
import { useTableRows } from '../table/useTableRows';

const NO_FIELDS: readonly DatasetField[] = [];
/** Placeholder rows while the first page loads. */
const FIRST_SKELETON_ROWS = 12;

// CodeMirror and the ODSQL compiler load only when the query panel opens.
const QueryPanel = lazy(() => import('../editor/QueryPanel'));

/** Rows a `select` or `group_by` query shows: a records page at most, or many groups in one call. */
const QUERY_RESULTS_LIMIT = 100;
const GROUPS_LIMIT = 1000;

/** The message of a 400 ODSQLError: the query editor shows it at its clause. */
function odsqlErrorMessage(error: unknown): string | undefined {
  return error instanceof ApiError && error.status === 400 && error.errorCode === 'ODSQLError'
    ? error.message
    : undefined;
}

/** Records of the dataset: search, facets, query, active filters, and one scrolling table with its record detail. */
export function TableTab({ dataset }: { readonly dataset: Dataset }) {
  const client = useExploreClient();
  const datasetId = dataset.dataset_id;
  const fields = dataset.fields ?? NO_FIELDS;
  const fieldNames = useMemo(() => new Set(fields.map((f) => f.name)), [fields]);
  // A link may name a sort or columns the dataset does not have: they are left out, and said so.
  const { search } = useLocation();
  const asked = useMemo(() => parseDatasetSearch(search), [search]);
  const unknownSort = asked.sort?.find((s) => !fieldNames.has(s.field))?.field;
  const unknownColumns = (asked.columns ?? []).filter((name) => !fieldNames.has(name));
  const { state, setFilters, setSort, setColumns, setRecord, setQuery } = useDatasetSearch(
    datasetId,
    'table',
    fieldNames,
  );
  const timeZone = datasetTimeZone(dataset);
  const format = useMemo<CellFormat>(() => ({ timeZone }), [timeZone]);
  const params = useMemo(() => recordsParams(state, timeZone), [state, timeZone]);
  // A query with select or group_by returns other rows than records: one call, shown as a results table.
  const grouped = (state.query.group_by ?? '') !== '';
  const custom = grouped || (state.query.select ?? '') !== '';
  const keys = custom ? undefined : tableKeys(state, fields);
  const { pages, rows } = useTableRows(client, datasetId, params, keys, !custom);
  const firstPage = pages.data?.pages[0]?.response;
  const results = useQuery({
    ...recordsQuery(client, datasetId, { ...params, limit: grouped ? GROUPS_LIMIT : QUERY_RESULTS_LIMIT }),
    enabled: custom,
  });
  const facetSource = useMemo(
    () => datasetFacetSource(client, datasetId, datasetFilters(state), timeZone),
    [client, datasetId, state, timeZone],
  );
  const facets = useQuery(datasetFacetsQuery(client, datasetId, datasetFacetsParams(state, timeZone)));
  // The range histogram's queries (a scan of the whole selection) wait until the first rows are on
  // screen: they would compete with them for the server and the page.
  const firstAnswer = custom
    ? results.data !== undefined || results.isError
    : pages.data !== undefined || pages.isError;
  const rangesActive = useAfterPaint(firstAnswer);
  const labels = useMemo(() => datasetFacetLabeler(fields), [fields]);
  const [queryOpen, setQueryOpen] = useState(() => hasQuery(state.query));
  const chips = useMemo(() => {
    // The query (its where included) is one chip; the filters' copy of its where is not another.
    const query = queryChip(state.query);
    const { where: _where, ...filters } = state;
    return [...(query ? [query] : []), ...filterChips(filters, labels)];
  }, [state, labels]);
  const removals = useDatasetChipRemovals(client, datasetId, state, chips);
  const columns = useMemo(() => visibleColumns(fields, state.columns), [fields, state.columns]);
  const rowsVersion = rows?.snapshot();
  // The map beside the table draws the rows loaded from the first one on.
  // biome-ignore lint/correctness/useExhaustiveDependencies: the rows change in place; their version says when
  const records = useMemo(() => rows?.leadingRows() ?? [], [rows, rowsVersion]);
  const total = firstPage?.total_count ?? 0;
  const rowCount = rows?.count ?? 0;
  const [goTo, setGoTo] = useState<{ readonly row: number }>();
  const scrollRef = useRef<HTMLElement>(null);
  // A column's statistics, opened from its header; a bar or a value filters the table.
  const stats = useColumnStats(datasetId, params, state, setFilters, format);
  // On geo datasets, the map of the loaded rows beside the table: a hovered row is ringed on it, a point
  // clicked marks its row (for this query only).
  const tableMap = useTableMap(fields, useId());
  const queryKey = JSON.stringify(params);
  const [picked, setPicked] = useState<{ readonly key: string; readonly row: number }>();
  const marked = picked?.key === queryKey ? picked : undefined;

  // The open record: its id is in the address; a portal without record ids gets a row kept here instead.
  const [localRow, setLocalRow] = useState<number>();
  const opener = useRef<HTMLElement | null>(null);
  const selectedIndex = state.record !== undefined ? (rows?.indexOf(state.record) ?? -1) : localRow;
  const selected = selectedIndex === undefined || selectedIndex < 0 ? undefined : selectedIndex;
  const open = (index: number) => {
    const record = rows?.record(index);
    if (!record) return;
    opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const id = recordId(record);
    if (id === undefined) setLocalRow(index);
    else setRecord(id);
  };
  const close = useCallback(() => {
    setLocalRow(undefined);
    if (state.record !== undefined) setRecord(undefined);
    const back = opener.current;
    // Back where the reader was, or to the grid's Tab stop when the record came from a link.
    requestAnimationFrame(() =>
      (back?.isConnected
        ? back
        : scrollRef.current?.querySelector<HTMLElement>('table [tabindex="0"]')
      )?.focus(),
    );
  }, [state.record, setRecord]);

  const onRange = useCallback(
    (from: number, to: number) => {
      if (!pages.isPlaceholderData) rows?.want(from, to);
    },
    [rows, pages.isPlaceholderData],
  );

  const removeChip = (chip: FilterChip | QueryChip) =>
    chip.kind === 'query' ? setQuery({}) : setFilters(withoutChip(state, chip as FilterChip));
  const clearAll = () => setQuery({}, NO_FILTERS);
  const current = custom ? results : pages;
  const title = dataset.metas?.default?.title ?? datasetId;
  const hasDateTimes = fields.some((f) => f.type === 'datetime');
  const exportUrl = client.urls.recordsExport(datasetId, 'csv', {
    ...(params.where !== undefined ? { where: params.where } : {}),
    ...(params.refine ? { refine: params.refine } : {}),
    ...(params.exclude ? { exclude: params.exclude } : {}),
    ...(params.order_by ? { order_by: params.order_by } : {}),
    ...(timeZone ? { timezone: timeZone } : {}),
  });

  const rowAt = (index: number) => rows?.record(index);
  const table = (count: number) => (
    <RecordsTable
      fields={fields}
      columns={columns}
      rowCount={count}
      rowAt={rowAt}
      total={total}
      sort={state.sort}
      onSort={setSort}
      format={format}
      busy={pages.isPlaceholderData}
      caption={t('table.caption', { title })}
      selected={selected}
      marked={marked}
      onHover={tableMap.shown ? tableMap.hover.set : undefined}
      onOpen={open}
      onRange={onRange}
      goTo={goTo}
      resetKey={queryKey}
      scrollRef={scrollRef}
      headerMenu={stats.headerMenu}
      footer={rows && <RecordsEnd reached={rowCount} total={total} exportUrl={exportUrl} />}
    />
  );

  return (
    <RecordsLayout
      facets={facets}
      viewError={custom ? results.error : pages.data ? undefined : pages.error}
      source={facetSource}
      extra={
        <RangePanel
          datasetId={datasetId}
          fields={fields}
          labels={labels}
          filters={datasetFilters(state)}
          onFilters={setFilters}
          active={rangesActive}
        />
      }
      labels={labels}
      filters={state}
      onFilters={setFilters}
      aside={
        (state.record !== undefined || localRow !== undefined) && (
          <RecordDetail
            datasetId={datasetId}
            fields={fields}
            recordId={state.record}
            row={selected !== undefined ? rows?.record(selected) : undefined}
            position={selected !== undefined ? selected + 1 : undefined}
            params={timeZone ? { timezone: timeZone } : {}}
            format={format}
            onClose={close}
          />
        )
      }
    >
      <div className="query-bar">
        <button
          type="button"
          className="button query-toggle"
          aria-expanded={queryOpen}
          onClick={() => setQueryOpen(!queryOpen)}
        >
          {queryOpen ? t('table.queryHide') : t('table.queryOpen')}
        </button>
      </div>
      {queryOpen && (
        <Suspense fallback={<Loading>{t('table.loadingEditor')}</Loading>}>
          <QueryPanel
            fields={fields}
            applied={state.query}
            filters={state}
            serverError={odsqlErrorMessage(current.error)}
            accepted={current.isSuccess && !current.isPlaceholderData}
            onRun={(query) => setQuery(query)}
          />
        </Suspense>
      )}
      {(unknownSort !== undefined || unknownColumns.length > 0) && (
        <div className="notice" role="note">
          {unknownSort !== undefined && <p>{t('table.unknownSort', { field: unknownSort })}</p>}
          {unknownColumns.length > 0 && (
            <p>
              {t('table.unknownColumns', { count: unknownColumns.length, names: unknownColumns.join(', ') })}
            </p>
          )}
        </div>
      )}
      <FilterChips chips={chips} onRemove={removeChip} onClearAll={clearAll} removals={removals} />
      {custom ? (
        results.isError && queryOpen && odsqlErrorMessage(results.error) ? (
          <p className="notice" role="status">
            {t('editor.failedHere')}
          </p>
        ) : results.isError ? (
          <ErrorPanel
            title={t('table.queryFailed')}
            error={results.error}
            onRetry={() => results.refetch()}
          />
        ) : !results.data ? (
          <Loading>{t('table.running')}</Loading>
        ) : (
          <>
            <div className="table-toolbar">
              <p className="result-count" aria-live="polite">
                {grouped
                  ? results.data.results.length === GROUPS_LIMIT
                    ? t('table.firstGroups', {
                        groups: t('count.groups', { count: results.data.results.length }),
                      })
                    : t('count.groups', { count: results.data.results.length })
                  : t('table.rowsOf', {
                      rows: t('count.rows', { count: results.data.results.length }),
                      records: t('count.records', { count: results.data.total_count ?? 0 }),
                    })}
              </p>
            </div>
            {results.data.results.length === 0 ? (
              <div className="empty-state">
                <p>{t('table.noQueryMatch')}</p>
              </div>
            ) : (
              <ResultsTable
                fields={fields}
                results={results.data.results}
                offset={0}
                busy={results.isPlaceholderData}
                caption={t('table.queryCaption', { title })}
                format={format}
              />
            )}
          </>
        )
      ) : (
        <>
          <div className="table-toolbar">
            {pages.data ? (
              <p className="result-count" aria-live="polite">
                {t('count.records', { count: total })}
              </p>
            ) : (
              !pages.isError && (
                <p className="muted" role="status">
                  {t('table.loading')}
                </p>
              )
            )}
            {rows && rowCount > 0 && <GoToRecord count={rowCount} onGo={(row) => setGoTo({ row })} />}
            {rows && rowCount < total && (
              <p className="muted loaded-count">{t('table.windowOnly', { count: rowCount })}</p>
            )}
            <div className="table-toolbar-actions">
              {tableMap.toggle}
              <ColumnsMenu fields={fields} layout={state.columns} onLayout={setColumns} />
            </div>
          </div>
          {stats.panel}
          {rows?.failure !== undefined && (
            <ErrorPanel
              title={t('table.moreFailed')}
              error={rows.failure}
              onRetry={() => rows.retry()}
              compact
            />
          )}
          {pages.isError && !pages.data && queryOpen && odsqlErrorMessage(pages.error) ? (
            <p className="notice" role="status">
              {t('editor.failedHere')}
            </p>
          ) : pages.isError && !pages.data ? (
            <ErrorPanel title={t('table.failed')} error={pages.error} onRetry={() => pages.refetch()}>
              {chips.length > 0 && <p>{t('table.removeFilterHint')}</p>}
            </ErrorPanel>
          ) : !rows ? (
            table(FIRST_SKELETON_ROWS)
          ) : total === 0 || rowCount === 0 ? (
            <div className="empty-state">
              <p>{t('table.none')}</p>
              {chips.length > 0 && (
                <button type="button" className="button" onClick={clearAll}>
                  {t('filters.clearAll')}
                </button>
              )}
            </div>
          ) : (
            <TableMapPanel
              state={tableMap}
              fields={fields}
              records={records}
              total={total}
              busy={pages.isPlaceholderData}
              fitKey={queryKey}
              basemap={state.map.basemap}
              area={state.geo}
              picked={marked?.row}
              selected={selected}
              onPick={(row) => setPicked({ key: queryKey, row })}
            >
              {table(rowCount)}
            </TableMapPanel>
          )}
        </>
      )}
      {hasDateTimes && <p className="muted table-note">{t('table.timeZone', { zone: timeZone ?? 'UTC' })}</p>}
    </RecordsLayout>
  );
}
