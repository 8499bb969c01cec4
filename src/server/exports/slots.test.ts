import { describe, expect, it } from 'vitest';
import { ExportSlots } from './slots';

describe('ExportSlots', () => {
  it('lets `size` exports run, queues the next, hands slots over in order', async () => {
    const slots = new ExportSlots(2);
    const never = new AbortController().signal;
    const a = await slots.acquire(never);
    const b = await slots.acquire(never);
    const order: string[] = [];
    const c = slots.acquire(never).then((release) => {
      order.push('c');
      return release;
    });
    const d = slots.acquire(never).then((release) => {
      order.push('d');
      return release;
    });
    await Promise.resolve();
    expect(order).toEqual([]);
    a();
    a(); // twice: still one slot
    (await c)();
    b();
    (await d)();
    expect(order).toEqual(['c', 'd']);
    // All free again: two start at once.
    await Promise.all([slots.acquire(never), slots.acquire(never)]);
  });

  it('a waiting export whose client leaves gives up its place', async () => {
    const slots = new ExportSlots(1);
    const release = await slots.acquire(new AbortController().signal);
    const leaving = new AbortController();
    const waiting = slots.acquire(leaving.signal);
    leaving.abort();
    await expect(waiting).rejects.toThrow('cancelled');
    release();
    const again = await slots.acquire(new AbortController().signal);
    expect(typeof again).toBe('function');
  });
});
