import { quoteIdent, RECORD_ID_COLUMN } from '../../layout/columns';
import { sqlString } from '../../layout/sql';
import type { Engine } from '../engine/types';
import { RESTRICTED_COLUMN } from './catalog-table';

/*
 * The catalog as one caller sees it (auth/policy decides who sees what): a view keeping the public rows
 * (`__restricted` is false) plus the ids the caller's key grants. Views left from earlier starts are
 * found by their name prefix and dropped.
 */

/** Makes the access views exactly `views` (name → granted dataset ids) over the catalog table. */
export async function writeAccessViews(
  engine: Engine,
  catalogTable: string,
  prefix: string,
  views: ReadonlyMap<string, readonly string[]>,
): Promise<void> {
  const existing = await engine.rows({
    sql: `SELECT view_name FROM duckdb_views() WHERE NOT internal AND starts_with(view_name, $1)`,
    params: [prefix],
  });
  for (const [name] of existing) {
    if (typeof name === 'string' && !views.has(name))
      await engine.execute(`DROP VIEW IF EXISTS ${quoteIdent(name)}`);
  }
  for (const [name, granted] of views) {
    const grantedIds =
      granted.length > 0
        ? ` OR ${quoteIdent(RECORD_ID_COLUMN)} IN (${granted.map(sqlString).join(', ')})`
        : '';
    await engine.execute(
      `CREATE OR REPLACE VIEW ${quoteIdent(name)} AS SELECT * FROM ${quoteIdent(catalogTable)}
WHERE NOT ${quoteIdent(RESTRICTED_COLUMN)}${grantedIds}`,
    );
  }
}
