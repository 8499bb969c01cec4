import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qualified } from './target';
import { type FixtureOnBothEngines, fixtureOnBothEngines } from './testing/both-engines';
import { BUILDING_BLOCKS } from './testing/building-blocks';
import { testCluster } from './testing/cluster';

/*
 * Each building block of docs/clickhouse-dialect.md: the ClickHouse 18.16 SQL on the real two-shard cluster
 * gives the rows DuckDB gives on the same records file. Numbers are compared to 12 significant digits
 * (the engines may sum in another order); everything else exactly.
 */

const cluster = testCluster();

function normalized(rows: readonly (readonly unknown[])[]): unknown[][] {
  return rows.map((row) =>
    row.map((v) => {
      const n = typeof v === 'string' && /^-?\d+(\.\d+)?(e[-+]?\d+)?$/i.test(v) ? Number(v) : v;
      if (typeof n === 'boolean') return n ? 1 : 0;
      return typeof n === 'number' ? Number(n.toPrecision(12)) : n;
    }),
  );
}

describe.skipIf(!cluster)('ClickHouse building blocks give DuckDB answers', () => {
  let both: FixtureOnBothEngines;
  let table: string;

  beforeAll(async () => {
    both = await fixtureOnBothEngines(
      cluster!,
      'blocks',
      (file) => `CREATE VIEW t AS SELECT * FROM read_parquet('${file}')`,
    );
    table = qualified(both.target, both.table);
  });
  afterAll(() => both?.close());

  it.each(BUILDING_BLOCKS.map((b) => [b.odsql, b] as const))('%s', async (_, block) => {
    const expected = normalized((await both.duckdb.runAndReadAll(block.duckdb)).getRowsJson() as unknown[][]);
    const actual = normalized(
      (await both.target.client.query(block.clickhouse.replaceAll('{t}', table))).rows,
    );
    expect(expected.length).toBeGreaterThan(0);
    expect(actual).toEqual(expected);
  });
});
