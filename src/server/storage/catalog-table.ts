import { createHash } from 'node:crypto';
import {
  columnType,
  LANG_COLUMN,
  LANGUAGES_COLUMN,
  POSITION_COLUMN,
  quoteIdent,
  RECORD_ID_COLUMN,
  RECORD_SIZE_COLUMN,
  RECORD_TIMESTAMP_COLUMN,
  RESTRICTED_COLUMN,
  SEARCH_COLUMN,
  searchSqlExpression,
} from '../../layout/columns';
import { sqlString } from '../../layout/sql';
import type { FieldSchema, Lang } from '../../odsql';
import type { CatalogTableEntry } from '../backend/catalog';
import {
  CATALOG_SCHEMA,
  CATALOG_TABLE,
  DIGEST_COLUMN,
  SCHEMA_COLUMN,
  TRANSLATIONS_COLUMN,
} from '../backend/catalog-layout';
import { datasetIn, translatedLanguages } from '../catalog/localize';
import type { Dataset } from '../catalog/types';
import type { Engine } from '../engine/types';

/*
 * The catalog as a table, laid out like a dataset's records (layout/columns.ts), so that ODSQL queries
 * over datasets (`where`, `order_by`, facets, exports) run like record queries.
 *
 * A dataset has one row of its untranslated metadata (`__lang` empty) and one row per language it is
 * translated into (`__lang` = the language), holding the metadata in that language (untranslated items
 * kept) and searched in both. A query runs on the rows of one language (language-views.ts): in `fr`, a
 * dataset's `fr` row, else its untranslated one, which lists its translations (`__languages`) for that
 * choice. Titles, themes and keywords are then searched, sorted, refined and counted in the language
 * asked, with the same statements as before; every row of a dataset keeps its position and restriction.
 */

export type { CatalogTableEntry } from '../backend/catalog';
export {
  CATALOG_SCHEMA,
  CATALOG_TABLE,
  DIGEST_COLUMN,
  LANG_COLUMN,
  LANGUAGES_COLUMN,
  RESTRICTED_COLUMN,
  SCHEMA_COLUMN,
  TRANSLATIONS_COLUMN,
} from '../backend/catalog-layout';

/** Key of a row's JSON holding the untranslated text a translated row is searched on as well. */
const ALSO_SEARCHED = '__also_searched';

/** Fields whose text feeds the catalog's full-text column. */
const SEARCHED = ['title', 'description', 'keyword', 'theme', 'publisher', 'dataset_id'];

/** One catalog row as JSON, keyed by field name (absolute attachment paths stay private). */
function catalogRow(dataset: Dataset): Record<string, unknown> {
  const metas = dataset.metas.default;
  return {
    dataset_id: dataset.dataset_id,
    dataset_uid: dataset.dataset_uid,
    title: metas.title,
    description: metas.description,
    theme: metas.theme,
    keyword: metas.keyword,
    publisher: metas.publisher,
    license: metas.license,
    license_url: metas.license_url,
    language: metas.language,
    timezone: metas.timezone,
    references: metas.references,
    modified: metas.modified,
    data_processed: metas.data_processed,
    metadata_processed: metas.metadata_processed,
    records_count: metas.records_count,
    features: dataset.features,
    has_records: dataset.has_records,
    data_visible: dataset.data_visible,
    metas: JSON.stringify(dataset.metas),
    fields: JSON.stringify(dataset.fields),
    attachments: JSON.stringify(
      dataset.attachments.map(({ id, title, mimetype }) => ({ id, title, mimetype })),
    ),
  };
}

/** The text of a dataset's searched metadata (untranslated), which its translated rows are searched on too. */
function searchedText(dataset: Dataset): string {
  const row = catalogRow(dataset);
  return SEARCHED.flatMap((name) => {
    const value = row[name];
    return Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  }).join(' ');
}

