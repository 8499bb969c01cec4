import { createHash } from 'node:crypto';
import { quoteIdent, RECORD_ID_COLUMN } from '../../odsql/compile/storage';
import type { Catalog } from '../catalog/registry';
import type { Engine } from '../engine/types';
import type { Logger } from '../ingest/logger';
import { sqlString } from '../ingest/sql';
import type { Caller } from './access';
import type { KeyGrant, KeyRing } from './keys';

/*
 * Who reads what: public datasets are readable by all, restricted ones by the keys granting them. Each
 * distinct set of hidden datasets gets a view of the catalog table without them, so that every catalog
 * query (list, counts, facets, exports) of a caller runs on what it may see and cannot count the rest.
 */

const VIEW_PREFIX = '__catalog_without_';

export interface AccessPolicy {
  readonly anonymous: Caller;
  callerFor(grant: KeyGrant): Caller;
  /** Restricted dataset ids. */
  readonly restricted: ReadonlySet<string>;
}

function viewName(hidden: readonly string[]): string {
  const hash = createHash('sha256').update(hidden.join('\n')).digest('hex').slice(0, 16);
  return `${VIEW_PREFIX}${hash}`;
}

/** Builds the callers and the catalog views they need; views left from earlier starts are dropped. */
export async function openAccessPolicy(
  engine: Engine,
  catalog: Catalog,
  keys: KeyRing,
  log: Logger,
): Promise<AccessPolicy> {
  const restricted = new Set(
    catalog
      .list()
      .filter((d) => d.visibility === 'restricted')
      .map((d) => d.dataset_id),
  );
  const views = new Map<string, readonly string[]>();

  const callerOf = (keyName: string | undefined, granted: KeyGrant['datasets'] | undefined): Caller => {
    const reads = (id: string): boolean =>
      !restricted.has(id) || granted === 'all' || granted?.has(id) === true;
    const hidden = [...restricted].filter((id) => !reads(id)).sort();
    let catalogTable = catalog.catalogTable;
    if (hidden.length > 0) {
      catalogTable = viewName(hidden);
      views.set(catalogTable, hidden);
    }
    return { keyName, canRead: reads, catalogTable };
  };

  const anonymous = callerOf(undefined, undefined);
  const byName = new Map<string, Caller>();
  for (const grant of keys.grants) {
    byName.set(grant.name, callerOf(grant.name, grant.datasets));
    if (grant.datasets === 'all') continue;
    for (const id of grant.datasets) {
      if (!catalog.get(id))
        log.warn(`API key "${grant.name}" grants dataset ${id}, which is not in the catalog`);
      else if (!restricted.has(id))
        log.info(`API key "${grant.name}" grants dataset ${id}, which is public anyway`);
    }
  }

  if (restricted.size > 0) {
    log.info(`access: ${restricted.size} restricted dataset(s), ${keys.grants.length} API key(s)`);
  }
  // Without restricted datasets every caller reads the catalog table itself: no view to keep.
  if (restricted.size > 0) await writeViews(engine, catalog.catalogTable, views);
  return {
    anonymous,
    restricted,
    callerFor: (grant) => byName.get(grant.name) ?? anonymous,
  };
}

async function writeViews(
  engine: Engine,
  catalogTable: string,
  views: ReadonlyMap<string, readonly string[]>,
): Promise<void> {
  const existing = await engine.rows({
    sql: `SELECT view_name FROM duckdb_views() WHERE NOT internal AND starts_with(view_name, $1)`,
    params: [VIEW_PREFIX],
  });
  for (const [name] of existing) {
    if (typeof name === 'string' && !views.has(name))
      await engine.execute(`DROP VIEW IF EXISTS ${quoteIdent(name)}`);
  }
  for (const [name, hidden] of views) {
    await engine.execute(
      `CREATE OR REPLACE VIEW ${quoteIdent(name)} AS SELECT * FROM ${quoteIdent(catalogTable)}
WHERE ${quoteIdent(RECORD_ID_COLUMN)} NOT IN (${hidden.map(sqlString).join(', ')})`,
    );
  }
}
