/*
 * Query parameters of the Explore API v2.1 and how they go on the wire. `where` may be repeated
 * (the portal ANDs the clauses); `refine`, `exclude` and `facet` are repeated once per value.
 */

export const LANGUAGES = ['en', 'fr', 'nl', 'pt', 'it', 'ar', 'de', 'es', 'ca', 'eu', 'sv'] as const;
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
}

export type CatalogParams = Pick<
  QueryParams,
  'select' | 'where' | 'order_by' | 'limit' | 'offset' | 'refine' | 'exclude' | 'lang' | 'timezone'
>;
export type CatalogFacetsParams = Pick<QueryParams, 'facet' | 'refine' | 'exclude' | 'where' | 'timezone'>;
export type DatasetParams = Pick<QueryParams, 'select' | 'lang' | 'timezone'>;
export type RecordsParams = QueryParams;
export type DatasetFacetsParams = Pick<
  QueryParams,
  'where' | 'refine' | 'exclude' | 'facet' | 'lang' | 'timezone'
>;

/** CSV field delimiters an export accepts. */
export const CSV_DELIMITERS = [';', ',', '\t', '|'] as const;
export type CsvDelimiter = (typeof CSV_DELIMITERS)[number];

/**
 * Parameters of a dataset export: the records query without paging (an export has no window; `limit`
 * caps it, -1 or absent meaning every record), and the format options.
 */
export interface ExportParams extends Omit<QueryParams, 'offset' | 'facet'> {
  readonly use_labels?: boolean;
  /** EPSG code the geometries are projected into (4326 when absent). */
  readonly epsg?: number;
  readonly delimiter?: CsvDelimiter;
  readonly list_separator?: string;
  readonly quote_all?: boolean;
  readonly with_bom?: boolean;
  readonly name_field?: string;
  readonly description_field_list?: string;
  readonly use_extension?: boolean;
}

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
  'use_labels',
  'epsg',
  'delimiter',
  'list_separator',
  'quote_all',
  'with_bom',
  'name_field',
  'description_field_list',
  'use_extension',
] as const satisfies readonly (keyof (QueryParams & ExportParams))[];

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
export function buildQuery(params: QueryParams | ExportParams): string {
  const all: Partial<Record<(typeof ORDER)[number], unknown>> = params;
  const pairs: string[] = [];
  for (const key of ORDER) {
    const value = all[key];
    if (value === undefined) continue;
    const items: readonly unknown[] = Array.isArray(value) ? value : [value];
    for (const item of items) {
      // Blank text means "not set", except a tab, which is a CSV delimiter.
      if (typeof item === 'string' && item.trim() === '' && item !== '\t') continue;
      pairs.push(`${key}=${encode(String(item))}`);
    }
  }
  return pairs.join('&');
}
