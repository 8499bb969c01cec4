import { describe, expect, it } from 'vitest';
import type { Dataset, DatasetRecord } from '../../api';
import { datasetTimeZone, nextOffset, pageLimit, type RecordsPage, recordId } from './queries';

const page = (offset: number, count: number, total: number): RecordsPage => ({
  offset,
  response: { total_count: total, results: Array.from({ length: count }, (): DatasetRecord => ({})) },
});

describe('record pages', () => {
  it('asks 100 records at a time, fewer for the last page of the 10,000 window', () => {
    expect(pageLimit(0)).toBe(100);
    expect(pageLimit(9800)).toBe(100);
    // offset + limit must stay below 10,000.
    expect(pageLimit(9900)).toBe(99);
    expect(pageLimit(9999)).toBe(0);
  });

  it('goes on until the last record or the end of the window', () => {
    expect(nextOffset(page(0, 100, 3201))).toBe(100);
    expect(nextOffset(page(3200, 1, 3201))).toBeUndefined();
    expect(nextOffset(page(0, 63, 63))).toBeUndefined();
    expect(nextOffset(page(9800, 100, 3_000_000))).toBe(9900);
    expect(nextOffset(page(9900, 99, 3_000_000))).toBeUndefined();
    // A portal that stops answering records before its count: stop too.
    expect(nextOffset(page(500, 0, 3_000_000))).toBeUndefined();
  });

  it('reads the record id that include_links adds', () => {
    expect(recordId({ _id: 'ab12', title: 'x' })).toBe('ab12');
    expect(recordId({ title: 'x' })).toBeUndefined();
    expect(recordId({ _id: 12 })).toBeUndefined();
  });

  it('sends the dataset time zone only when it is a known one other than UTC', () => {
    const withZone = (timezone: string | null): Dataset => ({
      dataset_id: 'x',
      metas: { default: { timezone } },
    });
    expect(datasetTimeZone(withZone('America/Los_Angeles'))).toBe('America/Los_Angeles');
    expect(datasetTimeZone(withZone('UTC'))).toBeUndefined();
    expect(datasetTimeZone(withZone('Nowhere/Else'))).toBeUndefined();
    expect(datasetTimeZone(withZone(null))).toBeUndefined();
    expect(datasetTimeZone({ dataset_id: 'x' })).toBeUndefined();
  });
});
