import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type DuckDBEngine,
  EngineError,
  engineErrorKind,
  openDuckDBEngine,
  QueryCancelledError,
} from './duckdb';

const LONG_QUERY = 'SELECT count(*) FROM range(20000000000) t(x) WHERE x % 7 = 3';

describe('DuckDB engine', () => {
  let engine: DuckDBEngine;

  beforeAll(async () => {
    engine = await openDuckDBEngine({ path: ':memory:', connections: 3, threads: 2 });
  });
  afterAll(async () => {
    await engine.close();
  });

  it('binds every parameter kind', async () => {
    const rows = await engine.rows({
      sql: 'SELECT $1 AS s, $2 AS i, $3 AS d, $4 AS b, $5 AS n, typeof($2), typeof($3), $2 + 1',
      params: ['héllo', 42, 2.5, true, null],
    });
    expect(rows).toEqual([['héllo', 42, 2.5, true, null, 'BIGINT', 'DOUBLE', 43]]);
  });

  it('binds integers usable as LIMIT', async () => {
    const rows = await engine.rows({
      sql: 'SELECT x FROM range(10) t(x) LIMIT $1 OFFSET $2',
      params: [2, 3],
    });
    expect(rows).toEqual([[3], [4]]);
  });

  it('binds arrays as typed lists', async () => {
    const rows = await engine.rows({
      sql: 'SELECT $1, typeof($1), list_contains($1, $3), $2, typeof($2), len($4)',
      params: [['a', 'b'], [1, 2.5], 'b', []],
    });
    expect(rows).toEqual([[['a', 'b'], 'VARCHAR[]', true, [1, 2.5], 'DOUBLE[]', 0]]);
    const filtered = await engine.rows({
      sql: 'SELECT x FROM range(10) t(x) WHERE x::DOUBLE IN (SELECT unnest($1)) ORDER BY x',
      params: [[2, 5]],
    });
    expect(filtered).toEqual([[2], [5]]);
  });

  it('converts results to plain JavaScript', async () => {
    const rows = await engine.rows({
      sql: `SELECT 9007199254740991::BIGINT, 12::HUGEINT, 1.25::DECIMAL(10, 2), DATE '2020-02-29',
        TIMESTAMP '2020-01-01 10:00:00', TIMESTAMPTZ '2020-01-01 10:00:00.123456+00',
        {'lat': 1.5, 'lon': 2.5}, [[1, 2], [3]], 'ab'::BLOB, NULL::INTEGER, 3::UBIGINT`,
      params: [],
    });
    const [row] = rows;
    expect(row?.[8]).toBeInstanceOf(Uint8Array);
    expect(Array.from(row?.[8] as Uint8Array)).toEqual([97, 98]);
    expect(row?.filter((_, i) => i !== 8)).toEqual([
      9007199254740991,
      12,
      1.25,
      '2020-02-29',
      '2020-01-01T10:00:00.000',
      '2020-01-01T10:00:00.123456Z',
      { lat: 1.5, lon: 2.5 },
      [[1, 2], [3]],
      null,
      3,
    ]);
  });

  it('reads naive timestamps as UTC on every connection', async () => {
    const all = await Promise.all(
      [1, 2, 3].map(() =>
        engine.rows({
          sql: "SELECT current_setting('TimeZone'), TIMESTAMP '2020-01-01 00:00'::TIMESTAMPTZ",
          params: [],
        }),
      ),
    );
    for (const rows of all) expect(rows).toEqual([['UTC', '2020-01-01T00:00:00.000Z']]);
  });

  it('streams a large result chunk by chunk', async () => {
    let count = 0;
    let sum = 0;
    let chunks = 0;
    let largest = 0;
    for await (const chunk of engine.stream({ sql: 'SELECT x FROM range($1) t(x)', params: [2_000_000] })) {
      chunks++;
      largest = Math.max(largest, chunk.length);
      count += chunk.length;
      for (const row of chunk) sum += row[0] as number;
    }
    expect(count).toBe(2_000_000);
    expect(sum).toBe((2_000_000 * 1_999_999) / 2);
    expect(chunks).toBeGreaterThan(100);
    expect(largest).toBeLessThanOrEqual(4096);
  });

  it('frees the connection when a stream consumer stops early', async () => {
    for (let i = 0; i < 5; i++) {
      for await (const chunk of engine.stream({ sql: 'SELECT x FROM range(10000000) t(x)', params: [] })) {
        expect(chunk.length).toBeGreaterThan(0);
        break;
      }
    }
    const rows = await Promise.all([1, 2, 3].map((n) => engine.rows({ sql: 'SELECT $1', params: [n] })));
    expect(rows).toEqual([[[1]], [[2]], [[3]]]);
  });

  it('cancels a long query through its signal, and the pool keeps working', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const pending = engine.rows({ sql: LONG_QUERY, params: [] }, { signal: controller.signal });
    setTimeout(() => controller.abort(), 100);
    await expect(pending).rejects.toBeInstanceOf(QueryCancelledError);
    expect(Date.now() - started).toBeLessThan(2000);
    const after = await Promise.all(
      [1, 2, 3, 4].map((n) => engine.rows({ sql: 'SELECT $1 * 2', params: [n] })),
    );
    expect(after).toEqual([[[2]], [[4]], [[6]], [[8]]]);
  });

  it('cancels a stream through its signal', async () => {
    const controller = new AbortController();
    let received = 0;
    const consume = async (): Promise<void> => {
      for await (const chunk of engine.stream(
        { sql: 'SELECT x FROM range(100000000) t(x)', params: [] },
        {
          signal: controller.signal,
        },
      )) {
        received += chunk.length;
        if (received > 10_000) controller.abort();
      }
    };
    await expect(consume()).rejects.toMatchObject({ name: 'AbortError', kind: 'interrupted' });
    expect(await engine.rows({ sql: 'SELECT 1', params: [] })).toEqual([[1]]);
  });

  it('rejects at once when the signal is already aborted', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(
      engine.rows({ sql: 'SELECT 1', params: [] }, { signal: controller.signal }),
    ).rejects.toBeInstanceOf(QueryCancelledError);
  });

  it('queues callers beyond the pool size and cancels queued ones', async () => {
    const controllers = [new AbortController(), new AbortController(), new AbortController()];
    const busy = controllers.map((c) => engine.rows({ sql: LONG_QUERY, params: [] }, { signal: c.signal }));
    const queuedController = new AbortController();
    const queued = engine.rows({ sql: 'SELECT 1', params: [] }, { signal: queuedController.signal });
    const waiting = engine.rows({ sql: 'SELECT 2', params: [] });
    queuedController.abort();
    await expect(queued).rejects.toBeInstanceOf(QueryCancelledError);
    for (const c of controllers) c.abort();
    const settled = await Promise.allSettled(busy);
    for (const outcome of settled) {
      expect(outcome.status).toBe('rejected');
      if (outcome.status === 'rejected') expect(outcome.reason).toBeInstanceOf(QueryCancelledError);
    }
    expect(await waiting).toEqual([[2]]);
  });

  it('runs concurrent queries over the pool', async () => {
    const started = Date.now();
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        engine.rows({ sql: 'SELECT sum(x) FROM range($1) t(x)', params: [1000 * (i + 1)] }),
      ),
    );
    results.forEach((rows, i) => {
      const n = 1000 * (i + 1);
      expect(rows).toEqual([[(n * (n - 1)) / 2]]);
    });
    expect(Date.now() - started).toBeLessThan(5000);
  });

  it('classifies DuckDB errors', async () => {
    const kindOf = async (sql: string, params: (string | number)[] = []): Promise<string> => {
      try {
        await engine.rows({ sql, params });
        return 'none';
      } catch (error) {
        expect(error).toBeInstanceOf(EngineError);
        return (error as EngineError).kind;
      }
    };
    expect(await kindOf("SELECT 'x'::INTEGER")).toBe('conversion');
    expect(await kindOf('SELECT $1::INTEGER', ['abc'])).toBe('conversion');
    expect(await kindOf('SELECT 2147483647::INTEGER + 1::INTEGER')).toBe('out_of_range');
    expect(await kindOf('SELECT nosuchcolumn FROM range(1)')).toBe('binder');
    expect(await kindOf('SELEC 1')).toBe('parser');
    expect(await kindOf("SELECT strptime('x', 'y%')")).toBe('invalid_input');
    expect(await kindOf('SELECT * FROM no_such_table')).toBe('other');
    expect(engineErrorKind('INTERRUPT Error: Interrupted!')).toBe('interrupted');
  });

  it('keeps the error text for logs', async () => {
    await expect(engine.rows({ sql: "SELECT 'x'::INTEGER", params: [] })).rejects.toThrow(
      /Could not convert/,
    );
  });

  it('executes scripts and recovers from a failed transaction', async () => {
    await engine.execute('CREATE TABLE t (a INTEGER); INSERT INTO t VALUES (1), (2);');
    await engine.execute('INSERT INTO t VALUES ($1)', [3]);
    await expect(
      engine.execute("BEGIN; INSERT INTO t VALUES (4); SELECT 'x'::INTEGER; COMMIT;"),
    ).rejects.toThrow(EngineError);
    const results = await Promise.all(
      [1, 2, 3, 4, 5, 6].map(() => engine.rows({ sql: 'SELECT count(*) FROM t', params: [] })),
    );
    for (const rows of results) expect(rows).toEqual([[3]]);
  });
});

describe('DuckDB engine lifecycle', () => {
  it('waits for running queries on close, then refuses new ones', async () => {
    const engine = await openDuckDBEngine({ path: ':memory:', connections: 1 });
    const running = engine.rows({ sql: 'SELECT sum(x) FROM range(3000000) t(x)', params: [] });
    await engine.close();
    expect(await running).toEqual([[(3000000 * 2999999) / 2]]);
    await expect(engine.rows({ sql: 'SELECT 1', params: [] })).rejects.toThrow(/closed/);
  });
});
