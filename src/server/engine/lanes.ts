import { EngineBusyError, QueryCancelledError } from './errors';
import type { Lane } from './types';

/*
 * Connections are split into lanes, as database servers separate short and long work (PostgreSQL's
 * pools per workload, ClickHouse's per-user concurrency): a cheap query never waits behind heavy ones,
 * because heavy queries and large exports cannot take the cheap lane's connections. Within a lane,
 * waiting callers are served one client at a time in turn, so one client's queue does not delay another
 * client's first query by more than one turn; and nobody waits longer than the lane's queue wait.
 */

export type LaneSizes = Readonly<Record<Lane, number>>;

export interface LaneLoad {
  /** Connections handed out. */
  readonly running: number;
  /** Callers waiting for one. */
  readonly waiting: number;
}

interface Waiter<C> {
  readonly give: (connection: C) => void;
}

/** One lane: a fixed set of connections, handed out to waiting clients in turn. */
class LanePool<C> {
  private readonly idle: C[];
  /** Waiters by client; the map's order is the turn order (a served client moves to the end). */
  private readonly queues = new Map<string, Waiter<C>[]>();
  private waitingCount = 0;

  constructor(
    readonly lane: Lane,
    readonly all: readonly C[],
  ) {
    this.idle = [...all];
  }

  load(): LaneLoad {
    return { running: this.all.length - this.idle.length, waiting: this.waitingCount };
  }

  acquire(signal: AbortSignal | undefined, client: string, waitMs: number | undefined): Promise<C> {
    if (signal?.aborted) return Promise.reject(new QueryCancelledError());
    const ready = this.idle.pop();
    if (ready !== undefined) return Promise.resolve(ready);
    return new Promise((resolve, reject) => {
      let timer: ReturnType<typeof setTimeout> | undefined;
      const leave = (): void => {
        const queue = this.queues.get(client);
        const index = queue?.indexOf(waiter) ?? -1;
        if (index >= 0) {
          queue!.splice(index, 1);
          this.waitingCount--;
          if (queue!.length === 0) this.queues.delete(client);
        }
        signal?.removeEventListener('abort', onAbort);
        if (timer) clearTimeout(timer);
      };
      const waiter: Waiter<C> = {
        give: (connection) => {
          signal?.removeEventListener('abort', onAbort);
          if (timer) clearTimeout(timer);
          resolve(connection);
        },
      };
      const onAbort = (): void => {
        leave();
        reject(new QueryCancelledError());
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      if (waitMs !== undefined) {
        timer = setTimeout(() => {
          leave();
          reject(new EngineBusyError(this.lane, waitMs));
        }, waitMs);
      }
      const queue = this.queues.get(client);
      if (queue) queue.push(waiter);
      else this.queues.set(client, [waiter]);
      this.waitingCount++;
    });
  }

  release(connection: C): void {
    const next = this.queues.entries().next();
    if (next.done) {
      this.idle.push(connection);
      return;
    }
    const [client, queue] = next.value;
    const waiter = queue.shift()!;
    this.waitingCount--;
    // The client served goes to the back of the turn order.
    this.queues.delete(client);
    if (queue.length > 0) this.queues.set(client, queue);
    waiter.give(connection);
  }
}

/** The engine's connections, by lane. */
export class ConnectionLanes<C> {
  private readonly pools: Readonly<Record<Lane, LanePool<C>>>;
  private readonly home = new Map<C, LanePool<C>>();

  constructor(connections: Readonly<Record<Lane, readonly C[]>>) {
    this.pools = {
      cheap: new LanePool('cheap', connections.cheap),
      scan: new LanePool('scan', connections.scan),
      heavy: new LanePool('heavy', connections.heavy),
      export: new LanePool('export', connections.export),
    };
    for (const pool of Object.values(this.pools)) for (const c of pool.all) this.home.set(c, pool);
  }

  /** Every connection, whatever its lane. */
  all(): C[] {
    return [...this.home.keys()];
  }

  /**
   * A connection of `lane` for `client`; rejects with `QueryCancelledError` when the signal aborts first
   * and with `EngineBusyError` after `waitMs` (no limit when undefined).
   */
  acquire(lane: Lane, signal: AbortSignal | undefined, client: string, waitMs?: number): Promise<C> {
    return this.pools[lane].acquire(signal, client, waitMs);
  }

  release(connection: C): void {
    this.home.get(connection)?.release(connection);
  }

  load(): Readonly<Record<Lane, LaneLoad>> {
    return {
      cheap: this.pools.cheap.load(),
      scan: this.pools.scan.load(),
      heavy: this.pools.heavy.load(),
      export: this.pools.export.load(),
    };
  }
}
