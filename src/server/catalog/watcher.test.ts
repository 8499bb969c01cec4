import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { DescriptorWatcher } from './watcher';

const dir = mkdtempSync(join(tmpdir(), 'watcher-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const log = { info: () => undefined, warn: () => undefined, error: () => undefined };

describe('DescriptorWatcher', () => {
  it('spaces periodic rescans by a multiple of their duration', async () => {
    let rescans = 0;
    // Each rescan takes 40 ms: the next waits at least 20 times that, whatever the period asked.
    const watcher = new DescriptorWatcher(dir, async () => {
      rescans++;
      await new Promise((resolve) => setTimeout(resolve, 40));
    });
    watcher.start({ watch: false, rescanMs: 10, log });
    await new Promise((resolve) => setTimeout(resolve, 500));
    watcher.close();
    expect(rescans).toBe(1);
  });

  it('rescans at the period asked when a rescan is quick', async () => {
    let rescans = 0;
    const watcher = new DescriptorWatcher(dir, async () => {
      rescans++;
    });
    watcher.start({ watch: false, rescanMs: 20, log });
    await new Promise((resolve) => setTimeout(resolve, 600));
    watcher.close();
    expect(rescans).toBeGreaterThanOrEqual(3);
  });
});
