import type { Lang } from '../../../odsql';
import type { Engine } from '../types';

/*
 * The catalog in one language (catalog-table.ts holds a row per dataset and language): a view over the
 * catalog table, or over a caller's access view, of the dialect's `languageViewQuery`.
 */

/** Creates (or replaces) `view`: `table` in `lang`. */
export async function writeLanguageView(
  engine: Engine,
  view: string,
  table: string,
  lang: Lang | undefined,
): Promise<void> {
  const { dialect } = engine;
  await engine.execute(
    dialect.createView(dialect.quoteIdent(view), dialect.languageViewQuery(dialect.quoteIdent(table), lang)),
  );
}
