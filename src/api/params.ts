/*
 * Query parameters of the Explore API v2.1 and how they go on the wire. `where` may be repeated
 * (the portal ANDs the clauses); `refine`, `exclude` and `facet` are repeated once per value.
 */

const LANGUAGES = ['en', 'fr', 'nl', 'pt', 'it', 'ar', 'de', 'es', 'ca', 'eu', 'sv'] as const;
export type Lang = (typeof LANGUAGES)[number];

export interface QueryParams {
  readonly select?: string;
  readonly where?: string | readonly string[];
  readonly group_by?: string;
  readonly order_by?: string;
  readonly limit?: number;
  readonly offset?: number;
  /** `facet:value` items. */
  readonly refine?: readonly string[];
  /** `facet:value` items. */
  readonly exclude?: readonly string[];
  /** Facet names (or `facet(name="x", …)` expressions) to enumerate. */
  readonly facet?: readonly string[];
  readonly lang?: Lang;
  readonly timezone?: string;
  /** v2.1: adds `_id`, `_timestamp`, `_size` and `_links` to each record (the record id reads one record). */
  readonly include_links?: boolean;
  readonly include_app_metas?: boolean;
  /** Export only: field labels instead of names. */
  readonly use_labels?: boolean;
  /** Export only: projection of shapes. */
  readonly epsg?: number;
  /** CSV export only. */
  readonly delimiter?: ';' | ',' | '\t' | '|';
  readonly list_separator?: string;
  readonly quote_all?: boolean;
  readonly with_bom?: boolean;
  /** GPX export only. */
  readonly name_field?: string;
  readonly description_field_list?: string;
  readonly use_extension?: boolean;
  /** iCalendar export only: the fields events start, end and are named by (src/api/calendar.ts). */
  readonly start_field?: string;
  readonly end_field?: string;
  readonly title_field?: string;
  /** Explore API key, for the rare case a link must carry it (the client sends it as a header). */
  readonly apikey?: string;
}

export type CatalogParams = Pick<
  QueryParams,
  'select' | 'where' | 'order_by' | 'limit' | 'offset' | 'refine' | 'exclude' | 'lang' | 'timezone'
>;
export type CatalogFacetsParams = Pick<
  QueryParams,
  'facet' | 'refine' | 'exclude' | 'where' | 'lang' | 'timezone'
>;
export type DatasetParams = Pick<QueryParams, 'select' | 'lang' | 'timezone'>;
export type RecordsParams = Omit<QueryParams, ExportOnly>;
export type RecordParams = Pick<QueryParams, 'select' | 'lang' | 'timezone'>;
/** `limit` -1 (the default) exports every record; there is no `offset` on dataset exports. */
export type RecordsExportParams = Omit<
  QueryParams,
  'offset' | 'facet' | 'include_links' | 'include_app_metas'
>;
export type CatalogExportParams = Pick<
  QueryParams,
  | 'select'
  | 'where'
  | 'order_by'
  | 'limit'
  | 'offset'
  | 'refine'
  | 'exclude'
  | 'lang'
  | 'timezone'
  | 'delimiter'
  | 'list_separator'
  | 'quote_all'
  | 'with_bom'
>;

type ExportOnly =
  | 'use_labels'
  | 'epsg'
  | 'delimiter'
  | 'list_separator'
  | 'quote_all'
  | 'with_bom'
  | 'name_field'
  | 'description_field_list'
  | 'use_extension'
  | 'start_field'
  | 'end_field'
  | 'title_field';
export type DatasetFacetsParams = Pick<
  QueryParams,
  'where' | 'refine' | 'exclude' | 'facet' | 'lang' | 'timezone'
>;

/** The wire order of parameters, so equal queries give equal URLs. */
const ORDER = [
  'select',
  'where',
  'group_by',
  'order_by',
  'limit',
  'offset',
  'refine',
  'exclude',
  'facet',
  'lang',
  'timezone',
  'include_links',
  'include_app_metas',
  'use_labels',
  'epsg',
  'delimiter',
  'list_separator',
  'quote_all',
  'with_bom',
  'name_field',
  'description_field_list',
  'use_extension',
  'start_field',
  'end_field',
  'title_field',
  'apikey',
] as const satisfies readonly (keyof QueryParams)[];

/**
 * Percent-encoding that leaves `:`, `/`, `,` and `@` readable (they are allowed in a query string), so
 * the addresses shown to people read like the ones in the portal documentation.
 */
function encode(text: string): string {
  return encodeURIComponent(text)
    .replace(/%3A/g, ':')
    .replace(/%2F/g, '/')
    .replace(/%2C/g, ',')
    .replace(/%40/g, '@');
}

/** The query string (without `?`) of a request; empty values are left out. */
export function buildQuery(params: QueryParams): string {
  const pairs: string[] = [];
  for (const key of ORDER) {
    const value = params[key];
    if (value === undefined) continue;
    const items: readonly (string | number | boolean)[] = Array.isArray(value)
      ? value
      : [value as string | number | boolean];
    for (const item of items) {
      // A blank clause means none; a tab is a real CSV delimiter.
      if (typeof item === 'string' && (item === '' || (key !== 'delimiter' && item.trim() === ''))) continue;
      pairs.push(`${key}=${encode(String(item))}`);
    }
  }
  return pairs.join('&');
}
