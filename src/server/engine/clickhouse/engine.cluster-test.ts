import { describe, expect, it } from 'vitest';
import { EngineBusyError, EngineError, QueryCancelledError } from '../errors';
import type { Engine } from '../types';
import { ClickHouseEngine } from './engine';
import { runningQueries, testClient, testCluster, until } from './testing/cluster';

const cluster = testCluster();

describe.skipIf(!cluster)('the ClickHouse request engine', () => {
  const engine = (lanes?: ConstructorParameters<typeof ClickHouseEngine>[0]['lanes']) =>
    new ClickHouseEngine({ url: cluster!.url, ...(lanes ? { lanes } : {}) });

  it('writes bound values as literals, whatever their text', async () => {
    const hostile = "it's {$1:String} \\ \n `x`";
    const rows = await engine().rows({
      sql: 'SELECT {$1:String} AS s, {$2:Int64} AS i, {$3:Float64} AS f',
      params: [hostile, 42, -2.857142857142857],
    });
    expect(rows).toEqual([[hostile, 42, -2.857142857142857]]);
  });

  it('streams rows in chunks', async () => {
    let rows = 0;
    for await (const chunk of engine().stream({ sql: 'SELECT number FROM numbers(10000)', params: [] }))
      rows += chunk.length;
    expect(rows).toBe(10000);
  });

  it('answers kinds, not engine text, and a value without a literal is invalid input', async () => {
    const e = engine();
    const parser = await e.rows({ sql: 'SELEC 1', params: [] }).catch((x: unknown) => x);
    expect((parser as EngineError).kind).toBe('parser');
    const lone = await e.rows({ sql: 'SELECT {$1:String}', params: ['\uD800'] }).catch((x: unknown) => x);
    expect(lone).toBeInstanceOf(EngineError);
    expect((lone as EngineError).kind).toBe('invalid_input');
  });

  it('kills the query on the cluster when the caller aborts, and frees its slot', async () => {
    const e = engine({ cheap: 1 });
    const marker = `engine_abort_${Date.now()}`;
    const controller = new AbortController();
    const pending = e.rows(
      { sql: `SELECT count() FROM system.numbers WHERE NOT ignore('${marker}')`, params: [] },
      { signal: controller.signal },
    );
    expect(await until(async () => (await runningQueries(testClient(), marker)) === 1, 5000)).toBe(true);
    controller.abort();
    await expect(pending).rejects.toBeInstanceOf(QueryCancelledError);
    expect(await until(async () => (await runningQueries(testClient(), marker)) === 0, 5000)).toBe(true);
    expect(await e.rows({ sql: 'SELECT 1', params: [] })).toEqual([[1]]);
  });

  it('runs a bounded number of queries per lane; the others wait their turn or give up', async () => {
    const e = engine({ scan: 1 });
    const marker = `engine_lane_${Date.now()}`;
    const controller = new AbortController();
    const long = e.rows(
      { sql: `SELECT count() FROM system.numbers WHERE NOT ignore('${marker}')`, params: [] },
      { lane: 'scan', signal: controller.signal },
    );
    expect(await until(async () => (await runningQueries(testClient(), marker)) === 1, 5000)).toBe(true);
    // The scan lane is full: a second scan waits, then gives up; the cheap lane is not held up.
    const waiting = e.rows({ sql: 'SELECT 2', params: [] }, { lane: 'scan', waitMs: 200 });
    await expect(waiting).rejects.toBeInstanceOf(EngineBusyError);
    expect(await e.rows({ sql: 'SELECT 3', params: [] }, { lane: 'cheap' })).toEqual([[3]]);
    expect(e.load().scan).toEqual({ running: 1, waiting: 0 });
    controller.abort();
    await long.catch(() => undefined);
    expect(e.load().scan.running).toBe(0);
  });

  it('has no copy: callers can tell', () => {
    const asEngine: Engine = engine();
    expect(asEngine.copy).toBeUndefined();
  });
});
