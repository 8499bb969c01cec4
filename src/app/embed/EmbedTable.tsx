import { useQuery } from '@tanstack/react-query';
import { useCallback, useMemo, useRef } from 'react';
import type { Dataset, DatasetField } from '../../api';
import { RecordsTable } from '../components/RecordsTable';
import { ErrorPanel, Loading } from '../components/StatusMessages';
import { ResultsTable } from '../editor/ResultsTable';
import type { CellFormat } from '../format/cells';
import { useDatasetSearch } from '../hooks/useDatasetSearch';
import { useNavigate } from '../hooks/useNavigate';
import { t } from '../i18n/setup';
import { useExploreClient } from '../queries/client-context';
import { recordsQuery } from '../queries/options';
import { recordsParams } from '../queries/request-params';
import { datasetSearchParams } from '../routes/dataset-search';
import { datasetPath } from '../routes/paths';
import { visibleColumns } from '../table/columns';
import { datasetTimeZone, recordId } from '../table/queries';
import { RecordsEnd } from '../table/RecordsEnd';
import { tableKeys } from '../table/table-order';
import { useTableRows } from '../table/useTableRows';

const NO_FIELDS: readonly DatasetField[] = [];
/** As the Table tab: a records page of a `select`, or many groups in one call. */
const QUERY_RESULTS_LIMIT = 100;
const GROUPS_LIMIT = 1000;

/**
 * An embedded table: the records of the link's state (filters, query, sort, columns), scrolling and
 * sorting as in the explorer. A record opens in the explorer, in a new tab.
 */
export default function EmbedTable({ dataset }: { readonly dataset: Dataset }) {
  const client = useExploreClient();
  const { hrefFor } = useNavigate();
  const datasetId = dataset.dataset_id;
  const fields = dataset.fields ?? NO_FIELDS;
  const fieldNames = useMemo(() => new Set(fields.map((f) => f.name)), [fields]);
  const { state, setSort } = useDatasetSearch(datasetId, 'table', fieldNames);
  const timeZone = datasetTimeZone(dataset);
  const format = useMemo<CellFormat>(() => ({ timeZone }), [timeZone]);
  const params = useMemo(() => recordsParams(state, timeZone), [state, timeZone]);
  const grouped = (state.query.group_by ?? '') !== '';
  const custom = grouped || (state.query.select ?? '') !== '';
  // The Table tab's rows: any depth of a sorted selection, a page at a time where the reader is.
  const keys = custom ? undefined : tableKeys(state, fields);
  const { pages, rows } = useTableRows(client, datasetId, params, keys, !custom);
  const results = useQuery({
    ...recordsQuery(client, datasetId, { ...params, limit: grouped ? GROUPS_LIMIT : QUERY_RESULTS_LIMIT }),
    enabled: custom,
  });
  const columns = useMemo(() => visibleColumns(fields, state.columns), [fields, state.columns]);
  const total = pages.data?.pages[0]?.response.total_count ?? 0;
  const rowCount = rows?.count ?? 0;
  const scrollRef = useRef<HTMLElement>(null);
  const title = dataset.metas?.default?.title ?? datasetId;

  const onRange = useCallback(
    (from: number, to: number) => {
      if (!pages.isPlaceholderData) rows?.want(from, to);
    },
    [rows, pages.isPlaceholderData],
  );

  // A record's detail is the explorer's: it opens there, beside the page that embeds the table.
  const open = (index: number) => {
    const record = rows?.record(index);
    const id = record && recordId(record);
    const search = datasetSearchParams(id === undefined ? state : { ...state, record: id });
    const href = new URL(hrefFor(datasetPath(datasetId, 'table', search)), window.location.origin).href;
    window.open(href, '_blank', 'noopener');
  };

  if (custom) {
    if (results.isError) {
      return (
        <ErrorPanel title={t('table.queryFailed')} error={results.error} onRetry={() => results.refetch()} />
      );
    }
    if (!results.data) return <Loading>{t('table.running')}</Loading>;
    return (
      <ResultsTable
        fields={fields}
        results={results.data.results}
        offset={0}
        busy={results.isPlaceholderData}
        caption={t('table.queryCaption', { title })}
        format={format}
      />
    );
  }
  if (pages.isError && !pages.data) {
    return <ErrorPanel title={t('table.failed')} error={pages.error} onRetry={() => pages.refetch()} />;
  }
  if (pages.data && total === 0) {
    return (
      <div className="empty-state">
        <p>{t('table.none')}</p>
      </div>
    );
  }
  return (
    <RecordsTable
      fields={fields}
      columns={columns}
      rowCount={rowCount}
      rowAt={(index) => rows?.record(index)}
      total={total}
      sort={state.sort}
      onSort={setSort}
      format={format}
      busy={pages.isPlaceholderData}
      caption={t('table.caption', { title })}
      selected={undefined}
      onOpen={open}
      onRange={onRange}
      resetKey={JSON.stringify(params)}
      scrollRef={scrollRef}
      footer={
        rows && (
          <RecordsEnd
            reached={rowCount}
            total={total}
            exportUrl={client.urls.recordsExport(datasetId, 'csv', {
              ...(params.where !== undefined ? { where: params.where } : {}),
              ...(params.refine ? { refine: params.refine } : {}),
              ...(params.exclude ? { exclude: params.exclude } : {}),
              ...(params.order_by ? { order_by: params.order_by } : {}),
              ...(timeZone ? { timezone: timeZone } : {}),
            })}
          />
        )
      }
    />
  );
}
