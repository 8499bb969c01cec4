import type { SortDirection } from '../../api';
import { parseGeoFilter } from '../filters/geo-filter';
import { type MapView, parseMapView, writeMapView } from '../map/map-view';
import { type Filters, readFilters, readInt, writeFilters } from './search-params';

export const PAGE_SIZES = [10, 20, 50, 100] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 20;
/** An Explore API query reaches the first 10,000 records at most: offset + limit must stay below it. */
export const RECORDS_WINDOW = 10_000;

export interface RecordsSort {
  readonly field: string;
  readonly direction: SortDirection;
}

/** State of the records view: filters, sort (`sort=field` or `sort=-field`), page and page size. */
export interface DatasetSearch extends Filters {
  readonly sort?: RecordsSort;
  /** 1-based. */
  readonly page: number;
  readonly size: PageSize;
  /** Where the map looks and with which basemap (`location=zoom,lat,lon`, `basemap=…`). */
  readonly map: MapView;
}

export function lastReachablePage(size: number): number {
  return Math.floor((RECORDS_WINDOW - 1) / size);
}

function readSize(raw: string | null): PageSize {
  return PAGE_SIZES.find((s) => String(s) === raw) ?? DEFAULT_PAGE_SIZE;
}

function readSort(raw: string | null): RecordsSort | undefined {
  if (raw === null) return undefined;
  const match = /^(-?)([^\s,]+)$/.exec(raw.trim());
  if (!match) return undefined;
  return { field: match[2]!, direction: match[1] === '-' ? 'desc' : 'asc' };
}

export function parseDatasetSearch(search: URLSearchParams): DatasetSearch {
  const size = readSize(search.get('size'));
  const sort = readSort(search.get('sort'));
  const geo = parseGeoFilter(search.get('geo'));
  return {
    ...readFilters(search),
    ...(geo ? { geo } : {}),
    ...(sort ? { sort } : {}),
    page: readInt(search.get('page'), 1, 1, lastReachablePage(size)),
    size,
    map: parseMapView(search),
  };
}

/** A sort on a field the dataset does not have is dropped rather than sent to fail. */
export function withKnownSort(state: DatasetSearch, fieldNames: ReadonlySet<string>): DatasetSearch {
  return state.sort && !fieldNames.has(state.sort.field) ? { ...state, sort: undefined } : state;
}

export function datasetSearchParams(state: DatasetSearch): URLSearchParams {
  const search = new URLSearchParams();
  writeFilters(search, state);
  if (state.sort) search.set('sort', `${state.sort.direction === 'desc' ? '-' : ''}${state.sort.field}`);
  if (state.page > 1) search.set('page', String(state.page));
  if (state.size !== DEFAULT_PAGE_SIZE) search.set('size', String(state.size));
  writeMapView(search, state.map);
  return search;
}
