import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EngineError, EngineUnavailableError, QueryCancelledError } from '../errors';
import { ClickHouseClient } from './client';
import { quoteString } from './literal';
import { runningQueries, testClient, testCluster, until } from './testing/cluster';

const cluster = testCluster();

describe.skipIf(!cluster)('ClickHouse client', () => {
  it('returns typed rows and streams large results in chunks', async () => {
    const client = testClient();
    const result = await client.query("SELECT toInt64(9007199254740991) AS i, 1.5 AS f, 'x' AS s, NULL AS n");
    expect(result.rows).toEqual([[9007199254740991, 1.5, 'x', null]]);
    expect(result.columns.map((c) => c.name)).toEqual(['i', 'f', 's', 'n']);
    let rows = 0;
    let chunks = 0;
    for await (const chunk of client.stream('SELECT number, toString(number) FROM numbers(100000)', {
      chunkRows: 10000,
    })) {
      rows += chunk.length;
      chunks++;
    }
    expect(rows).toBe(100000);
    expect(chunks).toBeGreaterThan(1);
  });

  it('streams every column type with the values JSONEachRow gives, whatever the text', async () => {
    const client = testClient();
    // JSONEachRow's values, read as the client read them before it took TSV.
    const jsonRows = async (sql: string): Promise<unknown[][]> => {
      const response = await fetch(`${cluster!.url}/?output_format_json_quote_64bit_integers=0`, {
        method: 'POST',
        body: `${sql} FORMAT JSONEachRow`,
      });
      const text = await response.text();
      return text
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => Object.values(JSON.parse(line) as Record<string, unknown>));
    };
    const streamed = async (sql: string): Promise<unknown[][]> => {
      const rows: unknown[][] = [];
      for await (const chunk of client.stream(sql)) rows.push(...chunk);
      return rows;
    };
    const types = `SELECT toInt64(-9007199254740991) AS i, toUInt8(1) AS u, toInt32(-5) AS i32,
      1.5 AS f, 1 / 0 AS inf, -1 / 0 AS ninf, 0 / 0 AS nan, 1e21 AS big, toFloat64(126) AS whole,
      toNullable(2.5) AS nf, CAST(NULL AS Nullable(Float64)) AS nn, CAST(NULL AS Nullable(String)) AS ns,
      NULL AS nothing, '\\N' AS backslash_n, '' AS empty, toDate('2020-01-02') AS d,
      toDateTime(0, 'UTC') AS dt, [CAST('a' AS Nullable(String)), NULL, 'b\\'c'] AS list, CAST([] AS Array(String)) AS none,
      [[1.5, nan], []] AS nested, (1, 'x,y') AS t, toFixedString('ab', 3) AS fixed, [toDate('2020-01-02')] AS dates`;
    expect(await streamed(types)).toEqual(await jsonRows(types));
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.oneof(
            fc.string({ unit: 'grapheme', maxLength: 30 }),
            fc.string({
              unit: fc.constantFrom("'", '\\', '\0', '\n', '\r', '\t', '\b', '\f', 'N', '[', ',', ']', 'é'),
              maxLength: 30,
            }),
          ),
          { maxLength: 4 },
        ),
        async (texts) => {
          const literal = quoteString;
          // Each text a column of its own name: equal unnamed columns share one name, which JSON keeps once.
          const columns = texts.map((text, i) => `${literal(text)} AS t${i}`);
          const sql = `SELECT ${[...columns, `[${texts.map(literal).join(', ')}] AS all`].join(', ')}`;
          expect(await streamed(sql)).toEqual(await jsonRows(sql));
        },
      ),
      { numRuns: 60 },
    );
  });

  it('maps errors to kinds and keeps the engine text out of the kind', async () => {
    const client = testClient();
    const syntax = await client.query('SELEC 1').catch((e: unknown) => e);
    expect(syntax).toBeInstanceOf(EngineError);
    expect((syntax as EngineError).kind).toBe('parser');
    const unknown = await client.query('SELECT no_such_column').catch((e: unknown) => e);
    expect((unknown as EngineError).kind).toBe('binder');
    const conversion = await client.query("SELECT toInt64('abc')").catch((e: unknown) => e);
    expect((conversion as EngineError).kind).toBe('conversion');
  });

  it('reports an error that happens after the first rows of a stream', async () => {
    const client = testClient();
    const consume = async (): Promise<void> => {
      // throwIf fails once the block holding row 200,000 is computed, after earlier blocks were sent.
      for await (const _ of client.stream(
        'SELECT number, throwIf(number = 200000) FROM numbers(300000) SETTINGS max_block_size = 1000',
      )) {
        // reading
      }
    };
    await expect(consume()).rejects.toBeInstanceOf(EngineError);
  });

  it('cancels the query on the server when the caller aborts', async () => {
    const client = testClient();
    const marker = `cancel_${Date.now()}`;
    const controller = new AbortController();
    const pending = client.query(`SELECT count() FROM system.numbers WHERE NOT ignore('${marker}')`, {
      signal: controller.signal,
    });
    expect(await until(async () => (await runningQueries(client, marker)) === 1, 5000)).toBe(true);
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(QueryCancelledError);
    expect(await until(async () => (await runningQueries(client, marker)) === 0, 5000)).toBe(true);
  });

  it('cancels a stream whose reader stops early', async () => {
    const client = testClient();
    const marker = `early_${Date.now()}`;
    for await (const chunk of client.stream(
      `SELECT number FROM system.numbers WHERE NOT ignore('${marker}')`,
    )) {
      expect(chunk.length).toBeGreaterThan(0);
      break;
    }
    expect(await until(async () => (await runningQueries(client, marker)) === 0, 5000)).toBe(true);
  });

  it('fails as unavailable, naming the node, when no server answers', async () => {
    const client = new ClickHouseClient({ url: 'http://127.0.0.1:18399' });
    const error = await client.query('SELECT 1').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EngineUnavailableError);
    expect((error as EngineError).kind).toBe('unavailable');
    expect((error as EngineUnavailableError).node).toBe('127.0.0.1:18399');
  });
});
