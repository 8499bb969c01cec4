import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

/* Scratch folders of ingestion, one per process: `<DATA_DIR>/tmp/ingest-<pid>`. */

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

/** Removes `<tmp>/ingest-<pid>` folders of processes that are gone. */
export async function removeScratchOfDeadProcesses(tmp: string): Promise<void> {
  let names: string[];
  try {
    names = await readdir(tmp);
  } catch {
    return;
  }
  for (const name of names) {
    const pid = Number(/^ingest-(\d+)$/.exec(name)?.[1]);
    if (Number.isInteger(pid) && pid > 0 && (pid === process.pid || !isRunning(pid)))
      await rm(join(tmp, name), { recursive: true, force: true });
  }
}
