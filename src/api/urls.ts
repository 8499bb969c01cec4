import {
  buildQuery,
  type CatalogExportParams,
  type CatalogFacetsParams,
  type CatalogParams,
  type DatasetFacetsParams,
  type DatasetParams,
  type QueryParams,
  type RecordParams,
  type RecordsExportParams,
  type RecordsParams,
} from './params';
import { API_PATHS, type ApiVersion } from './version';

/*
 * The address of every Explore API endpoint. v2.1 is what the explorer reads; v2.0 is the version the
 * interface specification states, with the same paths and parameters under another prefix.
 */

/** Formats of `GET /catalog/exports/{format}`. */
const CATALOG_EXPORT_FORMATS = ['json', 'csv', 'xls', 'rdf', 'ttl', 'data.json', 'rss', 'dcat'] as const;
export type CatalogExportFormat = (typeof CATALOG_EXPORT_FORMATS)[number];

/** Formats of `GET /catalog/datasets/{id}/exports/{format}` (v2.1 portals add a few, such as parquet). */
const RECORDS_EXPORT_FORMATS = [
  'json',
  'geojson',
  'shp',
  'csv',
  'xls',
  'kml',
  'jsonl',
  'jsonld',
  'rdfxml',
  'turtle',
  'n3',
  'gpx',
  'ical',
] as const;
export type RecordsExportFormat = (typeof RECORDS_EXPORT_FORMATS)[number] | (string & {});

/** Addresses of each endpoint: shown to people so they can reuse them. */
export interface ExploreUrls {
  readonly root: string;
  datasets(params?: CatalogParams): string;
  catalogExport(format: CatalogExportFormat, params?: CatalogExportParams): string;
  catalogFacets(params?: CatalogFacetsParams): string;
  dataset(datasetId: string, params?: DatasetParams): string;
  records(datasetId: string, params?: RecordsParams): string;
  record(datasetId: string, recordId: string, params?: RecordParams): string;
  recordsExport(datasetId: string, format: RecordsExportFormat, params?: RecordsExportParams): string;
  facets(datasetId: string, params?: DatasetFacetsParams): string;
  attachments(datasetId: string): string;
}

function withQuery(path: string, params: QueryParams | undefined): string {
  const query = params ? buildQuery(params) : '';
  return query === '' ? path : `${path}?${query}`;
}

const segment = (text: string): string => encodeURIComponent(text);

/** `baseUrl` is a portal root (`https://data.example.org`), or '' for the page's own origin. */
export function createUrls(baseUrl: string, version: ApiVersion = '2.1'): ExploreUrls {
  const root = `${baseUrl.replace(/\/+$/, '')}${API_PATHS[version]}`;
  const datasetPath = (id: string): string => `${root}/catalog/datasets/${segment(id)}`;
  return {
    root,
    datasets: (params) => withQuery(`${root}/catalog/datasets`, params),
    catalogExport: (format, params) => withQuery(`${root}/catalog/exports/${segment(format)}`, params),
    catalogFacets: (params) => withQuery(`${root}/catalog/facets`, params),
    dataset: (id, params) => withQuery(datasetPath(id), params),
    records: (id, params) => withQuery(`${datasetPath(id)}/records`, params),
    record: (id, recordId, params) => withQuery(`${datasetPath(id)}/records/${segment(recordId)}`, params),
    recordsExport: (id, format, params) => withQuery(`${datasetPath(id)}/exports/${segment(format)}`, params),
    facets: (id, params) => withQuery(`${datasetPath(id)}/facets`, params),
    attachments: (id) => `${datasetPath(id)}/attachments`,
  };
}
