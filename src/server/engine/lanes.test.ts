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

  describe('queue order', () => {
    /** One connection held by 'x'; queries queued in the given order; the order they are served in. */
    async function served(
      queue: readonly { name: string; client: string; work: number; deferral?: number; at?: number }[],
      clock = { now: 0 },
    ): Promise<string[]> {
      const lanes = new ConnectionLanes(
        { cheap: ['c1'], scan: ['s1'], heavy: ['h1'], export: ['e1'] },
        () => clock.now,
      );
      const held = await lanes.acquire('scan', undefined, 'x');
      const order: string[] = [];
      const waits = queue.map((q) => {
        if (q.at !== undefined) clock.now = q.at;
        return lanes
          .acquire('scan', undefined, q.client, undefined, { work: q.work, deferral: q.deferral ?? 0 })
          .then((c) => {
            order.push(q.name);
            lanes.release(c);
          });
      });
      lanes.release(held);
      await Promise.all(waits);
      return order;
    }

    it('serves the shortest estimated work first', async () => {
      expect(
        await served([
          { name: 'group', client: 'a', work: 150 },
          { name: 'page', client: 'b', work: 1 },
          { name: 'facet', client: 'c', work: 20 },
        ]),
      ).toEqual(['page', 'facet', 'group']);
    });

    it("lets one client's backlog delay only its own later queries", async () => {
      expect(
        await served([
          { name: 'a1', client: 'a', work: 10 },
          { name: 'a2', client: 'a', work: 10 },
          { name: 'a3', client: 'a', work: 10 },
          { name: 'b1', client: 'b', work: 25 },
        ]),
      ).toEqual(['a1', 'a2', 'b1', 'a3']);
    });

    it('serves interactive work before analytical work that arrived earlier', async () => {
      expect(
        await served([
          { name: 'aggregation', client: 'a', work: 150, deferral: 2000 },
          { name: 'facets', client: 'b', work: 150 },
          { name: 'page', client: 'c', work: 150, at: 500 },
        ]),
      ).toEqual(['facets', 'page', 'aggregation']);
    });

    it('serves analytical work before interactive work newer than its deferral', async () => {
      expect(
        await served([
          { name: 'aggregation', client: 'a', work: 150, deferral: 2000 },
          { name: 'early page', client: 'b', work: 150, at: 1000 },
          { name: 'late page', client: 'c', work: 150, at: 2500 },
        ]),
      ).toEqual(['early page', 'aggregation', 'late page']);
    });

    it('keeps one client in arrival order whatever the estimates', async () => {
      expect(
        await served([
          { name: 'big', client: 'a', work: 300 },
          { name: 'small', client: 'a', work: 1 },
        ]),
      ).toEqual(['big', 'small']);
    });

    it('keeps one connection of a lane for interactive work', async () => {
      const lanes = new ConnectionLanes({ cheap: ['c1'], scan: ['s1', 's2'], heavy: ['h1'], export: ['e1'] });
      const aggregation = { work: 150, deferral: 2000 };
      const first = await lanes.acquire('scan', undefined, 'a', undefined, aggregation);
      let second: string | undefined;
      const waiting = lanes.acquire('scan', undefined, 'b', undefined, aggregation).then((c) => {
        second = c;
        return c;
      });
      // The second aggregation waits although a connection is free: a facet takes it at once.
      const facet = await lanes.acquire('scan', undefined, 'c', undefined, { work: 150, deferral: 0 });
      expect(second).toBeUndefined();
      expect(lanes.load().scan).toEqual({ running: 2, waiting: 1 });
      lanes.release(facet);
      expect(second).toBeUndefined();
      lanes.release(first);
      await expect(waiting).resolves.toBe(first);
    });
  });
});
