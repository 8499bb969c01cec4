import { describe, expect, it } from 'vitest';
import { hashesPerAggregate, memoryBytes, splitMemoryLimit } from './memory';

describe('memory shares of the two DuckDB engines', () => {
  it('reads DuckDB memory sizes', () => {
    expect(memoryBytes('128MB')).toBe(128e6);
    expect(memoryBytes('2GiB')).toBe(2 * 2 ** 30);
    expect(memoryBytes('1.5 gb')).toBe(1.5e9);
    expect(memoryBytes('80%')).toBeUndefined();
  });

  it('gives each engine half, so that together they stay within the limit', () => {
    const shares = splitMemoryLimit('128MB');
    expect(shares).toEqual({ requests: '64000KB', ingestion: '64000KB', ingestionBytes: 64e6 });
    const odd = splitMemoryLimit('3KiB');
    expect(2 * (memoryBytes(odd!.requests) ?? 0)).toBeLessThanOrEqual(3 * 1024);
    expect(splitMemoryLimit('50%')).toBeUndefined();
  });

  it('counts fewer hashes in one aggregate with less memory', () => {
    expect(hashesPerAggregate(128e6)).toBe(16e6);
    expect(hashesPerAggregate(64e6)).toBe(8e6);
    expect(hashesPerAggregate(1)).toBe(100_000);
  });
});
