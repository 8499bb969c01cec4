/** Field types, as the interface names them in dataset `fields[].type` (odsql/schema.ts re-exports them). */
export const FIELD_TYPES = [
  'text',
  'int',
  'double',
  'boolean',
  'date',
  'datetime',
  'geo_point_2d',
  'geo_shape',
] as const;
export type FieldType = (typeof FIELD_TYPES)[number];

/** What the layout needs to know of a field: its name, its type, whether it holds several values. */
export interface LayoutField {
  readonly name: string;
  readonly type: FieldType | 'json';
  readonly multivalued?: boolean;
}

/*
 * How a dataset's records are laid out in the SQL engine (DuckDB). Ingestion writes this layout and the
 * compiler reads it, so both import it from here; the compiler's test database is written by the same
 * statements as ingestion (records.ts).
 *
 * One table per dataset, one column per field, named exactly as the field (field names are checked
 * against the schema before they are quoted). Column types:
 *
 *   text            VARCHAR            (multivalued: VARCHAR[])
 *   int             BIGINT
 *   double          DOUBLE
 *   boolean         BOOLEAN
 *   date            DATE
 *   datetime        TIMESTAMP          (an instant, written as its UTC wall clock; rendered in the request
 *                                       time zone. Naive UTC keeps date parts fast: no time zone lookups
 *                                       unless the request asks for another zone)
 *   geo_point_2d    STRUCT(lat DOUBLE, lon DOUBLE)
 *   geo_shape       GEO_SHAPE_TYPE     (GeoJSON geometry text plus its normalised form, see geo/normalize)
 *   json            VARCHAR            (a JSON document, catalog only)
 *
 * plus the technical columns below.
 */

/** Record identifier: hex SHA-1 of the record's canonical content. */
export const RECORD_ID_COLUMN = '__id';
/** Last processing time of the record (TIMESTAMP, UTC). */
export const RECORD_TIMESTAMP_COLUMN = '__timestamp';
/** Size in bytes of the record's canonical JSON (INTEGER). */
export const RECORD_SIZE_COLUMN = '__size';
/**
 * Full-text column: every text field of the record normalised by `normalizeSearchText`, joined by single
 * spaces, with one leading and one trailing space so that ` token ` matches whole tokens.
 */
export const SEARCH_COLUMN = '__search';
/** Position of the record in its source (BIGINT, from 0): the default order of records. */
export const POSITION_COLUMN = '__pos';
/** Catalog column: the dataset is restricted (auth/policy keeps such rows from callers without a grant). */
export const RESTRICTED_COLUMN = '__restricted';
/** Catalog columns of the languages: the row's language ('' untranslated), the dataset's translations. */
export const LANG_COLUMN = '__lang';
export const LANGUAGES_COLUMN = '__languages';

export const GEO_SHAPE_TYPE =
  'STRUCT(geojson VARCHAR, minx DOUBLE, miny DOUBLE, maxx DOUBLE, maxy DOUBLE, pts DOUBLE[][], lines DOUBLE[][][], areas DOUBLE[][][][])';

export function columnType(field: Pick<LayoutField, 'type' | 'multivalued'>): string {
  switch (field.type) {
    case 'text':
      return field.multivalued ? 'VARCHAR[]' : 'VARCHAR';
    case 'int':
      return 'BIGINT';
    case 'double':
      return 'DOUBLE';
    case 'boolean':
      return 'BOOLEAN';
    case 'date':
      return 'DATE';
    case 'datetime':
      return 'TIMESTAMP';
    case 'geo_point_2d':
      return 'STRUCT(lat DOUBLE, lon DOUBLE)';
    case 'geo_shape':
      return GEO_SHAPE_TYPE;
    case 'json':
      return 'VARCHAR';
  }
}

/** Quotes an identifier for DuckDB. Call it only with names already checked against a schema. */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * The search normalisation: lower case, accents removed, every run of characters that are neither
 * letters nor digits turned into one space. `searchSqlExpression` computes the same in DuckDB.
 */
export function normalizeSearchText(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/** DuckDB expression equal to `normalizeSearchText(expr)` for a VARCHAR expression. */
export function searchSqlExpression(expr: string): string {
  return `trim(regexp_replace(lower(strip_accents(${expr})), '[^\\p{L}\\p{N}]+', ' ', 'g'))`;
}

/**
 * The value of a record's search column: the normalised text of its text fields, space-separated and
 * with a space at each end (so that a token test is a substring test). The records writer writes it
 * (records.ts), for ingestion and the compiler's test database alike.
 */
export function searchColumnSql(fields: readonly LayoutField[]): string {
  const parts = fields
    .filter((f) => f.type === 'text')
    .map((f) => {
      const ref = quoteIdent(f.name);
      return f.multivalued ? `array_to_string(${ref}, ' ')` : ref;
    });
  if (parts.length === 0) return "' '";
  // The fields joined first and normalised once: the same text as normalising each and joining the
  // non-empty ones (runs of separators become one space), with one regular expression instead of one a
  // field. Compiling it costs DuckDB about 2.5 ms of CPU a statement: more than writing a small dataset.
  return `' ' || ${searchSqlExpression(`concat_ws(' ', ${parts.join(', ')})`)} || ' '`;
}
