import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SPOOL_IO_BYTES, Spool, type SpoolMeter } from './spool';
import { SpoolBudget } from './spool-budget';

const SEGMENT = SPOOL_IO_BYTES;
const meter: SpoolMeter = { written: () => {}, memory: () => {}, waited: () => {}, closed: () => {} };

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'spool-test-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A spool over a budget of `segments` segments, with its first grant taken as spools.ts does. */
function spoolOf(budget: SpoolBudget, name = 's'): Spool {
  expect(budget.tryTake(SEGMENT)).toBe(true);
  return new Spool({ dir: Promise.resolve(dir), name, budget, segmentBytes: SEGMENT, meter }, SEGMENT);
}

/** A query's bytes: `chunks`, then a failure if given; `log` records its progress. */
async function* source(chunks: readonly Buffer[], log: string[], failure?: Error): AsyncIterable<Buffer> {
  try {
    for (const chunk of chunks) yield chunk;
    if (failure) throw failure;
    log.push('done');
  } finally {
    log.push('released');
  }
}

async function readAll(bytes: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const parts: Uint8Array[] = [];
  for await (const part of bytes) parts.push(part);
  return Buffer.concat(parts);
}

const until = async (check: () => boolean): Promise<void> => {
  for (let i = 0; i < 500 && !check(); i++) await new Promise((r) => setTimeout(r, 10));
  expect(check()).toBe(true);
};

