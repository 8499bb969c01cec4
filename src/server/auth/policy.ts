import { createHash } from 'node:crypto';
import type { SharedCatalog } from '../backend/catalog';
import type { Catalog } from '../catalog/registry';
import type { Logger } from '../ingest/logger';
import type { Caller } from './access';
import type { KeyGrant, KeyRing } from './keys';

/*
 * Who reads what: public datasets are readable by all, restricted ones by the keys granting them. The
 * catalog is live (datasets are added and re-ingested while the server runs), so both checks read the
 * current catalog: `canRead` asks for the dataset's visibility at each request, and each caller's catalog
 * queries run on a view that keeps public rows (`__restricted` is false) plus the ids its key grants.
 */

export interface AccessPolicy {
  readonly anonymous: Caller;
  callerFor(grant: KeyGrant): Caller;
}

/** Names of the catalog's access views: the catalog table's, then `_for_`. */
function viewPrefix(catalog: Catalog): string {
  return `${catalog.catalogTable}_for_`;
}

function viewName(catalog: Catalog, granted: readonly string[]): string {
  const hash = createHash('sha256').update(granted.join('\n')).digest('hex').slice(0, 16);
  return `${viewPrefix(catalog)}${hash}`;
}

/**
 * Builds the callers and the catalog views they need, in the backend's catalog (backend/catalog.ts).
 */
export async function openAccessPolicy(
  shared: SharedCatalog,
  catalog: Catalog,
  keys: KeyRing,
  log: Logger,
): Promise<AccessPolicy> {
  const isRestricted = (id: string): boolean => catalog.get(id)?.visibility === 'restricted';
  const views = new Map<string, readonly string[]>();

  const callerOf = (keyName: string | undefined, granted: KeyGrant['datasets'] | undefined): Caller => {
    const reads = (id: string): boolean =>
      granted === 'all' || granted?.has(id) === true || !isRestricted(id);
    let catalogTable = catalog.catalogTable;
    if (granted !== 'all') {
      const ids = [...(granted ?? [])].sort();
      catalogTable = viewName(catalog, ids);
      views.set(catalogTable, ids);
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
        log.warn(`API key "${grant.name}" grants dataset ${id}, which is not in the catalog (yet)`);
      else if (!isRestricted(id))
        log.info(`API key "${grant.name}" grants dataset ${id}, which is public anyway`);
    }
  }

  const restricted = catalog.list().filter((d) => d.visibility === 'restricted').length;
  if (restricted > 0) {
    log.info(`access: ${restricted} restricted dataset(s), ${keys.grants.length} API key(s)`);
  }
  await shared.accessViews(catalog.catalogTable, viewPrefix(catalog), views);
  return {
    anonymous,
    callerFor: (grant) => byName.get(grant.name) ?? anonymous,
  };
}
