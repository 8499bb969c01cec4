import { removeLeftoversOfDeadProcesses } from '../leftovers';

/**
 * Removes the scratch folders of processes that are gone: `<tmp>/ingest-<pid>` (ingestion's staged
 * files), `<tmp>/spill-requests-<pid>`, `<tmp>/spill-ingest-<pid>` (what DuckDB spilled, which a
 * killed process or a disk-full failure leaves behind) and `<tmp>/spool-<pid>` (downloads being read,
 * exports/spools.ts). Called before this process's engines open: an entry of this process's own id is
 * a leftover of an earlier process that had it.
 */
export function removeScratchOfDeadProcesses(tmp: string): Promise<void> {
  return removeLeftoversOfDeadProcesses(tmp, /^(?:ingest|spill-requests|spill-ingest|spool)-(\d+)$/);
}

/**
 * Removes the temporary names of the store's JSON files (`catalog.json.<pid>.<random>.tmp`, store.ts
 * `writeTextAtomically`) whose writer is gone.
 */
export function removeTemporariesOfDeadProcesses(dir: string): Promise<void> {
  return removeLeftoversOfDeadProcesses(dir, /^[^/]+\.json\.(\d+)\.[0-9a-z]+\.tmp$/);
}
