import { mkdir, mkdtemp, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { removeOtherVersions, tableDir } from './store';

const GRACE_MS = 120_000;
let store: string;
beforeEach(async () => {
  store = await mkdtemp(join(tmpdir(), 'versions-'));
});
afterEach(async () => {
  await rm(store, { recursive: true, force: true });
});

/** Writes a records file last changed `ageMs` ago. */
async function version(name: string, ageMs: number): Promise<string> {
  const dir = tableDir(store, 't');
  await mkdir(dir, { recursive: true });
  const path = join(dir, name);
  await writeFile(path, name);
  const at = (Date.now() - ageMs) / 1000;
  await utimes(path, at, at);
  return path;
}

describe('removeOtherVersions', () => {
  it('keeps the served version and the newest other while young: at most two after a run of crashes', async () => {
    // Twenty starts that each wrote a version and crashed, a few seconds apart.
    for (let i = 0; i < 20; i++) await version(`v${String(i).padStart(2, '0')}.parquet`, (20 - i) * 3_000);
    const served = await version('v05.parquet', 57_000);
    await writeFile(join(tableDir(store, 't'), 'manifest.json'), '{}');
    await removeOtherVersions(store, 't', served, GRACE_MS);
    expect((await readdir(tableDir(store, 't'))).sort()).toEqual([
      'manifest.json',
      'v05.parquet',
      'v19.parquet',
    ]);
  });

  it('removes every other version once the newest is past the grace', async () => {
    const served = await version('b.parquet', 10);
    await version('a.parquet', GRACE_MS + 5_000);
    await version('c.parquet', GRACE_MS + 1_000);
    await removeOtherVersions(store, 't', served, GRACE_MS);
    expect(await readdir(tableDir(store, 't'))).toEqual(['b.parquet']);
  });

  it('does nothing for a table without a folder', async () => {
    await expect(removeOtherVersions(store, 'none', undefined, GRACE_MS)).resolves.toBeUndefined();
  });
});
