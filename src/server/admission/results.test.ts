import { describe, expect, it } from 'vitest';
import { QueryCancelledError } from '../engine/errors';
import type { Row } from '../engine/types';
import { approxBytes, ResultCache } from './results';

/** A catalog whose datasets can be swapped for a new version (a new object, as the registry does). */
function catalog() {
  const datasets = new Map<string, object>([
    ['ds_flights', { table: 'ds_flights' }],
    ['ds_penguins', { table: 'ds_penguins' }],
  ]);
  return {
    datasetOf: (table: string) => datasets.get(table),
    swap: (table: string) => datasets.set(table, { table }),
  };
}

/** A compiled statement reading `tables`, as the compiler reports it. */
const reading = (tables: string[], sql: string, params: (string | number | null)[] = []) => ({
  sql,
  params,
  reads: { tables, scans: true, matchesText: false },
});
const page = reading(['ds_flights'], 'SELECT a FROM "ds_flights" WHERE b = $1 LIMIT 20', ['SFO']);

/** A run whose end the test decides, counting how many were started. */
function controlledRuns() {
  const runs: { signal: AbortSignal; finish: (rows: Row[]) => void; fail: (e: unknown) => void }[] = [];
  const run = (signal: AbortSignal) =>
    new Promise<Row[]>((resolve, reject) => {
      runs.push({ signal, finish: resolve, fail: reject });
    });
  return { runs, run };
}

const live = () => new AbortController().signal;

