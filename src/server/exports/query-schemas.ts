import { FILTERS, flag, integer, LOCALE, pathParams, querystring, text, texts } from '../http/query-schema';

/*
 * What the export routes read from their query strings (spec §6), declared for Fastify to check before
 * their handlers run. Values whose meaning the handler decides (a delimiter's name, a field of the
 * export, a compression) are text here and checked where they are read (params.ts).
 */

const ALL = Number.MAX_SAFE_INTEGER;

/** The options every export takes (params.ts), those of CSV, GPX, iCalendar and Parquet among them. */
const EXPORT_OPTIONS = {
  limit: integer(-1, ALL),
  use_labels: flag,
  epsg: integer(1, 999_999_999),
  compressed: flag,
  delimiter: text,
  list_separator: text,
  quote_all: flag,
  with_bom: flag,
  name_field: text,
  description_field_list: text,
  use_extension: flag,
  start_field: text,
  end_field: text,
  title_field: text,
  parquet_compression: text,
};

/** The records an export selects: the filters and clauses of the records endpoint, without its paging. */
const SELECTION = { ...FILTERS, facet: texts('facet'), ...LOCALE, order_by: text };

export const EXPORTS_PATH = pathParams('dataset_id');
export const EXPORT_PATH = pathParams('dataset_id', 'format');

/** `GET /catalog/datasets/{dataset_id}/exports/{format}`. */
export const DATASET_EXPORT_QUERY = querystring({
  ...SELECTION,
  select: text,
  group_by: text,
  ...EXPORT_OPTIONS,
});

/** `GET /catalog/exports/{format}`: the datasets of the catalog, from `offset` on. */
export const CATALOG_EXPORT_QUERY = querystring({
  ...SELECTION,
  ...EXPORT_OPTIONS,
  offset: integer(0, ALL),
  include_exports: text,
  use_labels_in_exports: flag,
});
