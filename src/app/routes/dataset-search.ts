import type { SortDirection } from '../../api';
import { QUERY_CLAUSES, type QueryText } from '../../odsql/query-text';
import { parseGeoFilter } from '../filters/geo-filter';
import { type MapView, parseMapView, writeMapView } from '../map/map-view';
import { type Filters, readFilters, writeFilters } from './search-params';

/** An Explore API query reaches the first 10,000 records at most: offset + limit must stay below it. */
export const RECORDS_WINDOW = 10_000;
/** The most records a records query returns at once. */
export const RECORDS_PAGE_SIZE = 100;
/** Records the table can reach by scrolling: offset + limit < 10,000, so the last one is the 9,999th. */
export const REACHABLE_RECORDS = RECORDS_WINDOW - 1;

export interface RecordsSort {
  readonly field: string;
  readonly direction: SortDirection;
}

/**
 * State of the records view, all of it in the address: filters, sort (`sort=field` or `sort=-field`, and
 * several keys separated by commas, the first deciding first: `sort=-delay,origin`),
 * the visible columns in their order (`columns=a,b,c`; absent means every field in schema order) and the
 * record whose detail is open (`record=<record id>`).
 */
export interface DatasetSearch extends Filters {
  /** The sort keys, first first; absent (never empty) when the records keep the portal's order. */
  readonly sort?: readonly RecordsSort[];
  readonly columns?: readonly string[];
  readonly record?: string;
  /**
   * ODSQL written in the query editor (`where`, `select`, `group_by`, `order_by` in the address). Its
   * `where` is the filters' `where` (one address parameter, one chip): the two are kept equal.
   */
  readonly query: QueryText;
  /** Where the map looks and with which basemap (`location=zoom,lat,lon`, `basemap=…`). */
  readonly map: MapView;
}

/** The query editor's clauses; blank ones are left out, so equal queries give equal addresses. */
export function readQuery(search: URLSearchParams): QueryText {
  const query: Partial<Record<(typeof QUERY_CLAUSES)[number], string>> = {};
  for (const clause of QUERY_CLAUSES) {
    const text = search.get(clause);
    if (text !== null && text.trim() !== '') query[clause] = text.trim();
  }
  return query;
}

export function hasQuery(query: QueryText): boolean {
  return QUERY_CLAUSES.some((c) => (query[c] ?? '').trim() !== '');
}

/** `-a,b`: a descending, then b ascending; a malformed key is left out, a repeated one counts once. */
function readSort(raw: string | null): readonly RecordsSort[] | undefined {
  if (raw === null) return undefined;
  const sorts: RecordsSort[] = [];
  for (const part of raw.split(',')) {
    const match = /^(-?)([^\s,-][^\s,]*)$/.exec(part.trim());
    if (!match || sorts.some((s) => s.field === match[2])) continue;
    sorts.push({ field: match[2]!, direction: match[1] === '-' ? 'desc' : 'asc' });
  }
  return sorts.length > 0 ? sorts : undefined;
}

/** The address form of sort keys. */
export function formatSort(sorts: readonly RecordsSort[]): string {
  return sorts.map((s) => `${s.direction === 'desc' ? '-' : ''}${s.field}`).join(',');
}

/** Field names separated by commas (names of Explore API fields never hold one); repeats dropped. */
function readColumns(raw: string | null): readonly string[] | undefined {
  if (raw === null) return undefined;
  const names = [
    ...new Set(
      raw
        .split(',')
        .map((n) => n.trim())
        .filter((n) => n !== ''),
    ),
  ];
  return names.length > 0 ? names : undefined;
}

function readRecord(raw: string | null): string | undefined {
  const id = raw?.trim() ?? '';
  return id === '' ? undefined : id;
}

export function parseDatasetSearch(search: URLSearchParams): DatasetSearch {
  const sort = readSort(search.get('sort'));
  const columns = readColumns(search.get('columns'));
  const record = readRecord(search.get('record'));
  const geo = parseGeoFilter(search.get('geo'));
  return {
    ...readFilters(search),
    ...(geo ? { geo } : {}),
    ...(sort ? { sort } : {}),
    ...(columns ? { columns } : {}),
    ...(record ? { record } : {}),
    query: readQuery(search),
    map: parseMapView(search),
  };
}

/**
 * Names of fields the dataset does not have are dropped rather than sent to fail: a sort on one, or
 * columns that are not there. When no listed column is left, every column shows.
 */
export function withKnownFields(state: DatasetSearch, fieldNames: ReadonlySet<string>): DatasetSearch {
  const sort = state.sort?.filter((s) => fieldNames.has(s.field));
  const sortChanged = sort !== undefined && sort.length !== state.sort?.length;
  const columns = state.columns?.filter((name) => fieldNames.has(name));
  const columnsChanged = columns !== undefined && columns.length !== state.columns?.length;
  if (!sortChanged && !columnsChanged) return state;
  const { sort: _sorted, columns: _listed, ...rest } = state;
  return {
    ...rest,
    ...(sort && sort.length > 0 ? { sort } : {}),
    ...(columns && columns.length > 0 ? { columns } : {}),
  };
}

export function datasetSearchParams(state: DatasetSearch): URLSearchParams {
  const search = new URLSearchParams();
  // The query's `where` is the one written: it and the filters' `where` are one address parameter.
  const { where: _filtersWhere, ...filters } = state;
  const where = state.query.where;
  writeFilters(search, where ? { ...filters, where } : filters);
  for (const clause of QUERY_CLAUSES) {
    const text = state.query[clause];
    if (clause !== 'where' && text !== undefined && text.trim() !== '') search.set(clause, text);
  }
  if (state.sort && state.sort.length > 0) search.set('sort', formatSort(state.sort));
  if (state.columns && state.columns.length > 0) search.set('columns', state.columns.join(','));
  if (state.record !== undefined && state.record !== '') search.set('record', state.record);
  writeMapView(search, state.map);
  return search;
}
