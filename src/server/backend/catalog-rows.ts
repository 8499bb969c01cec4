import { createHash } from 'node:crypto';
import { LANG_COLUMN, LANGUAGES_COLUMN, POSITION_COLUMN, RESTRICTED_COLUMN } from '../../layout/columns';
import type { Lang } from '../../odsql';
import { datasetIn, translatedLanguages } from '../catalog/localize';
import type { Dataset } from '../catalog/types';
import type { CatalogTableEntry } from './catalog';
import { DIGEST_COLUMN, SCHEMA_COLUMN, TRANSLATIONS_COLUMN } from './catalog-layout';

/*
 * The catalog's rows, what every backend's catalog table holds: the local engine reads them into its
 * catalog table (engine/duckdb/catalog-table.ts), laid out like a dataset's records (layout/columns.ts),
 * and a cluster's catalog is published from that table.
 *
 * A dataset has one row of its untranslated metadata (`__lang` empty) and one row per language it is
 * translated into (`__lang` = the language), holding the metadata in that language (untranslated items
 * kept) and searched in both. A query runs on the rows of one language (engine/duckdb/language-views.ts):
 * in `fr`, a dataset's `fr` row, else its untranslated one, which lists its translations (`__languages`)
 * for that choice. Titles, themes and keywords are then searched, sorted, refined and counted in the
 * language asked, with the same statements as before; every row of a dataset keeps its position and
 * restriction.
 */

/** Key of a row's JSON holding the untranslated text a translated row is searched on as well. */
export const ALSO_SEARCHED = '__also_searched';

/** Fields whose text feeds the catalog's full-text column. */
export const SEARCHED = ['title', 'description', 'keyword', 'theme', 'publisher', 'dataset_id'];

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
export function catalogRows(dataset: Dataset): Record<string, unknown>[] {
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
