import { mkdirSync } from 'node:fs';
import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/**
 * The one folder where the engine writes export files (named pipes, Parquet files), one subfolder per
 * export. Once the engine is locked down (see DuckDBEngine.lockDown) it is the only folder the engine
 * may write, so it is created at start-up and named per process.
 */
export const EXPORT_SCRATCH_DIR = join(tmpdir(), `odexplorer-exports-${process.pid}`);

/** A new private subfolder of the scratch folder for one export. */
export async function exportScratchDir(): Promise<string> {
  mkdirSync(EXPORT_SCRATCH_DIR, { recursive: true, mode: 0o700 });
  return mkdtemp(join(EXPORT_SCRATCH_DIR, 'x-'));
}
