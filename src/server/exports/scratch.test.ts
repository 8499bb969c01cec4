import { existsSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXPORT_SCRATCH_DIR, exportScratchDir } from './scratch';

describe('export scratch folder', () => {
  it('is made on first use, after removing those of server processes that are gone', async () => {
    // No process has this id (Linux ids stop at 2^22); the parent of this test runner is alive.
    const gone = join(tmpdir(), 'odexplorer-exports-99999999');
    const live = join(tmpdir(), `odexplorer-exports-${process.ppid}`);
    await mkdir(join(gone, 'x-1'), { recursive: true });
    const liveExisted = existsSync(live);
    await mkdir(live, { recursive: true });
    try {
      const dir = await exportScratchDir();
      expect(dir.startsWith(`${EXPORT_SCRATCH_DIR}/x-`)).toBe(true);
      expect(existsSync(dir)).toBe(true);
      expect(existsSync(gone)).toBe(false);
      expect(existsSync(live)).toBe(true);
      await rm(dir, { recursive: true });
    } finally {
      await rm(gone, { recursive: true, force: true });
      if (!liveExisted) await rm(live, { recursive: true, force: true });
    }
  });
});
