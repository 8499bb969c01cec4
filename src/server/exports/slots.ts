import { QueryCancelledError } from '../engine/duckdb';

/**
 * Exports running at once. Each holds one engine connection for as long as its client reads, so they are
 * capped below the pool size: pages, counts and facets always find a connection free. Further exports
 * wait their turn (or until their client leaves).
 */
export class ExportSlots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {}

  /** Resolves with a release function (safe to call more than once) once a slot is free. */
  async acquire(signal: AbortSignal): Promise<() => void> {
    if (signal.aborted) throw new QueryCancelledError();
    if (this.running >= this.size) {
      await new Promise<void>((resolve, reject) => {
        const turn = (): void => {
          signal.removeEventListener('abort', onAbort);
          resolve();
        };
        const onAbort = (): void => {
          const index = this.waiting.indexOf(turn);
          if (index >= 0) this.waiting.splice(index, 1);
          reject(new QueryCancelledError());
        };
        signal.addEventListener('abort', onAbort, { once: true });
        this.waiting.push(turn);
      });
    } else {
      this.running++;
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const next = this.waiting.shift();
      // The slot passes straight to the next export: `running` stays the same.
      if (next) next();
      else this.running--;
    };
  }
}
