import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

/*
 * Files a process leaves behind when it stops in the middle of a write: the scratch folders of ingestion,
 * one per process (`<DATA_DIR>/tmp/ingest-<pid>`), and the temporary names of the store's JSON files
 * (`catalog.json.<pid>.<random>.tmp`, store.ts `writeTextAtomically`). A live process's are kept.
 */

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

/** Removes the entries of `dir` that `owner` names as left by this process or one that is gone. */
async function removeLeftovers(dir: string, owner: RegExp): Promise<void> {
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(owner.exec(name)?.[1]);
    if (Number.isInteger(pid) && pid > 0 && (pid === process.pid || !isRunning(pid)))
      await rm(join(dir, name), { recursive: true, force: true });
  }
}

/** Removes `<tmp>/ingest-<pid>` folders of processes that are gone. */
export function removeScratchOfDeadProcesses(tmp: string): Promise<void> {
  return removeLeftovers(tmp, /^ingest-(\d+)$/);
}

/** Removes the temporary JSON files (`<name>.json.<pid>.<random>.tmp`) of `dir` whose writer is gone. */
export function removeTemporariesOfDeadProcesses(dir: string): Promise<void> {
  return removeLeftovers(dir, /^[^/]+\.json\.(\d+)\.[0-9a-z]+\.tmp$/);
}