describe('result cache', () => {
  it('keys by version, query, bound values and access; other tables have no key', () => {
    const c = catalog();
    const cache = new ResultCache(1 << 20, c.datasetOf);
    const key = cache.keyOf(page, '');
    expect(key).toBeDefined();
    expect(cache.keyOf(page, '')).toBe(key);
    expect(cache.keyOf({ ...page, params: ['LAX'] }, '')).not.toBe(key);
    expect(cache.keyOf(page, 'key:alice')).not.toBe(key);
    // Other tables are named by the engine's generation, and without one have no key.
    const catalogPage = reading(['__catalog'], 'SELECT x FROM "__catalog"');
    expect(cache.keyOf(catalogPage, '')).toBeUndefined();
    expect(cache.keyOf(catalogPage, '', 7)).toBe(cache.keyOf(catalogPage, '', 7));
    expect(cache.keyOf(catalogPage, '', 8)).not.toBe(cache.keyOf(catalogPage, '', 7));
    // A dataset's key does not move with the generation: its version names it.
    expect(cache.keyOf(page, '', 8)).toBe(cache.keyOf(page, '', 7));
    expect(cache.keyOf(reading([], 'SELECT 1'), '')).toBeUndefined();
    // Values JSON would confuse: NaN and null, -0 and 0.
    const n = (v: number | null) => cache.keyOf({ ...page, params: [v] }, '');
    expect(new Set([n(null), n(Number.NaN), n(0), n(-0), n(Number.POSITIVE_INFINITY)]).size).toBe(5);
  });

  it('runs identical queries in flight once, and answers later ones from the cache', async () => {
    const cache = new ResultCache(1 << 20, catalog().datasetOf);
    const { runs, run } = controlledRuns();
    const key = cache.keyOf(page, '')!;
    const first = cache.rows(key, live(), run);
    const second = cache.rows(key, live(), run);
    expect(runs).toHaveLength(1);
    runs[0]!.finish([['x']]);
    await expect(first).resolves.toEqual([['x']]);
    await expect(second).resolves.toEqual([['x']]);
    await expect(cache.rows(key, live(), run)).resolves.toEqual([['x']]);
    expect(runs).toHaveLength(1);
    expect(cache.stats()).toMatchObject({ entries: 1, misses: 1, coalesced: 1, hits: 1 });
  });

  it("never answers a dataset's new version from the old one's results", async () => {
    const c = catalog();
    const cache = new ResultCache(1 << 20, c.datasetOf);
    const { runs, run } = controlledRuns();
    const before = cache.keyOf(page, '')!;
    const old = cache.rows(before, live(), run);
    runs[0]!.finish([['old']]);
    await old;
    // A query of another dataset keeps its answer.
    const penguins = cache.keyOf(reading(['ds_penguins'], 'SELECT * FROM "ds_penguins"'), '')!;
    void cache.rows(penguins, live(), run);
    runs[1]!.finish([['penguin']]);
    c.swap('ds_flights');
    const after = cache.keyOf(page, '')!;
    expect(after).not.toBe(before);
    const fresh = cache.rows(after, live(), run);
    expect(runs).toHaveLength(3);
    runs[2]!.finish([['new']]);
    await expect(fresh).resolves.toEqual([['new']]);
    expect(cache.keyOf(reading(['ds_penguins'], 'SELECT * FROM "ds_penguins"'), '')).toBe(penguins);
    await expect(cache.rows(penguins, live(), run)).resolves.toEqual([['penguin']]);
    expect(runs).toHaveLength(3);
  });

  it('stays within its byte budget, least recently used out first, and keeps no oversized result', async () => {
    const row = (i: number): Row[] => [[`${i}`.padEnd(1000, 'x')]];
    const one = approxBytes(row(0));
    const cache = new ResultCache(one * 40, catalog().datasetOf);
    const keyOf = (i: number) => cache.keyOf({ ...page, params: [String(i)] }, '')!;
    for (let i = 0; i < 100; i++) await cache.rows(keyOf(i), live(), async () => row(i));
    const stats = cache.stats();
    expect(stats.bytes).toBeLessThanOrEqual(stats.maxBytes);
    expect(stats.entries).toBeGreaterThan(10);
    expect(stats.evicted).toBe(100 - stats.entries);
    // The most recent are kept, the oldest gone.
    let ran = 0;
    const counted = async () => {
      ran++;
      return [];
    };
    await cache.rows(keyOf(99), live(), counted);
    expect(ran).toBe(0);
    await cache.rows(keyOf(0), live(), counted);
    expect(ran).toBe(1);
    // A result larger than an eighth of the budget is answered but not kept.
    const big: Row[] = Array.from({ length: 10 }, (_, i) => row(i)[0]!);
    await cache.rows(keyOf(1000), live(), async () => big);
    await cache.rows(keyOf(1000), live(), async () => big);
    expect(cache.stats().misses).toBe(100 + 1 + 2);
  });

  it('keeps nothing with a budget of 0, and shares runs in flight still', async () => {
    const cache = new ResultCache(0, catalog().datasetOf);
    const { runs, run } = controlledRuns();
    const key = cache.keyOf(page, '')!;
    const both = [cache.rows(key, live(), run), cache.rows(key, live(), run)];
    runs[0]!.finish([['x']]);
    await Promise.all(both);
    void cache.rows(key, live(), run);
    expect(runs).toHaveLength(2);
    expect(cache.stats().entries).toBe(0);
  });

  it('cancels the shared run only once every waiting request has gone', async () => {
    const cache = new ResultCache(1 << 20, catalog().datasetOf);
    const { runs, run } = controlledRuns();
    const key = cache.keyOf(page, '')!;
    const [a, b] = [new AbortController(), new AbortController()];
    const first = cache.rows(key, a.signal, run);
    const second = cache.rows(key, b.signal, run);
    a.abort();
    await expect(first).rejects.toBeInstanceOf(QueryCancelledError);
    expect(runs[0]!.signal.aborted).toBe(false);
    b.abort();
    await expect(second).rejects.toBeInstanceOf(QueryCancelledError);
    expect(runs[0]!.signal.aborted).toBe(true);
    // A later request starts a new run rather than joining the cancelled one.
    const third = cache.rows(key, live(), run);
    expect(runs).toHaveLength(2);
    runs[1]!.finish([['y']]);
    await expect(third).resolves.toEqual([['y']]);
  });

  it('passes a failure to every waiting request and keeps nothing of it', async () => {
    const cache = new ResultCache(1 << 20, catalog().datasetOf);
    const { runs, run } = controlledRuns();
    const key = cache.keyOf(page, '')!;
    const both = [cache.rows(key, live(), run), cache.rows(key, live(), run)];
    runs[0]!.fail(new Error('engine failure'));
    for (const p of both) await expect(p).rejects.toThrow('engine failure');
    void cache.rows(key, live(), run);
    expect(runs).toHaveLength(2);
  });

  it("gives a run's refusal (thrown at once) to its own caller only", () => {
    const cache = new ResultCache(1 << 20, catalog().datasetOf);
    const key = cache.keyOf(page, '')!;
    expect(() =>
      cache.rows(key, live(), () => {
        throw new Error('429');
      }),
    ).toThrow('429');
    const { runs, run } = controlledRuns();
    void cache.rows(key, live(), run);
    expect(runs).toHaveLength(1);
  });
});