describe('an export spool', () => {
  it('gives back the bytes in order, across segments, and leaves no file and no budget', async () => {
    const budget = new SpoolBudget(64 * SEGMENT);
    const chunks = Array.from({ length: 40 }, (_, i) => randomBytes(10_000 + i * 997));
    const log: string[] = [];
    const bytes = await readAll(spoolOf(budget).spooled(source(chunks, log)));
    expect(bytes.equals(Buffer.concat(chunks))).toBe(true);
    expect(log).toEqual(['done', 'released']);
    expect(await readdir(dir)).toEqual([]);
    expect(budget.inUse).toBe(0);
    // Several segments were written, never more than the bytes at once.
    expect(budget.peak).toBeGreaterThan(2 * SEGMENT);
  });

  it('releases the query once it has written everything, while the reader has read one chunk', async () => {
    const budget = new SpoolBudget(64 * SEGMENT);
    const chunks = Array.from({ length: 30 }, () => randomBytes(SEGMENT));
    const log: string[] = [];
    const iterator = spoolOf(budget).spooled(source(chunks, log))[Symbol.asyncIterator]();
    const first = await iterator.next();
    expect(first.done).toBe(false);
    // The reader stops here (a slow client): the query runs to its end regardless.
    await until(() => log.includes('released'));
    expect(log).toEqual(['done', 'released']);
    expect((await readdir(dir)).length).toBeGreaterThan(1);
    const rest: Uint8Array[] = [first.value as Uint8Array];
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) rest.push(next.value);
    expect(Buffer.concat(rest).equals(Buffer.concat(chunks))).toBe(true);
    expect(await readdir(dir)).toEqual([]);
  });

  it('hands out the first bytes while the query is still running', async () => {
    const budget = new SpoolBudget(8 * SEGMENT);
    let finish: () => void = () => {};
    const finished = new Promise<void>((resolve) => {
      finish = resolve;
    });
    async function* slowQuery(): AsyncIterable<string> {
      yield 'city,population\n';
      await finished;
      yield 'Lyon,522000\n';
    }
    const iterator = spoolOf(budget).spooled(slowQuery())[Symbol.asyncIterator]();
    expect(Buffer.from((await iterator.next()).value as Uint8Array).toString()).toBe('city,population\n');
    finish();
    expect(Buffer.from((await iterator.next()).value as Uint8Array).toString()).toBe('Lyon,522000\n');
    expect((await iterator.next()).done).toBe(true);
  });

  it('throws a failure of the query after every byte written before it, then removes its files', async () => {
    const budget = new SpoolBudget(64 * SEGMENT);
    const chunks = Array.from({ length: 5 }, () => randomBytes(SEGMENT));
    const log: string[] = [];
    const parts: Uint8Array[] = [];
    const reading = (async () => {
      for await (const part of spoolOf(budget).spooled(source(chunks, log, new Error('node down'))))
        parts.push(part);
    })();
    await expect(reading).rejects.toThrow('node down');
    expect(Buffer.concat(parts).equals(Buffer.concat(chunks))).toBe(true);
    expect(log).toEqual(['released']);
    expect(await readdir(dir)).toEqual([]);
    expect(budget.inUse).toBe(0);
  });

  it('throws a failure before any byte at the first read (the interface error is still possible)', async () => {
    const budget = new SpoolBudget(8 * SEGMENT);
    const iterator = spoolOf(budget)
      .spooled(source([], [], new Error('unreachable')))
      [Symbol.asyncIterator]();
    await expect(iterator.next()).rejects.toThrow('unreachable');
    expect(await readdir(dir)).toEqual([]);
  });

  it('stops the query and removes its files when the reader leaves', async () => {
    const budget = new SpoolBudget(64 * SEGMENT);
    const log: string[] = [];
    async function* endless(): AsyncIterable<Buffer> {
      try {
        for (;;) {
          yield randomBytes(SEGMENT);
          await new Promise((r) => setTimeout(r, 5));
        }
      } finally {
        log.push('released');
      }
    }
    const iterator = spoolOf(budget).spooled(endless())[Symbol.asyncIterator]();
    await iterator.next();
    await until(() => budget.inUse > 3 * SEGMENT);
    await iterator.return?.();
    await until(() => log.includes('released'));
    await until(() => budget.inUse === 0);
    expect(await readdir(dir)).toEqual([]);
  });

  it('waits for room when the budget is spent, and finishes as its reader reads', async () => {
    // An export of 40 segments through a budget of 4.
    const budget = new SpoolBudget(4 * SEGMENT);
    const chunks = Array.from({ length: 40 }, () => randomBytes(SEGMENT));
    const log: string[] = [];
    const iterator = spoolOf(budget).spooled(source(chunks, log))[Symbol.asyncIterator]();
    const parts: Uint8Array[] = [];
    const first = await iterator.next();
    parts.push(first.value as Uint8Array);
    await until(() => budget.inUse === 4 * SEGMENT);
    // Spent: the query waits, and another spool is refused its first grant.
    expect(log).toEqual([]);
    expect(budget.tryTake(SEGMENT)).toBe(false);
    for (let next = await iterator.next(); !next.done; next = await iterator.next()) parts.push(next.value);
    expect(Buffer.concat(parts).equals(Buffer.concat(chunks))).toBe(true);
    expect(log).toEqual(['done', 'released']);
    expect(budget.peak).toBeLessThanOrEqual(4 * SEGMENT);
    expect(budget.inUse).toBe(0);
  });

  it('lets a spool whose reader keeps up finish while an unread one holds the rest of the budget', async () => {
    const budget = new SpoolBudget(6 * SEGMENT);
    const stuckLog: string[] = [];
    const stuck = spoolOf(budget, 'stuck');
    const fast = spoolOf(budget, 'fast');
    const held = stuck
      .spooled(
        source(
          Array.from({ length: 40 }, () => randomBytes(SEGMENT)),
          stuckLog,
        ),
      )
      [Symbol.asyncIterator]();
    await held.next();
    await until(() => budget.inUse === 6 * SEGMENT);
    const chunks = Array.from({ length: 20 }, () => randomBytes(SEGMENT));
    const log: string[] = [];
    const bytes = await readAll(fast.spooled(source(chunks, log)));
    expect(bytes.equals(Buffer.concat(chunks))).toBe(true);
    expect(log).toEqual(['done', 'released']);
    expect(stuckLog).toEqual([]);
    expect(budget.peak).toBeLessThanOrEqual(6 * SEGMENT);
    await held.return?.();
    await until(() => budget.inUse === 0);
    expect(await readdir(dir)).toEqual([]);
  });
});
