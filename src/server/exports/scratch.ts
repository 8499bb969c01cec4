import { execFile } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdir, mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { removeLeftoversOfDeadProcesses } from '../leftovers';

/**
 * The one folder where the engine writes export files (named pipes, Parquet files), one subfolder per
 * export. Once the engine is locked down (see DuckDBEngine.lockDown) it is the only folder the engine
 * may write, so it is created at start-up and named per process.
 */
export const EXPORT_SCRATCH_DIR = join(tmpdir(), `odexplorer-exports-${process.pid}`);

let created: Promise<void> | undefined;
function createScratchDir(): Promise<void> {
  created ??= (async () => {
    // Those of servers killed without their exit handler (one a test run, seen by the dozen in /tmp).
    await removeLeftoversOfDeadProcesses(tmpdir(), /^odexplorer-exports-(\d+)$/);
    await mkdir(EXPORT_SCRATCH_DIR, { recursive: true, mode: 0o700 });
    // The folder is this process's own: it goes when the process does.
    process.once('exit', () => rmSync(EXPORT_SCRATCH_DIR, { recursive: true, force: true }));
  })();
  return created;
}

/** A new private subfolder of the scratch folder for one export. */
export async function exportScratchDir(): Promise<string> {
  await createScratchDir();
  return mkdtemp(join(EXPORT_SCRATCH_DIR, 'x-'));
}

const run = promisify(execFile);
/** FIFOs made at once when none is free: one process start for several exports. */
const FIFO_BATCH = 8;

/**
 * Named pipes for exports, made in batches and used again. Node has no mkfifo, and starting the
 * `mkfifo` program costs a process start each time (over 100 ms on a loaded machine, more than a small
 * export itself); a pipe whose both ends are closed holds nothing, so it can serve the next export.
 */
class FifoPool {
  private readonly free: string[] = [];
  private made = 0;
  private making: Promise<void> | undefined;

  async acquire(): Promise<string> {
    for (;;) {
      const fifo = this.free.pop();
      if (fifo !== undefined) return fifo;
      this.making ??= this.make().finally(() => {
        this.making = undefined;
      });
      await this.making;
    }
  }

  /** Gives a pipe back once both its ends are closed. */
  release(fifo: string): void {
    this.free.push(fifo);
  }

  private async make(): Promise<void> {
    await createScratchDir();
    const names = Array.from({ length: FIFO_BATCH }, (_, i) =>
      join(EXPORT_SCRATCH_DIR, `pipe-${this.made + i}`),
    );
    await run('mkfifo', ['-m', '600', ...names]);
    this.made += FIFO_BATCH;
    this.free.push(...names);
  }
}

export const exportPipes = new FifoPool();
