import { mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { removeScratchOfDeadProcesses, removeTemporariesOfDeadProcesses } from './scratch';

// No process has this id (Linux ids stop at 2^22).
const GONE = 99_999_999;
const LIVE = process.ppid;

let dir: string;
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('leftovers of interrupted writes', () => {
  it('removes the temporary JSON files of processes that are gone, and only those', async () => {
    dir = await mkdtemp(join(tmpdir(), 'scratch-test-'));
    const names = [
      `catalog.json.${GONE}.k3x9q1.tmp`,
      `catalog.json.${LIVE}.a1b2c3.tmp`,
      'catalog.json',
      'catalog-abc.parquet',
      `notes.txt.${GONE}.k3x9q1.tmp`,
    ];
    for (const name of names) await writeFile(join(dir, name), '{}');
    await removeTemporariesOfDeadProcesses(dir);
    expect((await readdir(dir)).sort()).toEqual(
      [
        `catalog.json.${LIVE}.a1b2c3.tmp`,
        'catalog.json',
        'catalog-abc.parquet',
        `notes.txt.${GONE}.k3x9q1.tmp`,
      ].sort(),
    );
  });

  it('removes the ingestion scratch, spill and spool folders of processes that are gone', async () => {
    dir = await mkdtemp(join(tmpdir(), 'scratch-test-'));
    for (const kind of ['ingest', 'spill-requests', 'spill-ingest', 'spool']) {
      await mkdir(join(dir, `${kind}-${GONE}`));
      await writeFile(join(dir, `${kind}-${GONE}`, 'duckdb_temp_storage-0.tmp'), 'spilled');
      await mkdir(join(dir, `${kind}-${LIVE}`));
    }
    await mkdir(join(dir, 'spill-requests'));
    await removeScratchOfDeadProcesses(dir);
    expect((await readdir(dir)).sort()).toEqual(
      ['ingest', 'spill-ingest', 'spill-requests', 'spool']
        .map((k) => `${k}-${LIVE}`)
        .concat('spill-requests')
        .sort(),
    );
  });

  it('does nothing when the folder does not exist yet', async () => {
    dir = join(tmpdir(), `scratch-test-missing-${process.pid}`);
    await expect(removeTemporariesOfDeadProcesses(dir)).resolves.toBeUndefined();
  });
});