/** A dataset's rows: untranslated, then one per translation, with their language columns. */
function catalogRows(dataset: Dataset): Record<string, unknown>[] {
  const languages = translatedLanguages(dataset);
  const untranslated = {
    ...catalogRow(dataset),
    [LANG_COLUMN]: '',
    [LANGUAGES_COLUMN]: languages,
    [TRANSLATIONS_COLUMN]: JSON.stringify(dataset.translations ?? {}),
    [ALSO_SEARCHED]: '',
  };
  const also = searchedText(dataset);
  return [
    untranslated,
    ...languages.map((lang: Lang) => ({
      ...catalogRow(datasetIn(dataset, lang)),
      [LANG_COLUMN]: lang,
      [LANGUAGES_COLUMN]: [],
      [TRANSLATIONS_COLUMN]: null,
      [ALSO_SEARCHED]: also,
    })),
  ];
}

/** How `from_json` reads a field out of a catalog row; the SELECT then casts it to its column type. */
function jsonStructure(field: FieldSchema): unknown {
  if (field.multivalued) return ['VARCHAR'];
  if (field.type === 'int') return 'BIGINT';
  if (field.type === 'boolean') return 'BOOLEAN';
  return 'VARCHAR';
}

/** An ISO 8601 instant as the UTC wall clock a datetime column stores (see storage). */
function utcWallClock(text: string): string {
  return `timezone('UTC', CAST(${text} AS TIMESTAMPTZ))`;
}

function columnValue(field: FieldSchema, ref: string): string {
  return field.type === 'datetime' ? utcWallClock(ref) : `CAST(${ref} AS ${columnType(field)})`;
}

/** The digest of a dataset's catalog rows: it moves whenever anything they hold does. */
export function catalogRowDigest(
  entry: CatalogTableEntry,
  rows: readonly Record<string, unknown>[] = catalogRows(entry.dataset),
): string {
  const content = JSON.stringify([rows, entry.dataset.visibility === 'restricted', entry.schema]);
  return createHash('sha1').update(content).digest('hex');
}

/**
 * A dataset's catalog rows (untranslated, then one per translation) as the JSON lines `catalogRowsSql`
 * reads, at position `pos` in dataset_id order.
 */
export function catalogLines(
  entry: CatalogTableEntry,
  pos: number,
  digest: string,
  rows: readonly Record<string, unknown>[] = catalogRows(entry.dataset),
): string[] {
  const shared = {
    [POSITION_COLUMN]: pos,
    [RESTRICTED_COLUMN]: entry.dataset.visibility === 'restricted',
    [SCHEMA_COLUMN]: JSON.stringify(entry.schema),
    [DIGEST_COLUMN]: digest,
  };
  return rows.map((row) => JSON.stringify({ ...row, ...shared }));
}

