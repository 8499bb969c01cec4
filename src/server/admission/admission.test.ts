import { describe, expect, it } from 'vitest';
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
const catalog = {
  list: () => [{ table: 'big', metas: { default: { records_count: 1000 } } }] as never,
};
const heavy = { sql: 'SELECT a FROM "big" WHERE a LIKE $1', params: ['%x%'] };
const full = { sql: 'SELECT a FROM "big"', params: [] };

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
});
