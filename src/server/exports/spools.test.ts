import { randomBytes } from 'node:crypto';
import { EventEmitter } from 'node:events';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError } from '../errors';
import { ExportSpools, RETRY_AFTER_SPOOL_S, spoolSummary } from './spools';

const KB = 1024;
let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'spools-test-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

async function* bytes(count: number, size: number): AsyncIterable<Uint8Array> {
  for (let i = 0; i < count; i++) yield randomBytes(size);
}

describe("a server's export spools", () => {
  it('refuses a download with the interface’s 503 when the budget is spent, and counts it', async () => {
    // 1 MB: segments of 128 KB, eight of them.
    const spools = new ExportSpools(join(dataDir, 'spool'), 1024 * KB);
    const response = new EventEmitter();
    const reading = spools
      .open(response)
      .spooled(bytes(64, 64 * KB))
      [Symbol.asyncIterator]();
    await reading.next();
    for (let i = 0; i < 200 && spools.stats().diskBytes < 1024 * KB; i++)
      await new Promise((r) => setTimeout(r, 10));
    expect(spools.stats().diskBytes).toBe(1024 * KB);
    let refusal: unknown;
    try {
      spools.open(new EventEmitter());
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(ApiError);
    expect(refusal).toMatchObject({
      status: 503,
      code: 'ServiceUnavailable',
      retryAfterSeconds: RETRY_AFTER_SPOOL_S,
    });

    // The response closes (the client left): the spool goes, and its disk with it.
    response.emit('close');
    for (let i = 0; i < 200 && spools.stats().open > 0; i++) await new Promise((r) => setTimeout(r, 10));
    const stats = spools.stats();
    expect(stats).toMatchObject({
      open: 0,
      diskBytes: 0,
      peakDiskBytes: 1024 * KB,
      refused: 1,
      spooled: 1,
      waits: 1,
    });
    expect(stats.peakMemoryBytes).toBeGreaterThan(0);
    expect(stats.peakMemoryBytes).toBeLessThanOrEqual(128 * KB);
    expect(spoolSummary(stats)).toBe(
      `1 exports (${(stats.spooledBytes / (1024 * KB)).toFixed(1)} MB), at most 1 at once holding 1.0 MB of disk ` +
        '(budget 1.0 MB) and 0.1 MB of buffers; 1 refused for want of room, 1 waits for room',
    );
    await spools.close();
    expect(await readdir(join(dataDir, 'spool'))).toEqual([]);
  });

  it('cuts the downloads still being read when the server closes, and removes their files', async () => {
    const spools = new ExportSpools(join(dataDir, 'spool'), 64 * 1024 * KB);
    const reading = spools
      .open(new EventEmitter())
      .spooled(bytes(8, 64 * KB))
      [Symbol.asyncIterator]();
    await reading.next();
    await spools.close();
    await expect(reading.next()).rejects.toThrow(/spool was closed/);
    expect(await readdir(join(dataDir, 'spool'))).toEqual([]);
    expect(spools.stats()).toMatchObject({ open: 0, diskBytes: 0 });
  });
});
