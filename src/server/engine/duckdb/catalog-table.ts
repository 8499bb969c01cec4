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
} from '../../../layout/columns';
import { sqlString } from '../../../layout/sql';
import type { FieldSchema } from '../../../odsql';
import type { CatalogTableEntry } from '../../backend/catalog';
import {
  CATALOG_SCHEMA,
  CATALOG_TABLE,
  DIGEST_COLUMN,
  SCHEMA_COLUMN,
  TRANSLATIONS_COLUMN,
} from '../../backend/catalog-layout';
import {
  ALSO_SEARCHED,
  byDatasetId,
  catalogLines,
  catalogRowDigest,
  catalogRows,
  SEARCHED,
} from '../../backend/catalog-rows';
import type { Engine } from '../types';

/*
 * The catalog table in DuckDB: the catalog's rows (backend/catalog-rows.ts) read from their JSON lines
 * into columns laid out like a dataset's records (layout/columns.ts), so that ODSQL queries over
 * datasets (`where`, `order_by`, facets, exports) run like record queries; and its copy in the store.
 */

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
