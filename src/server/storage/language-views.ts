import { quoteIdent } from '../../layout/columns';
import { sqlString } from '../../layout/sql';
import type { Lang } from '../../odsql';
import type { Engine } from '../engine/types';
import { LANG_COLUMN, LANGUAGES_COLUMN } from './catalog-table';

/*
 * The catalog in one language (catalog-table.ts holds a row per dataset and language): a view over the
 * catalog table, or over a caller's access view, keeping each dataset's row in `lang`, or its
 * untranslated row when it has none; without a language, the untranslated rows.
 */

/** The condition keeping the rows of `lang` (DuckDB). */
export function languageCondition(lang: Lang | undefined): string {
  const row = quoteIdent(LANG_COLUMN);
  if (lang === undefined) return `${row} = ''`;
  const code = sqlString(lang);
  return `(${row} = ${code} OR (${row} = '' AND NOT list_contains(${quoteIdent(LANGUAGES_COLUMN)}, ${code})))`;
}

/** Creates (or replaces) `view`: `table` in `lang`. */
export async function writeLanguageView(
  engine: Engine,
  view: string,
  table: string,
  lang: Lang | undefined,
): Promise<void> {
  await engine.execute(
    `CREATE OR REPLACE VIEW ${quoteIdent(view)} AS SELECT * FROM ${quoteIdent(table)} WHERE ${languageCondition(lang)}`,
  );
}
