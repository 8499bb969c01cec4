import type { DatasetSchema } from '../../odsql';

/*
 * The catalog table's name, technical columns and fields: what every backend's catalog holds, the
 * request engine's own (engine/duckdb/catalog-table.ts) and a cluster's (engine/clickhouse/catalog-table.ts).
 */

export const CATALOG_TABLE = '__catalog';
export { LANG_COLUMN, LANGUAGES_COLUMN, RESTRICTED_COLUMN } from '../../layout/columns';
/**
 * Technical columns for a cluster's catalog (engine/clickhouse/catalog-table.ts): the stored schema of
 * the dataset's records (JSON), so that a server whose data folder lacks the dataset can serve it, and a
 * digest of the row, so that a server publishes and reads again only the rows that changed.
 */
export const SCHEMA_COLUMN = '__schema';
export const DIGEST_COLUMN = '__digest';
/** The dataset's translations (JSON, on its untranslated row), from which a cluster's server rebuilds it. */
export const TRANSLATIONS_COLUMN = '__translations';

/** The catalog's fields, as ODSQL queries over datasets see them. */
export const CATALOG_SCHEMA: DatasetSchema = {
  fields: [
    { name: 'dataset_id', type: 'text' },
    { name: 'dataset_uid', type: 'text' },
    { name: 'title', type: 'text' },
    { name: 'description', type: 'text' },
    { name: 'theme', type: 'text', multivalued: true },
    { name: 'keyword', type: 'text', multivalued: true },
    { name: 'publisher', type: 'text' },
    { name: 'license', type: 'text' },
    { name: 'license_url', type: 'text' },
    { name: 'language', type: 'text' },
    { name: 'timezone', type: 'text' },
    { name: 'references', type: 'text' },
    { name: 'modified', type: 'datetime' },
    { name: 'data_processed', type: 'datetime' },
    { name: 'metadata_processed', type: 'datetime' },
    { name: 'records_count', type: 'int' },
    { name: 'features', type: 'text', multivalued: true },
    { name: 'has_records', type: 'boolean' },
    { name: 'data_visible', type: 'boolean' },
    { name: 'metas', type: 'json' },
    { name: 'fields', type: 'json' },
    { name: 'attachments', type: 'json' },
  ],
};
