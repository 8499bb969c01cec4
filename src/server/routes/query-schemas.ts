import {
  FILTERS,
  flag,
  LOCALE,
  language,
  pagedQuerystring,
  pathParams,
  querystring,
  text,
  texts,
} from '../http/query-schema';

/*
 * What the catalog, records, aggregates and facets routes read from their query strings and paths,
 * declared for Fastify to check before their handlers run (spec §4–§6).
 */

/** The facets a request counts or filters on (`facet`), beside its records filters. */
const FACETED = { ...FILTERS, facet: texts('facet') };

/** The ODSQL clauses of a query endpoint, read as text by src/odsql. */
const CLAUSES = { select: text, group_by: text, order_by: text };

export const DATASET_PATH = pathParams('dataset_id');
export const RECORD_PATH = pathParams('dataset_id', 'record_id');
export const ATTACHMENT_PATH = pathParams('dataset_id', 'attachment_id');

/** `GET /catalog/datasets`. */
export const CATALOG_QUERY = pagedQuerystring(
  { ...FACETED, ...LOCALE, ...CLAUSES, include_links: flag, include_app_metas: flag },
  'by group_by',
);

/** `GET /catalog/datasets/{dataset_id}`. */
export const DATASET_QUERY = querystring({
  ...LOCALE,
  select: text,
  include_links: flag,
  include_app_metas: flag,
});

/** `GET /catalog/datasets/{dataset_id}/attachments`. */
export const ATTACHMENTS_QUERY = querystring({ lang: language });

/** `GET /catalog/datasets/{dataset_id}/records`. */
export const RECORDS_QUERY = pagedQuerystring(
  { ...FACETED, ...LOCALE, ...CLAUSES, include_links: flag },
  'by group_by',
);

/** `GET /catalog/datasets/{dataset_id}/records/{record_id}`. */
export const RECORD_QUERY = querystring({ ...LOCALE, select: text });

/** v2.0 `GET /catalog/datasets/{dataset_id}/aggregates`: always grouped. */
export const AGGREGATES_QUERY = pagedQuerystring({ ...FACETED, ...LOCALE, ...CLAUSES }, 'always');

/** `GET /catalog/facets` and `GET /catalog/datasets/{dataset_id}/facets`. */
export const FACETS_QUERY = querystring({ ...FACETED, ...LOCALE });
