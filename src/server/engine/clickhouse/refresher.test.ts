import { afterEach, describe, expect, it, vi } from 'vitest';
import { Refresher } from './refresher';

afterEach(() => {
  vi.useRealTimers();
});

describe('Refresher', () => {
  it('runs one read at a time: a call while one is under way joins it', async () => {
    let reads = 0;
    let finish: () => void = () => undefined;
    const refresher = new Refresher(
      () => {
        reads++;
        return new Promise<void>((resolve) => {
          finish = resolve;
        });
      },
      1000,
      { succeeded: () => undefined, failed: () => undefined },
    );
    const first = refresher.now();
    const second = refresher.now();
    expect(second).toBe(first);
    finish();
    await first;
    // Once done, the next call reads again.
    const third = refresher.now();
    expect(third).not.toBe(first);
    finish();
    await third;
    expect(reads).toBe(2);
  });

  it('reads every period once started, reports each periodic read, and stops', async () => {
    vi.useFakeTimers();
    const failures: unknown[] = [];
    let successes = 0;
    let reads = 0;
    const refresher = new Refresher(
      async () => {
        reads++;
        if (reads === 2) throw new Error('node unreachable');
      },
      1000,
      {
        succeeded: () => {
          successes++;
        },
        failed: (error) => failures.push(error),
      },
    );
    expect(refresher.started).toBe(false);
    refresher.start();
    expect(refresher.started).toBe(true);
    await vi.advanceTimersByTimeAsync(3000);
    expect(reads).toBe(3);
    expect(failures).toHaveLength(1);
    expect(successes).toBe(2);
    refresher.stop();
    expect(refresher.started).toBe(false);
    await vi.advanceTimersByTimeAsync(3000);
    expect(reads).toBe(3);
  });
});
