import { describe, expect, it } from 'vitest';
import { EngineBusyError, QueryCancelledError } from './errors';
import { ConnectionLanes } from './lanes';

const lanesOf = () =>
  new ConnectionLanes({ cheap: ['c1'], scan: ['s1'], heavy: ['h1', 'h2'], export: ['e1'] });

describe('connection lanes', () => {
  it('admits a cheap query while the heavy lane is full and queued', async () => {
    const lanes = lanesOf();
    await lanes.acquire('heavy', undefined, 'a');
    await lanes.acquire('heavy', undefined, 'a');
    const queued = lanes.acquire('heavy', undefined, 'a');
    expect(lanes.load().heavy).toEqual({ running: 2, waiting: 1 });
    await expect(lanes.acquire('cheap', undefined, 'b')).resolves.toBe('c1');
    lanes.release('h1');
    await expect(queued).resolves.toBe('h1');
  });

  it('serves waiting clients in turn, not in arrival order', async () => {
    const lanes = lanesOf();
    const held = await lanes.acquire('cheap', undefined, 'x');
    const order: string[] = [];
    const waits = [
      ['a', 1],
      ['a', 2],
      ['a', 3],
      ['b', 1],
      ['c', 1],
    ].map(([client, n]) =>
      lanes.acquire('cheap', undefined, String(client)).then((c) => {
        order.push(`${client}${n}`);
        lanes.release(c);
      }),
    );
    lanes.release(held);
    await Promise.all(waits);
    expect(order).toEqual(['a1', 'b1', 'c1', 'a2', 'a3']);
  });

  it('gives up after the queue wait with EngineBusyError, and the lane keeps working', async () => {
    const lanes = lanesOf();
    const held = await lanes.acquire('export', undefined, 'a');
    await expect(lanes.acquire('export', undefined, 'b', 20)).rejects.toBeInstanceOf(EngineBusyError);
    expect(lanes.load().export).toEqual({ running: 1, waiting: 0 });
    lanes.release(held);
    await expect(lanes.acquire('export', undefined, 'b', 20)).resolves.toBe('e1');
  });

  it('drops a waiter whose signal aborts', async () => {
    const lanes = lanesOf();
    const held = await lanes.acquire('cheap', undefined, 'a');
    const controller = new AbortController();
    const waiting = lanes.acquire('cheap', controller.signal, 'b');
    controller.abort();
    await expect(waiting).rejects.toBeInstanceOf(QueryCancelledError);
    expect(lanes.load().cheap.waiting).toBe(0);
    lanes.release(held);
    expect(lanes.load().cheap.running).toBe(0);
  });
});