/** Orders entries by dataset_id (the catalog's order: `__pos`). */
export function byDatasetId(a: CatalogTableEntry, b: CatalogTableEntry): number {
  const x = a.dataset.dataset_id;
  const y = b.dataset.dataset_id;
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Rebuilds the catalog table from the datasets, in one statement (small catalogs and tests). */
export async function writeCatalogTable(
  engine: Engine,
  entries: readonly CatalogTableEntry[],
): Promise<void> {
  const sorted = [...entries].sort(byDatasetId);
  const lines = sorted.flatMap((entry, pos) => {
    const rows = catalogRows(entry.dataset);
    return catalogLines(entry, pos, catalogRowDigest(entry, rows), rows);
  });
  await engine.execute(catalogTableSql(), [lines]);
}

/**
 * Names the catalog table's layout (its columns and how each is computed): a copy saved by an earlier
 * run is loaded only when its layout is this one.
 */
export function catalogTableLayout(): string {
  return createHash('sha1').update(catalogTableSql()).digest('hex');
}

/** Saves the catalog table to a Parquet file of the store (read back by `loadCatalogTable`). */
export async function saveCatalogTable(engine: Engine, file: string): Promise<void> {
  await engine.execute(`COPY ${CATALOG_TABLE} TO ${sqlString(file)} (FORMAT parquet)`);
}

/**
 * Makes the catalog table the copy saved in `file` (a start: reading 10,000 rows from Parquet instead of
 * building them from JSON took a fraction of the time).
 */
export async function loadCatalogTable(engine: Engine, file: string): Promise<void> {
  await engine.execute(
    `CREATE OR REPLACE TABLE ${CATALOG_TABLE} AS SELECT * FROM read_parquet(${sqlString(file)}) ORDER BY ${POSITION_COLUMN}, ${LANG_COLUMN}`,
  );
}

/** The statement building the catalog table from the JSON lines of parameter $1. */
function catalogTableSql(): string {
  return `CREATE OR REPLACE TABLE ${CATALOG_TABLE} AS
${catalogRowsSql()}`;
}

/** The catalog rows of the JSON lines of parameter $1 (`catalogLines`), in position order. */
export function catalogRowsSql(): string {
  const structure = JSON.stringify({
    ...Object.fromEntries(CATALOG_SCHEMA.fields.map((f) => [f.name, jsonStructure(f)])),
    [POSITION_COLUMN]: 'BIGINT',
    [RESTRICTED_COLUMN]: 'BOOLEAN',
    [SCHEMA_COLUMN]: 'VARCHAR',
    [DIGEST_COLUMN]: 'VARCHAR',
    [LANG_COLUMN]: 'VARCHAR',
    [LANGUAGES_COLUMN]: ['VARCHAR'],
    [TRANSLATIONS_COLUMN]: 'VARCHAR',
    [ALSO_SEARCHED]: 'VARCHAR',
  });
  const columns = CATALOG_SCHEMA.fields.map(
    (f) => `${columnValue(f, `d.${quoteIdent(f.name)}`)} AS ${quoteIdent(f.name)}`,
  );
  // Joined first and normalised once, as the records' search column (layout/columns.ts): one regular
  // expression a statement instead of one a field (seven cost about 17 ms of CPU at each catalog write).
  const searched = SEARCHED.map((name) => {
    const field = CATALOG_SCHEMA.fields.find((f) => f.name === name);
    const ref = `d.${quoteIdent(name)}`;
    return field?.multivalued ? `array_to_string(${ref}, ' ')` : ref;
  });
  searched.push(`d.${quoteIdent(ALSO_SEARCHED)}`);
  return `WITH rows AS (SELECT unnest(CAST($1 AS VARCHAR[])) AS line),
parsed AS (SELECT line, from_json(line, ${sqlString(structure)}) AS d FROM rows)
SELECT ${columns.join(', ')},
  d.dataset_id AS ${RECORD_ID_COLUMN},
  ${utcWallClock('d.metadata_processed')} AS ${RECORD_TIMESTAMP_COLUMN},
  CAST(octet_length(encode(line)) AS INTEGER) AS ${RECORD_SIZE_COLUMN},
  ' ' || ${searchSqlExpression(`concat_ws(' ', ${searched.join(', ')})`)} || ' ' AS ${SEARCH_COLUMN},
  d.${POSITION_COLUMN} AS ${POSITION_COLUMN},
  coalesce(d.${RESTRICTED_COLUMN}, true) AS ${RESTRICTED_COLUMN},
  d.${SCHEMA_COLUMN} AS ${SCHEMA_COLUMN},
  d.${DIGEST_COLUMN} AS ${DIGEST_COLUMN},
  coalesce(d.${LANG_COLUMN}, '') AS ${LANG_COLUMN},
  coalesce(d.${LANGUAGES_COLUMN}, []) AS ${LANGUAGES_COLUMN},
  d.${TRANSLATIONS_COLUMN} AS ${TRANSLATIONS_COLUMN}
FROM parsed ORDER BY d.${POSITION_COLUMN}, d.${LANG_COLUMN}`;
}
