import { quoteIdent } from '../../../layout/columns';
import type { Engine } from '../types';

/*
 * The catalog as one caller sees it (auth/policy decides who sees what): a view of the dialect's
 * `accessViewQuery`, the public rows plus the ids the caller's key grants. Views left from earlier starts are
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
  const { dialect } = engine;
  for (const [name, granted] of views) {
    await engine.execute(
      dialect.createView(
        dialect.quoteIdent(name),
        dialect.accessViewQuery(dialect.quoteIdent(catalogTable), granted),
      ),
    );
  }
}
