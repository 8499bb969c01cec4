import { describe, expect, it } from 'vitest';
import { openDuckDBEngine } from './engine';
import { duckdbMemory } from './memory';
import { memoryReport } from './memory-report';

describe('memory report', () => {
  it("counts a DuckDB engine's tables and names every part of the resident memory", async () => {
    const engine = await openDuckDBEngine({ path: ':memory:', memoryLimit: '64MB' });
    try {
      const before = await duckdbMemory(engine);
      await engine.execute(
        'CREATE TABLE t AS SELECT i, md5(CAST(i AS VARCHAR)) AS s FROM range(200000) r(i)',
      );
      const after = await duckdbMemory(engine);
      expect(after.inMemory - before.inMemory).toBeGreaterThan(4 * 2 ** 20);
      const line = await memoryReport({ requests: engine });
      expect(line).toMatch(
        /^resident \d+ MiB: JS heap \d+ MiB of \d+ MiB, JS buffers \d+ MiB, DuckDB requests \d+ MiB \(\d+ MiB spilled to disk\), code, allocators and stacks \d+ MiB$/,
      );
    } finally {
      await engine.close();
    }
  });
});
