import { removeLeftoversOfDeadProcesses } from '../leftovers';

/** Removes `<tmp>/ingest-<pid>`, the ingestion scratch folders of processes that are gone. */
export function removeScratchOfDeadProcesses(tmp: string): Promise<void> {
  return removeLeftoversOfDeadProcesses(tmp, /^ingest-(\d+)$/);
}

/**
 * Removes the temporary names of the store's JSON files (`catalog.json.<pid>.<random>.tmp`, store.ts
 * `writeTextAtomically`) whose writer is gone.
 */
export function removeTemporariesOfDeadProcesses(dir: string): Promise<void> {
  return removeLeftoversOfDeadProcesses(dir, /^[^/]+\.json\.(\d+)\.[0-9a-z]+\.tmp$/);
}
