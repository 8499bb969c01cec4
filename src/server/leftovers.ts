import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

/*
 * Files and folders named after the process that owns them (`…-<pid>`, `….<pid>.….tmp`): a process
 * killed without its exit handlers (SIGKILL, a crash, a test runner stopping its web server) leaves
 * them behind, so each start removes those of processes that are gone.
 */

/** Whether a process of this machine is running (EPERM: it is, under another user). */
export function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error instanceof Error && 'code' in error && error.code === 'EPERM';
  }
}

/**
 * Removes the entries of `dir` whose name `owner` matches, its first group being the owner's process id,
 * when that process is gone or is this one (an id used again: this process has made nothing there yet).
 */
export async function removeLeftoversOfDeadProcesses(dir: string, owner: RegExp): Promise<void> {
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
