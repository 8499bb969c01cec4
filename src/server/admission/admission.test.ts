import { describe, expect, it } from 'vitest';
import type { Engine } from '../engine/types';
import { ApiError } from '../errors';
import { Admission } from './admission';

const settings = {
  heavyRecords: 100,
  heavyPerClient: 2,
  scanPerClient: 1,
  resultCacheBytes: 1024 * 1024,
  exportsPerClient: 1,
  smallExportRecords: 10,
  queueWaitMs: 50,
};
const datasets = [{ table: 'big', metas: { default: { records_count: 3_000_000 } } }] as never;
/** As the registry does, the same list (and dataset objects) until a dataset changes. */
const catalog = { list: () => datasets };
/** A compiled statement over the table `big`, as the compiler reports it. */
const onBig = (sql: string, params: string[], work: 'page' | 'scan' | 'text') => ({
  sql,
  params,
  reads: { tables: ['big'], scans: work !== 'page', matchesText: work === 'text' },
});
const heavy = onBig('SELECT a FROM "big" WHERE a LIKE $1', ['%x%'], 'text');
const full = onBig('SELECT a FROM "big"', [], 'page');

describe('admission', () => {
  it('lets a client hold its limit of heavy requests, refuses the next with 429, and frees on release', () => {
    const admission = new Admission(settings, catalog);
    const [a, b, c] = [admission.open('x'), admission.open('x'), admission.open('x')];
    expect(a.laneFor(heavy)).toBe('heavy');
    expect(a.laneFor(heavy)).toBe('heavy'); // the same request holds one token
    expect(b.laneFor(heavy)).toBe('heavy');
    let refused: unknown;
    try {
      c.laneFor(heavy);
    } catch (e) {
      refused = e;
    }
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(429);
    expect((refused as ApiError).retryAfterSeconds).toBeGreaterThan(0);
    // Another client is not concerned.
    expect(admission.open('y').laneFor(heavy)).toBe('heavy');
    a.release();
    a.release();
    expect(admission.inFlight('x').heavy).toBe(1);
    expect(admission.open('x').laneFor(heavy)).toBe('heavy');
  });

  it('runs small exports as queries and large ones in the export lane, a limited number per client', () => {
    const admission = new Admission(settings, catalog);
    expect(admission.open('x').exportLane(full, 10)).toBe('cheap');
    const large = admission.open('x');
    expect(large.exportLane(full, undefined)).toBe('export');
    expect(() => admission.open('x').exportLane(full, -1)).toThrow(ApiError);
    large.release();
    expect(admission.open('x').exportLane(full, 11)).toBe('export');
  });

  it('limits requests with scan work per client, and counts answers from the cache against nothing', async () => {
    const admission = new Admission(settings, catalog);
    const scan = onBig('SELECT a, count(*) FROM "big" GROUP BY a', [], 'scan');
    let ran = 0;
    const engine = {
      rows: async () => {
        ran++;
        return [['a', 1]];
      },
    } as unknown as Engine;
    const first = admission.open('x');
    await expect(first.rows(engine, scan, new AbortController().signal)).resolves.toEqual([['a', 1]]);
    expect(admission.inFlight('x').scan).toBe(1);
    // The same client's next request with other scan work is over its limit…
    const other = onBig('SELECT a FROM "big" WHERE a = $1', ['z'], 'scan');
    expect(() => admission.open('x').rows(engine, other, new AbortController().signal)).toThrow(ApiError);
    // …but the answer already known costs nothing and is given.
    const again = admission.open('x');
    await expect(again.rows(engine, scan, new AbortController().signal)).resolves.toEqual([['a', 1]]);
    expect(ran).toBe(1);
    first.release();
    again.release();
    expect(admission.inFlight('x').scan).toBe(0);
  });

  it('orders analytical requests after interactive ones, by estimated work', () => {
    const admission = new Admission(settings, catalog);
    const scan = onBig('SELECT a, count(*) FROM "big" GROUP BY a', [], 'scan');
    const interactive = admission.open('x').orderFor(scan);
    const analytical = admission.open('x', '', 'analytical').orderFor(scan);
    expect(interactive.deferral).toBe(0);
    expect(analytical.deferral).toBeGreaterThan(0);
    expect(admission.open('x').orderFor(full).work).toBeLessThan(interactive.work);
  });
});
